import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { ok, serveApi } from '../../../../testing/api';
import { profileOf } from '../../../../testing/profiles';
import { renderScreen } from '../../../../testing/render';
import { OpenFindingsWidget } from './open-findings';

const chrome = {
  name: 'Open Findings' as const,
  width: 12 as const,
  narrow: false,
  onToggleWidth: () => {},
  dragHandle: null,
};

const row = (name: string) => ({
  projectId: name.toLowerCase().replace(/\W/g, '-'),
  siteName: name,
  clientName: 'Pennine Homes Ltd',
  openFindingsCount: 2,
  maxDaysOpened: 9,
});

/** Pages of the server's answers by cursor: `pages[n]` rows on page n, a cursor while more follow. */
function servePages(pages: ReturnType<typeof row>[][]) {
  return serveApi([
    [
      dashboardRoutes.listOpenFindingTypesUsed,
      () => ok(dashboardRoutes.listOpenFindingTypesUsed, { pageData: [] }),
    ],
    [
      dashboardRoutes.getOpenFindingStats,
      (request) => {
        const n = Number(request.query.get('cursor') ?? '0');
        return ok(dashboardRoutes.getOpenFindingStats, {
          pageData: pages[n],
          paginationState: {
            pageSize: 25,
            numModels: null,
            nextCursor: n + 1 < pages.length ? String(n + 1) : null,
          },
        });
      },
    ],
  ]);
}

const open = () =>
  renderScreen(<OpenFindingsWidget chrome={chrome} divisionId="north-region" />, {
    url: '/divisions/north-region/dashboard',
    profile: profileOf('Admin'),
    divisionId: 'north-region',
  });

describe('Open Findings when the first sites have none', () => {
  it('reads on past pages of sites without rows, instead of saying there are none above Load more', async () => {
    const { requests } = await servePages([[], [], [row('Kirkstall Riverside')]]);
    open();
    expect(await screen.findByText('Kirkstall Riverside')).toBeTruthy();
    expect(screen.queryByText('There are no open findings')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requests.filter((r) => r.route.endsWith('getOpenFindingStats'))).toHaveLength(3);
  });

  it('says there are none only when no site has any', async () => {
    await servePages([[], []]);
    open();
    expect(await screen.findByText('There are no open findings')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
