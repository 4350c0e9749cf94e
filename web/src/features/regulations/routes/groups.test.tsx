import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { forgetListPlaces } from '../../../lib/list/list-places';
import { emptyPage, ok, refuse, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import GroupsRoute from './groups';

const group = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `group-${n}`,
  name: `Regulation ${n}`,
  num_documents: n,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: `2026-03-0${n}T10:00:00.000Z`,
  version: 0,
  ...overrides,
});

const page = (rows: unknown[]) =>
  ok(regulationsRoutes.listGroups, {
    pageData: rows,
    paginationState: { pageSize: 25, numModels: rows.length, nextCursor: null },
  });

const openGroups = (role: Parameters<typeof profileOf>[0] = 'Admin') =>
  renderScreen(<GroupsRoute />, {
    url: '/divisions/north-region/groups',
    path: '/divisions/:divisionId/groups',
    profile: profileOf(role),
    divisionId: 'north-region',
  });

beforeEach(() => forgetListPlaces());

// Whole screens with modals: slow on a busy machine, so more than the default 5 s.
describe('the regulations list', { timeout: 20_000 }, () => {
  it('shows Name, # of Documents and Date Modified (MM-DD-YYYY), asked for the page’s division', async () => {
    const { requests } = await serveApi([[regulationsRoutes.listGroups, () => page([group(1), group(2)])]]);
    openGroups();
    const table = await screen.findByRole('table', { name: 'Regulations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', '# of Documents', 'Date Modified']);
    const link = await within(table).findByRole('link', { name: 'Regulation 2' });
    expect(link.getAttribute('href')).toBe('/divisions/north-region/groups/group-2');
    expect(within(table).getByText('03-02-2026')).toBeTruthy();
    expect(requests[0]!.headers.get('divisionId')).toBe('north-region');
  });

  it("says 'No regulations found' for an empty page, and searches on the server", async () => {
    const { requests } = await serveApi([
      [regulationsRoutes.listGroups, () => emptyPage(regulationsRoutes.listGroups)],
    ]);
    openGroups();
    expect(await screen.findByText('No regulations found')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Regulations' }), 'permit');
    await waitFor(() => expect(requests.at(-1)?.query.get('s')).toBe('permit'));
  });

  it("says 'Resource listing is not permitted.' on a 403, and offers Reload after another failure", async () => {
    await serveApi([
      [regulationsRoutes.listGroups, () => refuse(403, 'Your role does not allow read on Regulations')],
    ]);
    const first = openGroups();
    expect(await screen.findByText('Resource listing is not permitted.')).toBeTruthy();
    first.unmount();

    let fail = true;
    await serveApi([
      [regulationsRoutes.listGroups, () => (fail ? refuse(503, 'The service is busy') : page([group(1)]))],
    ]);
    openGroups();
    expect(await screen.findByText('The service is busy')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('link', { name: 'Regulation 1' })).toBeTruthy();
  });

  it("refuses an empty or blank name with 'Regulation name cannot be empty' before asking the server", async () => {
    const { requests } = await serveApi([
      [regulationsRoutes.listGroups, () => page([])],
      [regulationsRoutes.createGroup, () => ok(regulationsRoutes.createGroup, group(3, { name: 'Permit' }))],
    ]);
    openGroups();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Regulation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Regulation' });
    await userEvent.type(within(dialog).getByLabelText(/Regulation name/), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Regulation' }));
    expect(await within(dialog).findByText('Regulation name cannot be empty')).toBeTruthy();
    expect(requests.filter((r) => r.route === regulationsRoutes.createGroup.key)).toHaveLength(0);
  });

  it("shows the server's message under the name, and opens the new group once created", async () => {
    let refused = true;
    const { requests } = await serveApi([
      [regulationsRoutes.listGroups, () => page([])],
      [
        regulationsRoutes.createGroup,
        () =>
          refused
            ? refuse(400, 'Regulation name must be at most 100 characters', [
                { path: 'name', message: 'Regulation name must be at most 100 characters' },
              ])
            : ok(regulationsRoutes.createGroup, group(3, { name: 'Permit' })),
      ],
    ]);
    const { router } = openGroups();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Regulation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Regulation' });
    const name = within(dialog).getByLabelText(/Regulation name/);
    await userEvent.type(name, 'Permit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Regulation' }));
    expect(await within(dialog).findByText('Regulation name must be at most 100 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    refused = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Regulation' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/divisions/north-region/groups/group-3'),
    );
    expect(requests.filter((r) => r.route === regulationsRoutes.createGroup.key).at(-1)?.body).toEqual({
      name: 'Permit',
    });
  });

  it('offers Add Regulation only with create Regulations', async () => {
    await serveApi([[regulationsRoutes.listGroups, () => page([group(1)])]]);
    openGroups('Inspector');
    await screen.findByRole('link', { name: 'Regulation 1' });
    expect(screen.queryByRole('button', { name: 'Add Regulation' })).toBeNull();
  });
});
