import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { forgetListPlaces } from '../../../lib/list/list-places';
import { emptyPage, ok, refuse, serveApi, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { clientRow } from '../client-fixtures';
import ClientsRoute, { NO_DIVISION_MESSAGE } from './clients';

function pageOf(request: ServedRequest) {
  const search = request.query.get('s');
  const rows = search ? [clientRow(7)] : [clientRow(1), clientRow(2)];
  return ok(clientsRoutes.listClients, {
    pageData: rows,
    paginationState: { pageSize: 25, numModels: rows.length, nextCursor: null },
  });
}

const openClients = (role: Parameters<typeof profileOf>[0] = 'Admin') =>
  renderScreen(<ClientsRoute />, {
    url: '/divisions/north-region/clients',
    path: '/divisions/:divisionId/clients',
    profile: profileOf(role),
    divisionId: 'north-region',
  });

beforeEach(() => forgetListPlaces());

describe('the clients list', () => {
  it('shows Name, Address and Date Created, asked for in the page’s division', async () => {
    const { requests } = await serveApi([[clientsRoutes.listClients, pageOf]]);
    openClients();
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Address', 'Date Created']);
    const link = await within(table).findByRole('link', { name: 'Client 1' });
    expect(link.getAttribute('href')).toBe('/divisions/north-region/clients/client-1');
    expect(within(table).getByText('1 Quay Street, Leeds, England LS1 4DL')).toBeTruthy();
    expect(within(table).getAllByText('03-05-2026')).toHaveLength(2);
    expect(requests[0]?.headers.get('divisionId')).toBe('north-region');
  });

  it("searches with 'Search Clients'", async () => {
    const { requests } = await serveApi([[clientsRoutes.listClients, pageOf]]);
    openClients();
    await screen.findByText('Client 1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Clients' }), 'Client 7');
    expect(await screen.findByText('Client 7')).toBeTruthy();
    await waitFor(() => expect(requests.at(-1)?.query.get('s')).toBe('Client 7'));
  });

  it("says 'No Clients found' for an empty page", async () => {
    await serveApi([[clientsRoutes.listClients, () => emptyPage(clientsRoutes.listClients)]]);
    openClients();
    expect(await screen.findByText('No Clients found')).toBeTruthy();
  });

  it("says 'Resource listing is not permitted.' on 403", async () => {
    await serveApi([
      [clientsRoutes.listClients, () => refuse(403, 'Your role does not allow read on Client')],
    ]);
    openClients();
    expect(await screen.findByText('Resource listing is not permitted.')).toBeTruthy();
  });

  it('shows the error with a reload link, and reloads', async () => {
    let failing = true;
    await serveApi([
      [
        clientsRoutes.listClients,
        (request) => (failing ? refuse(503, 'The service is busy.') : pageOf(request)),
      ],
    ]);
    openClients();
    expect(await screen.findByText('The service is busy.')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Client 1')).toBeTruthy();
  });

  it('offers Add Client only with create on Client', async () => {
    await serveApi([[clientsRoutes.listClients, pageOf]]);
    openClients('Inspector');
    await screen.findByText('Client 1');
    expect(screen.queryByRole('button', { name: 'Add Client' })).toBeNull();
  });

  it('says a division must be selected when the page has none', async () => {
    await serveApi([]);
    renderScreen(<ClientsRoute />, { url: '/clients', path: '/clients', profile: profileOf('Admin') });
    expect(screen.getByText(NO_DIVISION_MESSAGE)).toBeTruthy();
    expect(NO_DIVISION_MESSAGE).toBe('A division must be selected to view clients.');
  });
});
