import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { forgetListPlaces } from '../../../lib/list/list-places';
import type { Route } from '@stormline/contract/route';
import { ok, refuse, serveApi, type Answer, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import DivisionRoute from './division';

const admin = profileOf('Admin', [
  { id: 'west', name: 'West Region' },
  { id: 'north-region', name: 'North Region' },
]);
const division = { id: 'west', name: 'West Region', createdAt: '2026-03-01T10:00:00.000Z', version: 0 };

const client = (n: number, canOpen = true, inDivision = true) => ({
  id: `client-${n}`,
  name: `Client ${n}`,
  inDivision,
  canOpen,
});

function page<T>(route: Parameters<typeof ok>[0], rows: T[], numModels: number | null = rows.length) {
  return ok(route, { pageData: rows, paginationState: { pageSize: 25, numModels, nextCursor: null } });
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent);

/** The division's clients (one the caller may open, one not), and the company's for 'Add Clients'. */
function clientsList(request: ServedRequest) {
  if (request.query.get('scope') === 'company')
    return page(divisionsRoutes.listClients, [client(1, true, true), client(3, false, false)], null);
  if (request.query.get('s')) return page(divisionsRoutes.listClients, [client(2, false)], null);
  return page(divisionsRoutes.listClients, [client(1), client(2, false)]);
}

const getDivision: [Route, () => Answer] = [
  divisionsRoutes.getDivision,
  () => ok(divisionsRoutes.getDivision, division),
];

const openTab = (tab: string, profile = admin) =>
  renderScreen(<DivisionRoute />, {
    url: `/divisions/west/resources/${tab}`,
    path: '/divisions/:divisionId/resources/:tab',
    profile,
  });

beforeEach(() => forgetListPlaces());

describe('a division’s resource tabs', () => {
  it('lists the clients, with a detail link only where the caller may open the row', async () => {
    await serveApi([getDivision, [divisionsRoutes.listClients, clientsList]]);
    openTab('clients');
    const table = await screen.findByRole('table', { name: 'Clients of West Region' });
    const link = await within(table).findByRole('link', { name: 'Client 1' });
    expect(link.getAttribute('href')).toBe('/divisions/west/clients/client-1');
    expect(within(table).getByText('Client 2')).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'Client 2' })).toBeNull();
    expect(screen.getByTestId('selection-info').textContent).toBe('Selected 0 of 2 items');
    expect(screen.getByRole('tab', { name: 'Clients' }).getAttribute('aria-selected')).toBe('true');
  });

  it("shows 'Delete Clients' in place of 'Add Clients' once rows are selected, and clears the selection on a search", async () => {
    await serveApi([getDivision, [divisionsRoutes.listClients, clientsList]]);
    openTab('clients');
    await screen.findByText('Client 1');
    expect(screen.getByRole('button', { name: 'Add Clients' })).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Client 1' }));
    expect(screen.getByTestId('selection-info').textContent).toBe('Selected 1 of 2 items');
    expect(screen.getByRole('button', { name: 'Delete Clients' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Clients' })).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'two');
    await waitFor(() => expect(screen.queryByText('Client 1')).toBeNull());
    expect(screen.getByTestId('selection-info').textContent).toBe('Selected 0 of 1 items');
    expect(screen.getByRole('button', { name: 'Add Clients' })).toBeTruthy();
  });

  it("removes the selected rows only after 'Yes, I understand', and shows the server's refusal", async () => {
    let refuseOnce = true;
    const { requests } = await serveApi([
      getDivision,
      [divisionsRoutes.listClients, clientsList],
      [
        divisionsRoutes.removeClients,
        (request) => {
          if (refuseOnce) {
            refuseOnce = false;
            return refuse(409, 'Client 1: This client still has 2 projects in this division.');
          }
          const ids = (request.body as { clientIds: string[] }).clientIds;
          return ok(divisionsRoutes.removeClients, { removed: ids, deleted: [] });
        },
      ],
    ]);
    openTab('clients');
    await screen.findByText('Client 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Client 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Clients' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete Clients' });
    expect(within(dialog).getByText(/Remove 1 client from/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Yes, I understand' }));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);

    await userEvent.click(confirm);
    expect(
      await within(dialog).findByText('Client 1: This client still has 2 projects in this division.'),
    ).toBeTruthy();
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Clients' })).toBeNull());
    const removals = requests.filter((r) => r.route === 'DELETE /api/divisions/{id}/clients');
    expect(removals.at(-1)?.body).toEqual({ clientIds: ['client-1'] });
    expect(removals.at(-1)?.params).toEqual({ id: 'west' });
  });

  it("'Add Clients' lets choose only what the division does not hold, and adds the chosen ones", async () => {
    const { requests } = await serveApi([
      getDivision,
      [divisionsRoutes.listClients, clientsList],
      [
        divisionsRoutes.addClients,
        (request) =>
          ok(divisionsRoutes.addClients, { added: (request.body as { clientIds: string[] }).clientIds }),
      ],
    ]);
    openTab('clients');
    await screen.findByText('Client 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Clients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Clients' });
    const table = await within(dialog).findByRole('table', { name: 'Clients to add' });
    expect(await within(table).findByText('Client 3')).toBeTruthy();
    // What it holds is listed, and cannot be chosen again; select-all passes it by.
    const held = within(table).getByRole('checkbox', { name: 'Select Client 1, in West Region already' });
    expect((held as HTMLInputElement).disabled).toBe(true);
    expect(within(table).getByRole('columnheader', { name: 'In West Region' })).toBeTruthy();
    const heldRow = within(table).getByText('Client 1').closest('tr')!;
    expect(cellsOf(heldRow)).toContain('Already');
    expect(cellsOf(within(table).getByText('Client 3').closest('tr')!)).toContain('No');
    const add = within(dialog).getByRole('button', { name: 'Add Clients' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(within(dialog).getByText(/Selected 1 of 1 items/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(within(dialog).getByText(/Selected 0 of 1 items/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Select Client 3' }));
    await userEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Clients' })).toBeNull());
    expect(requests.find((r) => r.route === 'POST /api/divisions/{id}/clients')?.body).toEqual({
      clientIds: ['client-3'],
    });
    expect(requests.some((r) => r.query.get('scope') === 'company')).toBe(true);
  });

  it('lists a page the division holds entirely, nothing to choose on it, so the next page is reached', async () => {
    await serveApi([
      getDivision,
      [
        divisionsRoutes.listInspectionTemplates,
        (request) =>
          ok(divisionsRoutes.listInspectionTemplates, {
            pageData: [{ id: 'cdot', name: 'CDOT', inDivision: true, canOpen: true }],
            paginationState: {
              pageSize: 25,
              numModels: request.query.get('scope') ? null : 1,
              nextCursor: request.query.get('scope') ? 'next-page' : null,
            },
          }),
      ],
    ]);
    openTab('inspection-templates');
    await screen.findByText('CDOT');
    await userEvent.click(screen.getByRole('button', { name: 'Add Inspection Templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Inspection Templates' });
    const held = await within(dialog).findByRole('checkbox', { name: 'Select CDOT, in West Region already' });
    expect((held as HTMLInputElement).disabled).toBe(true);
    const all = within(dialog).getByRole('checkbox', { name: 'Select all rows on this page' });
    expect((all as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByText('No available items')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the users’ columns, with the link to the users admin searched by email', async () => {
    await serveApi([
      getDivision,
      [
        divisionsRoutes.listUsers,
        () =>
          page(divisionsRoutes.listUsers, [
            {
              id: 'u1',
              first_name: 'Ines',
              last_name: 'Carter',
              email: 'ines@example.com',
              roleName: 'Inspector',
              inDivision: true,
              canOpen: true,
            },
          ]),
      ],
    ]);
    openTab('users');
    const table = await screen.findByRole('table', { name: 'Users of West Region' });
    for (const header of ['First Name', 'Last Name', 'Email', 'Role'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeTruthy();
    const link = await within(table).findByRole('link', { name: 'ines@example.com' });
    expect(link.getAttribute('href')).toBe('/divisions/west/admin/?search=ines%40example.com');
    expect(within(table).getByText('Inspector')).toBeTruthy();
  });

  it("says 'Resource listing is not permitted.' on 403, and 'No regulations found' when empty", async () => {
    await serveApi([
      getDivision,
      [divisionsRoutes.listRegulations, () => refuse(403, 'Your role does not allow read on Divisions')],
      [divisionsRoutes.listClients, () => page(divisionsRoutes.listClients, [])],
    ]);
    openTab('regulations');
    expect(await screen.findByText('Resource listing is not permitted.')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Clients' }));
    expect(await screen.findByText('No clients found')).toBeTruthy();
  });

  it('offers no selection, Add or Delete to a role that may only read divisions', async () => {
    await serveApi([getDivision, [divisionsRoutes.listClients, clientsList]]);
    openTab('clients', profileOf('SWMP Admin', [{ id: 'west', name: 'West Region' }]));
    await screen.findByText('Client 1');
    expect(screen.queryByRole('button', { name: 'Add Clients' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('deleting a division', () => {
  it("shows the server's reason, and goes to /divisions once deleted", async () => {
    let refuseOnce = true;
    await serveApi([
      getDivision,
      [divisionsRoutes.listRegulations, () => page(divisionsRoutes.listRegulations, [])],
      [
        divisionsRoutes.deleteDivision,
        () => {
          if (refuseOnce) {
            refuseOnce = false;
            return refuse(409, 'West Region still holds 2 projects (archived ones included).');
          }
          return ok(divisionsRoutes.deleteDivision, { id: 'west' });
        },
      ],
    ]);
    const { router } = openTab('regulations');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete division' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Yes, I understand' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('West Region still holds 2 projects (archived ones included).'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/divisions'));
  });
});
