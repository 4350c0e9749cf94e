import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { forgetListPlaces } from '../../../lib/list/list-places';
import { emptyPage, ok, refuse, serveApi, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import DivisionsRoute from './divisions';

const admin = profileOf('Admin');
const division = (n: number) => ({
  id: `division-${n}`,
  name: `Division ${n}`,
  createdAt: `2026-03-0${(n % 9) + 1}T10:00:00.000Z`,
  version: 0,
});

/** Two pages of two divisions: the first page's answer carries the cursor of the second. */
function pageOf(request: ServedRequest) {
  const cursor = request.query.get('cursor');
  const search = request.query.get('s');
  const rows = search
    ? [division(7)]
    : cursor === 'page-2'
      ? [division(3), division(4)]
      : [division(1), division(2)];
  return ok(divisionsRoutes.listDivisions, {
    pageData: rows,
    paginationState: {
      pageSize: 2,
      numModels: search ? 1 : 4,
      nextCursor: !search && !cursor ? 'page-2' : null,
    },
  });
}

const openDivisions = (url = '/divisions') =>
  renderScreen(<DivisionsRoute />, { url, path: '/divisions', profile: admin });

// Each test is a fresh tab: no page cursors remembered from the one before.
beforeEach(() => forgetListPlaces());

describe('the divisions list (the list pattern)', () => {
  it('shows the error, not the last page’s rows, when the next page fails', async () => {
    await serveApi([
      [
        divisionsRoutes.listDivisions,
        (request) =>
          request.query.get('cursor') ? refuse(400, 'The list cursor is not valid.') : pageOf(request),
      ],
    ]);
    openDivisions();
    await screen.findByText('Division 1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('The list cursor is not valid.')).toBeTruthy();
    expect(screen.queryByText('Division 1')).toBeNull();
    expect(screen.getByTestId('pager-status').textContent).toBe('Page 2 of 2');
    // Previous still leads back to the page that works.
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Division 1')).toBeTruthy();
  });

  it("says 'Resource listing is not permitted.' when the server answers 403", async () => {
    await serveApi([
      [divisionsRoutes.listDivisions, () => refuse(403, 'You are not permitted to read Divisions.')],
    ]);
    openDivisions();
    expect(await screen.findByText('Resource listing is not permitted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it("says 'No Divisions found' for an empty page", async () => {
    await serveApi([[divisionsRoutes.listDivisions, () => emptyPage(divisionsRoutes.listDivisions, 2)]]);
    openDivisions();
    expect(await screen.findByText('No Divisions found')).toBeTruthy();
  });

  it('keeps page and search in the URL, so Back restores them', async () => {
    const { requests } = await serveApi([[divisionsRoutes.listDivisions, pageOf]]);
    const { router } = openDivisions();
    await screen.findByText('Division 1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Division 3');
    expect(router.state.location.search).toBe('?page=2&cursor=page-2');

    // Away to another page and Back: page 2 again, asked with its cursor.
    await act(() => router.navigate('/elsewhere'));
    await screen.findByText('Another page');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Division 3')).toBeTruthy();
    expect(screen.getByTestId('pager-status').textContent).toBe('Page 2 of 2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search divisions' }), 'Division 7');
    expect(await screen.findByText('Division 7')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=Division+7');
    expect(requests.at(-1)?.query.get('s')).toBe('Division 7');

    await act(() => router.navigate('/elsewhere'));
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Division 7')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search divisions' }) as HTMLInputElement).value).toBe(
      'Division 7',
    );
  });

  it('opens a ?search= link with the search in the box and asks the server for it', async () => {
    const { requests } = await serveApi([[divisionsRoutes.listDivisions, pageOf]]);
    openDivisions('/divisions?search=Division%207');
    const table = await screen.findByRole('table', { name: 'Divisions' });
    expect(await within(table).findByText('Division 7')).toBeTruthy();
    expect(requests.map((request) => request.query.get('s'))).toEqual(['Division 7']);
  });

  it('asks the server once for what was typed, after the search delay', async () => {
    const { requests } = await serveApi([[divisionsRoutes.listDivisions, pageOf]]);
    openDivisions();
    await screen.findByText('Division 1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search divisions' }), 'Lakes');
    await waitFor(() => expect(requests.at(-1)?.query.get('s')).toBe('Lakes'));
    expect(requests.filter((request) => request.query.get('s'))).toHaveLength(1);
  });

  it('keeps the keyboard on Next while the next page loads', async () => {
    await serveApi([[divisionsRoutes.listDivisions, pageOf]]);
    openDivisions();
    await screen.findByText('Division 1');
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Division 3');
    expect(document.activeElement).toBe(next);
    // On the last page Next says it cannot be used, and still holds the focus.
    expect(next.getAttribute('aria-disabled')).toBe('true');
  });

  it('offers the first page when a link opened a later page whose previous cursor is unknown', async () => {
    const { requests } = await serveApi([[divisionsRoutes.listDivisions, pageOf]]);
    const { router } = openDivisions('/divisions?page=3&cursor=page-2');
    await screen.findByText('Division 3');
    // The pager may follow the rows by a render: waited for, as a user's eye would (longer than
    // findBy's 1 s: a full test run on two busy cores took longer).
    await userEvent.click(await screen.findByRole('button', { name: 'First page' }, { timeout: 5000 }));
    await screen.findByText('Division 1');
    expect(router.state.location.search).toBe('');
    expect(requests.at(-1)?.query.get('cursor')).toBeNull();
  });

  it('goes to the first page when the URL names a page past the last one', async () => {
    await serveApi([[divisionsRoutes.listDivisions, pageOf]]);
    const { router } = openDivisions('/divisions?page=50&cursor=page-2');
    await screen.findByText('Division 1');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(/50/)).toBeNull();
  });

  it('adds one history entry for a search begun on page 2, so Back returns to page 2', async () => {
    await serveApi([[divisionsRoutes.listDivisions, pageOf]]);
    const { router } = openDivisions();
    await screen.findByText('Division 1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Division 3');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search divisions' }), 'Div');
    await waitFor(() => expect(router.state.location.search).toBe('?search=Div'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search divisions' }), 'ision 7');
    await waitFor(() => expect(router.state.location.search).toBe('?search=Division+7'));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2&cursor=page-2');
    expect(await screen.findByText('Division 3')).toBeTruthy();
  });
});
