import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usersRoutes } from '@stormline/contract/areas/users';
import type { Profile } from '@stormline/contract/areas/profile';
import { forgetListPlaces } from '../../../lib/list/list-places';
import { emptyPage, ok, refuse, serveApi } from '../../../testing/api';
import { renderScreen } from '../../../testing/render';
import { ADMIN_PATH, ADMIN_URL, NORTH, profileWith, usersPage, userRow } from '../users-fixtures';
import UsersAdminRoute from './users-admin';

const admin = profileWith('Admin');

const openAdmin = (profile: Profile = admin, url = ADMIN_URL) =>
  renderScreen(<UsersAdminRoute />, { url, path: ADMIN_PATH, profile, divisionId: NORTH });

const detailOf = (row: ReturnType<typeof userRow>, version = 3) =>
  ok(usersRoutes.getUser, {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    position: null,
    address: { phone: null, phone_ext: null },
    roleId: row.roleId,
    roleName: row.roleName,
    ccrNumber: null,
    peNumber: null,
    status: row.status,
    divisionIds: [NORTH],
    divisions: [{ id: NORTH, name: 'North Region' }],
    managerUserId: null,
    permissions: [],
    permissionsOverridden: false,
    clients: [],
    projects: [],
    version,
  });

beforeEach(() => forgetListPlaces());

describe('the users admin list (spec 001 §2)', () => {
  it('shows First Name, Last Name, Email, Role and Status, invitees by their email', async () => {
    const { requests } = await serveApi([
      [
        usersRoutes.listUsers,
        () =>
          usersPage([
            userRow('ines', 'Inspector'),
            userRow('new-user', 'Client User', 'invited'),
            userRow('bo', 'BMP Contractor', 'inactive', ['Bo', 'Martinez']),
          ]),
      ],
    ]);
    openAdmin();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['First Name', 'Last Name', 'Email', 'Role', 'Status']);
    await within(table).findByText('Ines');
    const invited = within(table).getByText('new-user@example.com').closest('tr')!;
    expect(within(invited).getByText('Invited')).toBeTruthy();
    expect(within(invited).getAllByText('Not given yet')).toHaveLength(2);
    expect(screen.getByText('3 users')).toBeTruthy();
    // The page's division goes with the request.
    expect(requests[0]?.headers.get('divisionid')).toBe(NORTH);
  });

  it('shows the table busy with placeholder rows while the first page loads', async () => {
    let answer: (value: ReturnType<typeof usersPage>) => void = () => undefined;
    await serveApi([[usersRoutes.listUsers, () => new Promise((resolve) => (answer = resolve))]]);
    openAdmin();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('No users found')).toBeNull();
    answer(usersPage([userRow('ines', 'Inspector')]));
    expect(await within(table).findByText('Ines')).toBeTruthy();
    expect(table.getAttribute('aria-busy')).toBeNull();
  });

  it("says 'No users found' for an empty page and 'Resource listing is not permitted.' on 403", async () => {
    await serveApi([[usersRoutes.listUsers, () => emptyPage(usersRoutes.listUsers)]]);
    const first = openAdmin();
    expect(await screen.findByText('No users found')).toBeTruthy();
    first.unmount();

    await serveApi([[usersRoutes.listUsers, () => refuse(403, 'Your role does not allow read on Admin')]]);
    openAdmin();
    expect(await screen.findByText('Resource listing is not permitted.')).toBeTruthy();
  });

  it('shows the error with a reload link, and the rows once the reload works', async () => {
    let calls = 0;
    await serveApi([
      [
        usersRoutes.listUsers,
        () =>
          ++calls === 1 ? refuse(503, 'The service is busy') : usersPage([userRow('ines', 'Inspector')]),
      ],
    ]);
    openAdmin();
    expect(await screen.findByText('The service is busy')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Ines')).toBeTruthy();
  });

  it('searches over names and email through the URL, and opens a ?search= link', async () => {
    const { requests } = await serveApi([
      [
        usersRoutes.listUsers,
        (request) =>
          usersPage(
            request.query.get('s')
              ? [userRow('bo', 'BMP Contractor', 'active', ['Bo', 'Martinez'])]
              : [userRow('ines', 'Inspector'), userRow('bo', 'BMP Contractor', 'active', ['Bo', 'Martinez'])],
          ),
      ],
    ]);
    const { router } = openAdmin();
    await screen.findByText('Ines');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'mart');
    await waitFor(() => expect(screen.queryByText('Ines')).toBeNull());
    expect(router.state.location.search).toBe('?search=mart');
    expect(requests.at(-1)?.query.get('s')).toBe('mart');
  });

  it('opens a division page link /admin/?search={email} with the search asked for', async () => {
    const { requests } = await serveApi([
      [usersRoutes.listUsers, () => usersPage([userRow('ines', 'Inspector')])],
    ]);
    openAdmin(admin, `${ADMIN_URL}/?search=ines%40example.com`);
    await screen.findByText('Ines');
    expect(requests.map((request) => request.query.get('s'))).toEqual(['ines@example.com']);
    expect((screen.getByRole('searchbox', { name: 'Search users' }) as HTMLInputElement).value).toBe(
      'ines@example.com',
    );
  });

  it('pages with the server: Next asks for the cursor the first page gave', async () => {
    const { requests } = await serveApi([
      [
        usersRoutes.listUsers,
        (request) =>
          request.query.get('cursor') === 'page-2'
            ? usersPage([userRow('bo', 'BMP Contractor', 'active', ['Bo', 'Martinez'])], { total: 26 })
            : usersPage([userRow('ines', 'Inspector')], { nextCursor: 'page-2', total: 26 }),
      ],
    ]);
    openAdmin();
    await screen.findByText('Ines');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Bo')).toBeTruthy();
    expect(requests.at(-1)?.query.get('cursor')).toBe('page-2');
    expect(screen.getByTestId('pager-status').textContent).toBe('Page 2 of 2');
  });
});

