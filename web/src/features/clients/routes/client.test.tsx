import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { usersRoutes } from '@stormline/contract/areas/users';
import type { RoleName } from '@stormline/domain/roles';
import { forgetListPlaces } from '../../../lib/list/list-places';
import { emptyPage, ok, refuse, serveApi, type Answer, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { clientRow } from '../client-fixtures';
import { ClientPage, type CreateProjectSlotProps } from './client';

const contact = (
  id: string,
  first: string,
  last: string,
  phone: string | null = null,
  ext: string | null = null,
) => ({
  id,
  first_name: first,
  last_name: last,
  name: `${first} ${last}`,
  email: `${first.toLowerCase()}@example.com`,
  phone,
  phone_ext: ext,
});

function clientWith(selfId: string) {
  return {
    ...clientRow(1),
    users: [contact(selfId, 'Dana', 'Tester'), contact('user-jane', 'Jane', 'Roe', '0113 496 0000', '12')],
  };
}

const userRow = (id: string, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.com`,
  roleId: 'inspector',
  roleName: 'Inspector' as const,
  status: 'active' as const,
});

/** The Create project modal's stand-in: the app composes the real one in (app/routes/client-page.tsx). */
function FakeCreateProject({ opened, client }: CreateProjectSlotProps) {
  return opened ? <p>Creating a project for {client.name}</p> : null;
}

async function openClient(
  role: RoleName = 'Admin',
  answers: Partial<Record<string, (request: ServedRequest) => Answer>> = {},
) {
  const profile = profileOf(role);
  const client = clientWith(profile.id);
  const served = await serveApi([
    [clientsRoutes.getClient, () => ok(clientsRoutes.getClient, client)],
    [
      clientsRoutes.listClientProjects,
      answers.projects ??
        (() =>
          ok(clientsRoutes.listClientProjects, {
            pageData: [
              {
                id: 'project-1',
                name: 'Aire Valley Culvert',
                next_inspection_date: '2026-04-09',
                divisionProject: { division_id: 'north-region' },
                archivedAt: null,
              },
            ],
            paginationState: { pageSize: 25, numModels: 1, nextCursor: null },
          })),
    ],
    [
      usersRoutes.listUsers,
      (request) =>
        ok(usersRoutes.listUsers, {
          pageData: [
            userRow('user-jane', 'Jane', 'Roe'),
            userRow('user-sam', 'Sam', `Okafor ${request.query.get('s')}`),
          ],
          paginationState: { pageSize: 25, numModels: 2, nextCursor: null },
        }),
    ],
    [
      clientsRoutes.addClientContacts,
      (request) => {
        const ids = (request.body as { userIds: string[] }).userIds;
        return ok(clientsRoutes.addClientContacts, {
          users: [...client.users, ...ids.map((id) => contact(id, 'Sam', 'Okafor'))],
        });
      },
    ],
    [
      clientsRoutes.removeClientContact,
      answers.remove ??
        ((request) =>
          ok(clientsRoutes.removeClientContact, {
            users: client.users.filter((u) => u.id !== request.params.userId),
          })),
    ],
    [clientsRoutes.deleteClient, answers.delete ?? (() => ok(clientsRoutes.deleteClient, { id: client.id }))],
  ]);
  const rendered = renderScreen(<ClientPage CreateProject={FakeCreateProject} />, {
    url: '/divisions/north-region/clients/client-1',
    path: '/divisions/:divisionId/clients/:clientId',
    profile,
    divisionId: 'north-region',
  });
  await screen.findByRole('heading', { name: 'Client 1', level: 1 });
  return { ...served, ...rendered, profile };
}

beforeEach(() => forgetListPlaces());

describe('the client page', () => {
  it('shows the name, address and phone, and every action to an Admin', async () => {
    await openClient('Admin');
    expect(screen.getByText('1 Quay Street, Leeds, England LS1 4DL')).toBeTruthy();
    for (const name of ['Create New Project', 'Add Contact', 'Edit', 'Delete'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    // The overflow menu holds the same three (shown on a phone).
    // (hidden: true: it is the phone's control, hidden from the small breakpoint up.)
    const more = screen.getByLabelText('More actions');
    await userEvent.click(more);
    const items = (await screen.findAllByRole('menuitem', { hidden: true })).map((item) => item.textContent);
    expect(items).toEqual(['Add Contact', 'Edit', 'Delete']);
  });

  it('hides Delete without delete on Client (Regional Manager)', async () => {
    await openClient('Regional Manager');
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows an Inspector no action at all, and no remove button on contacts', async () => {
    await openClient('Inspector');
    for (const name of ['Create New Project', 'Add Contact', 'Edit', 'Delete'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByLabelText('More actions')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('lists the contacts with phone and extension; nobody may remove themselves', async () => {
    await openClient('Admin');
    const table = screen.getByRole('table', { name: 'Contacts' });
    expect(within(table).getByText('0113 496 0000 ext. 12')).toBeTruthy();
    expect(within(table).getByText('Dana Tester')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Remove Dana Tester' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Remove Jane Roe' })).toBeTruthy();
  });

  it('removes a contact after the confirmation', async () => {
    const { requests } = await openClient('Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Jane Roe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove contact' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Contacts' })).queryByText('Jane Roe')).toBeNull(),
    );
    expect(requests.some((r) => r.route === 'DELETE /api/clients/{id}/contacts/{userId}')).toBe(true);
  });

  it("shows the server's refusal of a removal, else 'An error has occurred'", async () => {
    let withMessage = true;
    await openClient('Admin', {
      remove: () =>
        withMessage ? refuse(403, 'You cannot remove yourself as a contact') : { status: 500, body: {} },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Jane Roe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove contact' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'You cannot remove yourself as a contact',
    );
    withMessage = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain('An error has occurred'),
    );
    expect(within(screen.getByRole('table', { name: 'Contacts' })).getByText('Jane Roe')).toBeTruthy();
  });

  it('searches users for Add Contact only from 3 characters, and offers no one already a contact', async () => {
    const { requests } = await openClient('Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await within(dialog).findByText('Please select at least one user')).toBeTruthy();

    const search = dialog.querySelector<HTMLInputElement>('input.mantine-MultiSelect-inputField')!;
    await userEvent.type(search, 'Sa');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(requests.filter((r) => r.route === 'GET /api/users')).toHaveLength(0);
    expect(screen.getByText('Type at least 3 characters')).toBeTruthy();

    await userEvent.type(search, 'm');
    const option = await screen.findByRole('option', { name: /Sam Okafor Sam/ }, { timeout: 2000 });
    const asked = requests.filter((r) => r.route === 'GET /api/users');
    expect(asked.map((r) => r.query.get('s'))).toEqual(['Sam']);
    // Jane is a contact already.
    expect(screen.queryByRole('option', { name: /Jane Roe/ })).toBeNull();
    await userEvent.click(option);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Contact' })).toBeNull());
    const added = requests.find((r) => r.route === 'POST /api/clients/{id}/contacts');
    expect(added?.body).toEqual({ userIds: ['user-sam'] });
    expect(within(screen.getByRole('table', { name: 'Contacts' })).getByText('Sam Okafor')).toBeTruthy();
  });

  it("shows the server's message when the delete is refused, and goes to the list when it is not", async () => {
    let refused = true;
    const { router } = await openClient('Admin', {
      delete: () =>
        refused
          ? refuse(
              409,
              'This client still has 1 project in this division (archived ones included). Delete it before deleting the client.',
            )
          : ok(clientsRoutes.deleteClient, { id: 'client-1' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete client' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This client still has 1 project',
    );
    refused = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/divisions/north-region/clients'));
  });

  it('lists the projects with their next inspection, linked to their inspections', async () => {
    await openClient('Admin');
    await userEvent.click(screen.getByRole('tab', { name: 'Projects' }));
    const link = await screen.findByRole('link', { name: 'Aire Valley Culvert' });
    expect(link.getAttribute('href')).toBe('/divisions/north-region/projects/project-1/inspections');
    expect(screen.getByText('04-09-2026')).toBeTruthy();
  });

  it("says 'No projects found' when the client has none, and opens the Create project modal", async () => {
    await openClient('Admin', { projects: () => emptyPage(clientsRoutes.listClientProjects) });
    await userEvent.click(screen.getByRole('tab', { name: 'Projects' }));
    expect(await screen.findByText('No projects found')).toBeTruthy();
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Create New Project' })));
    expect(screen.getByText('Creating a project for Client 1')).toBeTruthy();
  });
});
