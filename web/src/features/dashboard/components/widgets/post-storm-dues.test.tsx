import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { ok, serveApi } from '../../../../testing/api';
import { profileOf } from '../../../../testing/profiles';
import { renderScreen } from '../../../../testing/render';
import { PostStormDues } from './post-storm-dues';

const due = (siteName: string, extra: Partial<Record<string, unknown>> = {}) => ({
  projectId: siteName.toLowerCase().replace(/\W/g, '-'),
  siteName,
  clientName: 'Pennine Homes Ltd',
  countedAt: '2026-11-28T06:00:00.000Z',
  dueBy: '2026-11-29T06:00:00.000Z',
  dueByLocal: '11-29-2026 06:00',
  reason: '0.31 in of rain, 11-28 06:00',
  citation: 'CGP 4.2.2: within 24 hours of the occurrence of a storm event',
  pastDue: false,
  ...extra,
});

async function serve(rows: ReturnType<typeof due>[]) {
  return serveApi([
    [
      dashboardRoutes.getPostStormDues,
      () =>
        ok(dashboardRoutes.getPostStormDues, {
          pageData: rows,
          paginationState: { pageSize: 25, numModels: null, nextCursor: null },
        }),
    ],
  ]);
}

const show = (mayStart: boolean) =>
  renderScreen(<PostStormDues divisionId="north-region" mayStart={mayStart} />, {
    url: '/divisions/north-region/dashboard',
    path: '/divisions/:divisionId/dashboard',
    profile: profileOf(mayStart ? 'Inspector' : 'Client User'),
    divisionId: 'north-region',
  });

describe("Inspections Due's post-storm rows (issue 23)", () => {
  it('lists each open due with its deadline and the rain that made it due, and starts a post-storm inspection', async () => {
    await serve([due('Alder Creek'), due('Birch Hollow', { pastDue: true, dueByLocal: '11-28-2026 20:00' })]);
    const { router } = show(true);
    const list = await screen.findByRole('region', { name: 'Post-storm inspections due' });
    const items = within(list).getAllByTestId('post-storm-due');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Alder Creek'),
      expect.stringContaining('Birch Hollow'),
    ]);
    expect(within(items[0]!).getByText('Due by 11-29-2026 06:00')).toBeTruthy();
    expect(within(items[0]!).getByText('0.31 in of rain, 11-28 06:00')).toBeTruthy();
    expect(within(items[0]!).queryByText('Past Due')).toBeNull();
    expect(within(items[1]!).getByText('Past Due')).toBeTruthy();
    await userEvent.click(
      within(items[0]!).getByRole('link', { name: 'Start Inspection: post-storm inspection of Alder Creek' }),
    );
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/divisions/north-region/projects/alder-creek/start-inspection?type=post-storm',
    );
  });

  it('offers the project instead to someone who may not start inspections', async () => {
    await serve([due('Alder Creek')]);
    show(false);
    const list = await screen.findByRole('region', { name: 'Post-storm inspections due' });
    expect(within(list).queryByRole('link', { name: /Start Inspection/ })).toBeNull();
    expect(within(list).getByRole('link', { name: 'View Project: Alder Creek' }).getAttribute('href')).toBe(
      '/divisions/north-region/projects/alder-creek/inspections',
    );
  });

  it('shows nothing while no post-storm inspection is due', async () => {
    const { requests } = await serve([]);
    show(true);
    await expect.poll(() => requests.filter((r) => r.route.endsWith('getPostStormDues')).length).toBe(1);
    expect(screen.queryByRole('region', { name: 'Post-storm inspections due' })).toBeNull();
  });
});