describe('the status toggle', () => {
  it('deactivates an active user after the confirmation, with the version read', async () => {
    const ines = userRow('ines', 'Inspector');
    let status: 'active' | 'inactive' = 'active';
    const { requests } = await serveApi([
      [usersRoutes.listUsers, () => usersPage([{ ...ines, status }])],
      [usersRoutes.getUser, () => detailOf(ines, 7)],
      [
        usersRoutes.setUserStatus,
        (request) => {
          status = (request.body as { status: typeof status }).status;
          return ok(usersRoutes.setUserStatus, { ...ines, status });
        },
      ],
    ]);
    openAdmin();
    const toggle = await screen.findByRole('switch', { name: 'Active: Ines Carter' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to deactivate Ines Carter? They are signed out at once and cannot sign in until they are activated again.',
      ),
    ).toBeTruthy();
    // Nothing is sent before the confirmation.
    expect(requests.some((request) => request.route === usersRoutes.setUserStatus.key)).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.find((request) => request.route === usersRoutes.setUserStatus.key)!;
    expect(sent.params.id).toBe('ines');
    expect(sent.body).toEqual({ status: 'inactive', version: 7 });
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Active: Ines Carter' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
    expect(screen.getByText('Inactive')).toBeTruthy();
  });

  it('works from the keyboard: Space on the switch asks, Cancel is focused first and changes nothing', async () => {
    await serveApi([[usersRoutes.listUsers, () => usersPage([userRow('ines', 'Inspector')])]]);
    openAdmin();
    const toggle = await screen.findByRole('switch', { name: 'Active: Ines Carter' });
    toggle.focus();
    await userEvent.keyboard(' ');
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });

  it('activates an inactive user; Cancel sends nothing; a refusal stays in the dialog', async () => {
    const bo = userRow('bo', 'BMP Contractor', 'inactive', ['Bo', 'Martinez']);
    const { requests } = await serveApi([
      [usersRoutes.listUsers, () => usersPage([bo])],
      [usersRoutes.getUser, () => detailOf(bo)],
      [usersRoutes.setUserStatus, () => refuse(409, 'This user was changed by someone else')],
    ]);
    openAdmin();
    await userEvent.click(await screen.findByRole('switch', { name: 'Active: Bo Martinez' }));
    let dialog = await screen.findByRole('dialog', { name: 'Activate user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.route === usersRoutes.setUserStatus.key)).toBe(false);

    await userEvent.click(screen.getByRole('switch', { name: 'Active: Bo Martinez' }));
    dialog = await screen.findByRole('dialog', { name: 'Activate user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByText('This user was changed by someone else')).toBeTruthy();
  });

  it('re-invites an invited user after the confirmation', async () => {
    const invitee = userRow('new-user', 'Client User', 'invited');
    const { requests } = await serveApi([
      [usersRoutes.listUsers, () => usersPage([invitee])],
      [
        usersRoutes.inviteUser,
        () =>
          ok(usersRoutes.inviteUser, { message: 'The invitation was sent again to new-user@example.com' }),
      ],
    ]);
    openAdmin();
    expect(screen.queryByRole('switch')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Re-invite new-user@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-invite user' });
    expect(
      within(dialog).getByText(
        'Send the invitation to new-user@example.com again? The link in the earlier invitation stops working.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(requests.some((request) => request.route === usersRoutes.inviteUser.key)).toBe(true),
    );
    expect(requests.find((request) => request.route === usersRoutes.inviteUser.key)?.params.id).toBe(
      'new-user',
    );
  });

  it('is not offered without update or create on Admin, nor on oneself', async () => {
    const areaManager = profileWith('Area / Assistant Manager');
    await serveApi([
      [
        usersRoutes.listUsers,
        () => usersPage([userRow('ines', 'Inspector'), userRow('new-user', 'Client User', 'invited')]),
      ],
    ]);
    const view = openAdmin(areaManager);
    await screen.findByText('Ines');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Re-invite/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Users' })).toBeNull();
    view.unmount();

    await serveApi([
      [usersRoutes.listUsers, () => usersPage([{ ...userRow(admin.id, 'Admin'), email: admin.email }])],
    ]);
    openAdmin();
    await screen.findByText('Ines');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Users' })).toBeTruthy();
  });
});

describe('opening a user by role (spec 001 §2)', () => {
  const rows = [
    userRow('avery', 'Admin', 'active', ['Avery', 'Admin']),
    userRow('rafael', 'Regional Manager', 'active', ['Rafael', 'Ortega']),
    userRow('ines', 'Inspector'),
    userRow('bo', 'BMP Contractor', 'active', ['Bo', 'Martinez']),
    userRow('chris', 'Client User', 'active', ['Chris', 'Lee']),
  ];
  const card = (id: string) =>
    ok(usersRoutes.getUserProfileCard, {
      id,
      first_name: 'Rafael',
      last_name: 'Ortega',
      name: 'Rafael Ortega',
      email: `${id}@example.com`,
      position: 'Regional Manager',
      address: { phone: '0113 496 0000', phone_ext: '12' },
      roleName: 'Regional Manager',
      status: 'active',
    });
  const linkOf = (email: string) => screen.getByRole('link', { name: email });
  const cardButtonOf = (email: string) => screen.getByRole('button', { name: email });

  it('an Admin opens everyone on the edit page', async () => {
    await serveApi([[usersRoutes.listUsers, () => usersPage(rows)]]);
    const { router } = openAdmin();
    await screen.findByText('Avery');
    for (const row of rows)
      expect(linkOf(row.email).getAttribute('href')).toBe(`/divisions/${NORTH}/user-profiles/${row.id}/edit`);
    // A row click is the same as the link.
    await userEvent.click(screen.getByText('Rafael'));
    expect(router.state.location.pathname).toBe(`/divisions/${NORTH}/user-profiles/rafael/edit`);
  });

  it('a Client Manager edits the six roles of the spec and sees the others on the profile card', async () => {
    const { requests } = await serveApi([
      [usersRoutes.listUsers, () => usersPage(rows)],
      [usersRoutes.getUserProfileCard, (request) => card(request.params.id!)],
    ]);
    openAdmin(profileWith('Client Manager'));
    await screen.findByText('Avery');
    for (const id of ['ines', 'bo', 'chris']) expect(linkOf(`${id}@example.com`)).toBeTruthy();
    expect(cardButtonOf('avery@example.com')).toBeTruthy();
    // The toggle only where the Client Manager may manage the user.
    expect(screen.queryByRole('switch', { name: 'Active: Avery Admin' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Active: Rafael Ortega' })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Active: Ines Carter' })).toBeTruthy();

    await userEvent.click(cardButtonOf('rafael@example.com'));
    const dialog = await screen.findByRole('dialog', { name: 'User profile' });
    expect(await within(dialog).findByText('Rafael Ortega')).toBeTruthy();
    expect(within(dialog).getByText('0113 496 0000 ext. 12')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'rafael@example.com' }).getAttribute('href')).toBe(
      'mailto:rafael@example.com',
    );
    expect(requests.find((request) => request.route === usersRoutes.getUserProfileCard.key)?.params.id).toBe(
      'rafael',
    );
  });

  it('an inspector opens BMP Contractor and Client User on the edit page, everyone else on the card', async () => {
    await serveApi([
      [usersRoutes.listUsers, () => usersPage(rows)],
      [usersRoutes.getUserProfileCard, (request) => card(request.params.id!)],
    ]);
    // An inspector sees the list only when given read on Admin (the Permissions modal).
    openAdmin(profileWith('Inspector', [{ perm: 'read', pageId: 'admin' }]));
    await screen.findByText('Avery');
    expect(linkOf('bo@example.com')).toBeTruthy();
    expect(linkOf('chris@example.com')).toBeTruthy();
    for (const id of ['avery', 'rafael', 'ines']) expect(cardButtonOf(`${id}@example.com`)).toBeTruthy();
    // A row click follows the same rule.
    await userEvent.click(screen.getByText('Rafael'));
    expect(await screen.findByRole('dialog', { name: 'User profile' })).toBeTruthy();
  });

  it('the profile card says so when it cannot be read', async () => {
    await serveApi([
      [usersRoutes.listUsers, () => usersPage(rows)],
      [usersRoutes.getUserProfileCard, () => refuse(404, 'User not found')],
    ]);
    openAdmin(profileWith('Client Manager'));
    await userEvent.click(await screen.findByRole('button', { name: 'avery@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'User profile' });
    expect(await within(dialog).findByText('User not found')).toBeTruthy();
  });
});
