import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import userEvent from '@testing-library/user-event';
import { ok, refuse, serveApi } from '../../../../testing/api';
import { inspectionCard, projectInspectionsPage } from '../../../../testing/inspection-fixtures';
import { profileOf } from '../../../../testing/profiles';
import { renderScreen } from '../../../../testing/render';
import { ACTION_FAILED_HELP, ACTION_FAILED_TITLE } from '../../../../components/action-failure';
import { OPEN_FINDINGS_ELSEWHERE } from './complete-findings-button';
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
  nextDueBy: '2026-03-09' as string | null,
});

/** Pages of the server's answers by cursor: `pages[n]` rows on page n, a cursor while more follow. */
type Card = ReturnType<typeof inspectionCard>;

function servePages(pages: ReturnType<typeof row>[][], inspectionsOf: Record<string, Card[]> = {}) {
  return serveApi([
    [
      inspectionsRoutes.listProjectInspections,
      (request) => projectInspectionsPage(inspectionsOf[request.params.id!] ?? []),
    ],
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

describe('Open Findings with corrective-action deadlines (CGP 5.2)', () => {
  it("shows each site's earliest deadline, and a dash where it has none", async () => {
    await servePages([[row('Kirkstall Riverside'), { ...row('Otley Mills'), nextDueBy: null }]]);
    open();
    const kirkstall = (await screen.findByText('Kirkstall Riverside')).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: /Next Due By/ })).toBeTruthy();
    expect(within(kirkstall as HTMLElement).getByText('03-09-2026')).toBeTruthy();
    const otley = screen.getByText('Otley Mills').closest('tr')!;
    expect(within(otley as HTMLElement).getByText('—')).toBeTruthy();
  });
});

describe('sorting Open Findings', () => {
  const withCount = (name: string, openFindingsCount: number) => ({ ...row(name), openFindingsCount });
  const siteNames = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

  it('reads the pages not yet loaded before it sorts, so the order covers every site', async () => {
    const { requests } = await servePages([
      [withCount('Aire Valley', 4), withCount('Bramley Fold', 7)],
      [withCount('Calder Park', 1)],
    ]);
    open();
    await screen.findByText('Bramley Fold');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    const header = screen.getByRole('columnheader', { name: /Open Findings/ });
    await userEvent.click(within(header).getByRole('button'));
    await screen.findByText('Calder Park');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(siteNames()).toEqual(['Calder Park', 'Aire Valley', 'Bramley Fold']);
    expect(requests.filter((r) => r.route.endsWith('getOpenFindingStats'))).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByText(/Sorted among the first/)).toBeNull();
  });
});

describe('the Open Findings variant (the BMP Contractor dashboard)', () => {
  const openVariant = () =>
    renderScreen(
      <OpenFindingsWidget chrome={chrome} divisionId="north-region" variant="complete-findings" />,
      {
        url: '/divisions/north-region/dashboard',
        path: '/divisions/:divisionId/dashboard',
        profile: profileOf('BMP Contractor'),
        divisionId: 'north-region',
      },
    );

  const allDone = {
    findings: [{ code: 'CA', name: 'Corrective Action', color: '#E03131', total: 1, open: 0 }],
  };

  it('offers Complete Findings instead of View Project, opening the highest-numbered inspection with an open finding', async () => {
    // In the list's order (by inspection date), not by number; #8 has nothing open.
    const cards = [inspectionCard(6), inspectionCard(8, allDone), inspectionCard(7)];
    const { requests } = await servePages([[row('Kirkstall Riverside')]], { 'kirkstall-riverside': cards });
    const { router } = openVariant();
    const complete = await screen.findByRole('button', { name: 'Complete Findings Kirkstall Riverside' });
    expect(screen.queryByRole('link', { name: /View Project/ })).toBeNull();
    await userEvent.click(complete);
    await screen.findByText('Another page');
    expect(router.state.location?.pathname).toBe('/inspection/i7/findings');
    expect(requests.find((r) => r.route === 'GET /api/projects/{id}/inspections')?.params.id).toBe(
      'kirkstall-riverside',
    );
  });

  it("opens the site's inspections, saying why, when none of its newest has an open finding", async () => {
    await servePages([[row('Harrogate Business Park')]], {
      'harrogate-business-park': [inspectionCard(3, allDone)],
    });
    const { router } = openVariant();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Complete Findings Harrogate Business Park' }),
    );
    expect(await screen.findByText(OPEN_FINDINGS_ELSEWHERE)).toBeTruthy();
    await screen.findByText('Another page');
    expect(router.state.location?.pathname).toBe(
      '/divisions/north-region/projects/harrogate-business-park/inspections',
    );
  });

  it("shows spec 002 §8's failure of an action button when the look-up fails, and stays on the dashboard", async () => {
    await serveApi([
      [inspectionsRoutes.listProjectInspections, () => refuse(500, 'Internal Server Error')],
      [
        dashboardRoutes.listOpenFindingTypesUsed,
        () => ok(dashboardRoutes.listOpenFindingTypesUsed, { pageData: [] }),
      ],
      [
        dashboardRoutes.getOpenFindingStats,
        () =>
          ok(dashboardRoutes.getOpenFindingStats, {
            pageData: [row('Kirkstall Riverside')],
            paginationState: { pageSize: 25, numModels: null, nextCursor: null },
          }),
      ],
    ]);
    const { router } = openVariant();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Complete Findings Kirkstall Riverside' }),
    );
    expect(await screen.findByText(ACTION_FAILED_TITLE)).toBeTruthy();
    expect(screen.getByText(ACTION_FAILED_HELP)).toBeTruthy();
    // A fault's own text is not the user's business; only a refusal's reason is shown.
    expect(screen.queryByText('Internal Server Error')).toBeNull();
    expect(router.state.location?.pathname).toBe('/divisions/north-region/dashboard');
  });
});
