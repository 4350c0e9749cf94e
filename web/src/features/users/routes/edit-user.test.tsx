import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { usersRoutes } from '@stormline/contract/areas/users';
import { ROLES, roleByName, type RoleName } from '@stormline/domain/roles';
import { ok, refuse, serveApi, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import type { UserDetail } from '../api/get-user';
import EditUserRoute, { UNSAVED_CHANGES } from './edit-user';

/** Whole-screen tests type, open menus and wait for debounces: seconds on a busy machine, not 5. */
const SCREEN_TEST_TIMEOUT_MS = 20_000;

const NORTH = { id: 'north-region', name: 'North Region' };
const SOUTH = { id: 'south-region', name: 'South Region' };
const admin = profileOf('Admin', [NORTH, SOUTH]);

const client = (n: number) => ({ id: `client-${n}`, name: `Client ${String(n).padStart(2, '0')}` });

/** The user's notification settings as GET /api/user-permissions/{id} answers them. */
const NOTIFICATIONS = [
  {
    id: 'missed-inspection',
    name: 'Missed Inspection',
    description: 'An inspection was not done by its due date.',
    is_enabled: ['email', 'sms'],
    deliveries: ['in-app', 'email', 'sms'],
    default_email_message: null,
    has_custom_message: false,
  },
  {
    id: 'inspection-complete',
    name: 'Inspection Complete',
    description: 'An inspection was certified.',
    is_enabled: [],
    deliveries: ['in-app', 'email', 'sms'],
    default_email_message: null,
    has_custom_message: false,
  },
];

function userOf(overrides: Partial<UserDetail> = {}): UserDetail {
  const role = roleByName((overrides.roleName as RoleName | undefined) ?? 'Inspector');
  return {
    id: 'user-ines',
    first_name: 'Ines',
    last_name: 'Carter',
    name: 'Ines Carter',
    email: 'ines@example.com',
    position: 'Stormwater Inspector',
    address: { phone: null, phone_ext: null },
    roleId: role.id,
    roleName: role.name,
    ccrNumber: null,
    peNumber: null,
    status: 'active',
    divisionIds: ['north-region'],
    divisions: [NORTH],
    managerUserId: 'user-area',
    permissions: role.permissions,
    permissionsOverridden: false,
    clients: [client(1)],
    projects: [],
    version: 3,
    ...overrides,
  };
}

const roleList = ROLES.map((r) => ({
  id: r.id,
  name: r.name,
  isAdmin: r.isAdmin,
  permissions: r.permissions,
}));

const managersFor = (request: ServedRequest) => {
  const roleId = request.query.get('roleId');
  const managerRole =
    roleId === 'inspector'
      ? 'Area / Assistant Manager'
      : roleId === 'area-assistant-manager'
        ? 'Regional Manager'
        : null;
  return ok(usersRoutes.getUserCreationOptions, {
    roles: [],
    divisions: [],
    clients: [],
    projects: [],
    managers:
      managerRole === 'Area / Assistant Manager'
        ? [{ id: 'user-area', name: 'Alex Area', roleName: 'Area / Assistant Manager' }]
        : managerRole === 'Regional Manager'
          ? [{ id: 'user-regional', name: 'Rafael Ortega', roleName: 'Regional Manager' }]
          : [],
    managerRole,
  });
};

const projectsPage = (rows: unknown[]) =>
  ok(clientsRoutes.listClientProjects, {
    pageData: rows,
    paginationState: { pageSize: 25, numModels: rows.length, nextCursor: null },
  });

interface Setup {
  user?: UserDetail;
  profile?: ReturnType<typeof profileOf>;
  update?: (request: ServedRequest) => ReturnType<typeof ok>;
  options?: (request: ServedRequest) => ReturnType<typeof ok>;
  projects?: (request: ServedRequest) => ReturnType<typeof ok>;
  /** Handlers that take the place of the defaults below for their routes. */
  routes?: Parameters<typeof serveApi>[0];
}

async function openEditUser({
  user = userOf(),
  profile = admin,
  update,
  options,
  projects,
  routes = [],
}: Setup = {}) {
  const served = await serveApi([
    ...routes,
    [usersRoutes.getUser, () => ok(usersRoutes.getUser, user)],
    [usersRoutes.listRoles, () => ok(usersRoutes.listRoles, roleList)],
    [usersRoutes.getUserCreationOptions, managersFor],
    [
      usersRoutes.updateUser,
      update ??
        ((request) => {
          const body = request.body as { version: number; clients: string[]; projects: string[] };
          return ok(usersRoutes.updateUser, { ...user, version: body.version + 1 });
        }),
    ],
    [usersRoutes.getUserClientOptions, options ?? (() => ok(usersRoutes.getUserClientOptions, []))],
    [clientsRoutes.listClientProjects, projects ?? (() => projectsPage([]))],
    [usersRoutes.deleteUser, () => ok(usersRoutes.deleteUser, { message: `${user.email} was deleted` })],
    [
      usersRoutes.getUserPermissions,
      () =>
        ok(usersRoutes.getUserPermissions, {
          permissions: user.permissions,
          rolePermissions: user.permissions,
          overridden: false,
          notifications: NOTIFICATIONS,
          version: user.version,
        }),
    ],
    [
      usersRoutes.setUserPermissions,
      (request) => {
        const body = request.body as { permissions: UserDetail['permissions'] | null; version: number };
        return ok(usersRoutes.setUserPermissions, {
          permissions: body.permissions ?? user.permissions,
          rolePermissions: user.permissions,
          overridden: body.permissions !== null,
          notifications: NOTIFICATIONS,
          version: body.version + 1,
        });
      },
    ],
  ]);
  const rendered = renderScreen(<EditUserRoute />, {
    url: `/divisions/north-region/user-profiles/${user.id}/edit`,
    path: '/divisions/:divisionId/user-profiles/:userId/edit',
    profile,
    divisionId: 'north-region',
  });
  await screen.findByRole('textbox', { name: 'First name' });
  return { ...served, ...rendered };
}

const sent = (requests: ServedRequest[], route: string) => requests.filter((r) => r.route === route);
const saveBody = (requests: ServedRequest[]) =>
  sent(requests, usersRoutes.updateUser.key).at(-1)?.body as Record<string, unknown> | undefined;

async function chooseRole(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('Edit User: the form', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it("shows 'Edit User', the user's fields and sends the divisionId header", async () => {
    const { requests } = await openEditUser();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit User' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Ines');
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe(
      'ines@example.com',
    );
    expect(requests.find((r) => r.route === usersRoutes.getUser.key)?.headers.get('divisionId')).toBe(
      'north-region',
    );
  });

  it("keeps the manager only for 'Area / Assistant Manager' and 'Inspector' and clears it otherwise", async () => {
    const { requests } = await openEditUser();
    // An Inspector reports to an Area / Assistant Manager: the select offers those.
    expect(await screen.findByText(/reports to an Area \/ Assistant Manager/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Manager' }) as HTMLInputElement).value).toBe('Alex Area'),
    );

    // As an Area / Assistant Manager the user reports to a Regional Manager: the old link goes.
    await chooseRole('Area / Assistant Manager');
    expect(await screen.findByText(/reports to a Regional Manager/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Manager' }) as HTMLInputElement).value).toBe(''),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Manager' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rafael Ortega' }));

    // A Client User keeps no manager: the select goes and the save clears the link.
    await chooseRole('Client User');
    expect(screen.queryByRole('combobox', { name: 'Manager' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveBody(requests)).toBeTruthy());
    expect(saveBody(requests)).toMatchObject({ roleId: 'client-user', managerUserId: null, version: 3 });
  });

  it('sends the chosen manager for a role that keeps one', async () => {
    const { requests } = await openEditUser();
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Manager' }) as HTMLInputElement).value).toBe('Alex Area'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveBody(requests)).toMatchObject({ managerUserId: 'user-area' }));
  });

  it("asks for a US phone in the region's format before saving", async () => {
    const profile = { ...admin, appConstants: { ...admin.appConstants, region: 'US' as const } };
    const { requests } = await openEditUser({ profile });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone is required')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '303-555');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone number must be in (xxx) xxx-xxxx format')).toBeTruthy();
    expect(sent(requests, usersRoutes.updateUser.key)).toHaveLength(0);
  });

  it("puts the server's field issue under its field, and what fits no field at the top", async () => {
    let answer = refuse(400, 'This email is already taken', [
      { path: 'email', message: 'This email is already taken' },
    ]);
    await openEditUser({ update: () => answer as ReturnType<typeof ok> });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This email is already taken')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('edit-user-error')).toBeNull();

    answer = refuse(400, 'Client client-9 is not a client of this division', [
      { path: 'clients', message: 'Client client-9 is not a client of this division' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('edit-user-error')).textContent).toContain(
      'Client client-9 is not a client of this division',
    );
  });

  it("shows the server's refusal when the save is forbidden", async () => {
    await openEditUser({
      update: () => refuse(403, 'Your role cannot give the role Admin') as ReturnType<typeof ok>,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('edit-user-error')).textContent).toContain(
      'Your role cannot give the role Admin',
    );
    // The spinner has stopped: Save can be pressed again.
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('data-loading')).toBeNull();
  });

  it('saves, says so, and reads the user again 2 s later', async () => {
    const { requests } = await openEditUser();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Position' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Position' }), 'Lead Inspector');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saveBody(requests)).toMatchObject({ position: 'Lead Inspector', clients: ['client-1'] }),
    );
    const reads = () => sent(requests, usersRoutes.getUser.key).length;
    const before = reads();
    await waitFor(() => expect(reads()).toBe(before + 1), { timeout: 3500 });
  });

  it("says the user could not be loaded with the server's message", async () => {
    await serveApi([
      [usersRoutes.getUser, () => refuse(404, 'User not found')],
      [usersRoutes.listRoles, () => ok(usersRoutes.listRoles, roleList)],
    ]);
    renderScreen(<EditUserRoute />, {
      url: '/divisions/north-region/user-profiles/user-gone/edit',
      path: '/divisions/:divisionId/user-profiles/:userId/edit',
      profile: admin,
      divisionId: 'north-region',
    });
    expect(await screen.findByText('User not found')).toBeTruthy();
  });
});

describe('Edit User: Back, Delete User and Permissions', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it('goes straight back to the users list when nothing changed', async () => {
    const { router } = await openEditUser();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText('Another page');
    expect(router.state.location.pathname).toBe('/divisions/north-region/admin');
  });

  it('asks before leaving with unsaved changes, and stays on Cancel', async () => {
    const { router } = await openEditUser();
    await userEvent.type(screen.getByRole('textbox', { name: 'Position' }), ' II');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(dialog).getByText(UNSAVED_CHANGES)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toContain('/edit');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    await screen.findByText('Another page');
    expect(router.state.location.pathname).toBe('/divisions/north-region/admin');
  });

  it('counts a removed client as an unsaved change', async () => {
    await openEditUser();
    await userEvent.click(screen.getByRole('button', { name: 'Delete client Client 01' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete client' })).getByRole('button', {
        name: 'Delete client',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeTruthy();
  });

  it('deletes the user after the confirmation and returns to the users list', async () => {
    const { requests, router } = await openEditUser();
    await userEvent.click(screen.getByRole('button', { name: 'Delete User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(within(dialog).getByText('Are you sure you want to delete ?')).toBeTruthy();
    expect(within(dialog).getByText('Ines Carter will no longer be able to sign in.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await screen.findByText('Another page');
    expect(router.state.location.pathname).toBe('/divisions/north-region/admin');
    expect(sent(requests, usersRoutes.deleteUser.key)).toHaveLength(1);
  });

  it.each([
    ['Admin', true],
    ['Client Manager', true],
    ['Regional Manager', false],
    ['SWMP Admin', false],
  ] as const)('shows the Permissions button to %s: %s', async (role, shown) => {
    await openEditUser({ profile: profileOf(role, [NORTH]) });
    expect(screen.queryByRole('button', { name: 'Permissions' }) !== null).toBe(shown);
  });

  it("hides Permissions and Delete User on one's own record", async () => {
    await openEditUser({
      user: userOf({ id: admin.id, roleName: 'Admin', roleId: 'admin', managerUserId: null }),
    });
    expect(screen.queryByRole('button', { name: 'Permissions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete User' })).toBeNull();
  });

  it("saves the user's permission pairs from the modal", async () => {
    const { requests } = await openEditUser();
    await userEvent.click(screen.getByRole('button', { name: 'Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Ines Carter' });
    const readClient = await within(dialog).findByRole('checkbox', { name: 'Read Client' });
    expect((readClient as HTMLInputElement).checked).toBe(true);
    await userEvent.click(readClient);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(sent(requests, usersRoutes.setUserPermissions.key)).toHaveLength(1));
    const body = sent(requests, usersRoutes.setUserPermissions.key)[0]!.body as {
      permissions: { perm: string; pageId: string }[];
      version: number;
    };
    expect(body.version).toBe(3);
    expect(body.permissions).not.toContainEqual({ perm: 'read', pageId: 'client' });
    expect(body.permissions).toContainEqual({ perm: 'read', pageId: 'dashboard' });
    // The user's record changed with it: the page reads it again for the next save's version.
    await waitFor(() => expect(sent(requests, usersRoutes.getUser.key).length).toBeGreaterThan(1));
  });

  it('keeps the boxes ticked when someone else saved the permissions meanwhile, merged with theirs', async () => {
    const user = userOf();
    let version = user.version;
    // Someone else took away Read Client and Read Dashboard meanwhile.
    const theirs = user.permissions.filter(
      (p) => !(p.perm === 'read' && (p.pageId === 'client' || p.pageId === 'dashboard')),
    );
    const permissionsAt = () =>
      ok(usersRoutes.getUserPermissions, {
        permissions: version === user.version ? user.permissions : theirs,
        rolePermissions: user.permissions,
        overridden: version !== user.version,
        notifications: NOTIFICATIONS,
        version,
      });
    const { requests } = await openEditUser({
      user,
      routes: [
        [usersRoutes.getUserPermissions, permissionsAt],
        [
          usersRoutes.setUserPermissions,
          (request) => {
            const body = request.body as { permissions: UserDetail['permissions']; version: number };
            if (body.version === user.version) {
              version = user.version + 1;
              return refuse(409, 'The user was changed by someone else meanwhile.');
            }
            return ok(usersRoutes.setUserPermissions, {
              permissions: body.permissions,
              rolePermissions: user.permissions,
              overridden: true,
              notifications: NOTIFICATIONS,
              version: body.version + 1,
            });
          },
        ],
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Ines Carter' });
    const box = async (name: string) =>
      (await within(dialog).findByRole('checkbox', { name })) as HTMLInputElement;
    await userEvent.click(await box('Read Dashboard')); // taken away here and by them
    await userEvent.click(await box('Create Client')); // given here only: kept
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save permissions' }));

    expect(await within(dialog).findByText(/your changes are kept/)).toBeTruthy();
    // Taken away by them only: follows them once their copy is read.
    await waitFor(async () => expect((await box('Read Client')).checked).toBe(false));
    expect((await box('Create Client')).checked).toBe(true);
    expect((await box('Read Dashboard')).checked).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save permissions' }));
    await waitFor(() => expect(sent(requests, usersRoutes.setUserPermissions.key)).toHaveLength(2));
    const body = sent(requests, usersRoutes.setUserPermissions.key)[1]!.body as {
      permissions: { perm: string; pageId: string }[];
      version: number;
    };
    expect(body.version).toBe(user.version + 1);
    expect(body.permissions).toContainEqual({ perm: 'create', pageId: 'client' });
    expect(body.permissions).not.toContainEqual({ perm: 'read', pageId: 'dashboard' });
  });

  it("shows the user's own notification settings in the modal, read-only", async () => {
    await openEditUser();
    await userEvent.click(screen.getByRole('button', { name: 'Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Ines Carter' });
    const table = await within(dialog).findByRole('table', { name: "The user's notifications" });
    const missed = within(table).getByRole('row', { name: /Missed Inspection/ });
    expect(within(missed).getByText('Email')).toBeTruthy();
    expect(within(missed).getByText('SMS')).toBeTruthy();
    expect(
      within(within(table).getByRole('row', { name: /Inspection Complete/ })).getByText('Off'),
    ).toBeTruthy();
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });

  it('offers a Client Manager only the pairs they hold', async () => {
    await openEditUser({ profile: profileOf('Client Manager', [NORTH]) });
    await userEvent.click(screen.getByRole('button', { name: 'Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Ines Carter' });
    // A Client Manager holds no delete on Project; the Inspector holds no such pair either.
    const box = await within(dialog).findByRole('checkbox', { name: 'Delete Project' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    // Read Client the Client Manager holds, so it can be given or taken.
    expect((within(dialog).getByRole('checkbox', { name: 'Read Client' }) as HTMLInputElement).disabled).toBe(
      false,
    );
  });
});

describe('Edit User: clients and projects', { timeout: SCREEN_TEST_TIMEOUT_MS }, () => {
  it("says 'No Clients to be displayed' for a user without clients", async () => {
    await openEditUser({ user: userOf({ clients: [] }) });
    expect(screen.getByText('No Clients to be displayed')).toBeTruthy();
  });

  it('shows 7 clients a page with at most 3 page links', async () => {
    const clients = Array.from({ length: 30 }, (_, i) => client(i + 1));
    await openEditUser({ user: userOf({ clients }) });
    const table = screen.getByRole('table', { name: 'Clients of this user' });
    expect(within(table).getAllByRole('button', { name: /^Client \d+$/ })).toHaveLength(7);
    const pages = screen.getByRole('navigation', { name: 'Client pages' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    expect(screen.getByTestId('clients-pager-status').textContent).toBe('Page 1 of 5');
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['2', '3', '4']);
    expect(within(table).getByRole('button', { name: 'Client 15' })).toBeTruthy();
  });

  it("'Search here' filters from 2 characters by client name, and from 3 by project name", async () => {
    const user = userOf({
      clients: [
        { id: 'client-pennine', name: 'Pennine Homes Ltd' },
        { id: 'client-clyde', name: 'Clyde Civil Engineering' },
      ],
      projects: [
        {
          id: 'project-kirkstall',
          name: 'Kirkstall Riverside Housing',
          client_id: 'client-pennine',
          divisionId: 'north-region',
          archived: false,
        },
      ],
    });
    await openEditUser({ user });
    const table = screen.getByRole('table', { name: 'Clients of this user' });
    const search = screen.getByRole('searchbox', { name: /Search here/ });
    await userEvent.type(search, 'c');
    // One character: no filtering yet.
    expect(within(table).getByRole('button', { name: 'Pennine Homes Ltd' })).toBeTruthy();
    await userEvent.type(search, 'l');
    await waitFor(() =>
      expect(within(table).queryByRole('button', { name: 'Pennine Homes Ltd' })).toBeNull(),
    );
    expect(within(table).getByRole('button', { name: 'Clyde Civil Engineering' })).toBeTruthy();

    await userEvent.clear(search);
    await userEvent.type(search, 'ki');
    // Two characters match client names only: no client is named 'ki…'.
    expect(await within(table).findByText('No Clients to be displayed')).toBeTruthy();
    await userEvent.type(search, 'r');
    // Three: the project Kirkstall brings its client.
    expect(await within(table).findByRole('button', { name: 'Pennine Homes Ltd' })).toBeTruthy();
  });

  it("'Add Clients' asks the server from 2 characters, offers unassigned clients, and 'Save Client' adds them", async () => {
    const options = vi.fn((request: ServedRequest) => {
      const s = request.query.get('s') ?? '';
      return ok(
        usersRoutes.getUserClientOptions,
        s.length >= 3
          ? [
              { id: 'client-pennine', name: 'Pennine Homes Ltd', projects: [] },
              {
                id: 'client-clyde',
                name: 'Clyde Civil Engineering',
                projects: [{ id: 'project-gateway', name: 'Penrith Gateway' }],
              },
              // Already in the table (added earlier, not saved yet): never offered twice.
              { id: 'client-1', name: 'Client 01', projects: [] },
            ]
          : [{ id: 'client-pennine', name: 'Pennine Homes Ltd', projects: [] }],
      );
    });
    const { requests } = await openEditUser({ options });
    const picker = screen.getByRole('combobox', { name: 'Add Clients' });
    await userEvent.click(picker);
    await userEvent.type(picker, 'P');
    expect(await screen.findByText('Type at least 2 characters to search clients')).toBeTruthy();
    expect(options).not.toHaveBeenCalled();

    await userEvent.type(picker, 'e');
    expect(await screen.findByRole('option', { name: 'Pennine Homes Ltd' })).toBeTruthy();
    expect(options.mock.calls.at(-1)![0].query.get('s')).toBe('Pe');

    await userEvent.type(picker, 'n');
    const clyde = await screen.findByRole('option', { name: /Clyde Civil Engineering/ });
    expect(clyde.textContent).toContain('with project Penrith Gateway');
    expect(screen.queryByRole('option', { name: 'Client 01' })).toBeNull();
    await userEvent.click(clyde);
    await userEvent.click(screen.getByRole('button', { name: 'Save Client' }));

    const table = screen.getByRole('table', { name: 'Clients of this user' });
    expect(within(table).getByRole('button', { name: 'Clyde Civil Engineering' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saveBody(requests)).toMatchObject({
        clients: ['client-1', 'client-clyde'],
        projects: ['project-gateway'],
      }),
    );
  });

  it("says 'No available items' when the search finds nothing to add", async () => {
    await openEditUser();
    const picker = screen.getByRole('combobox', { name: 'Add Clients' });
    await userEvent.click(picker);
    await userEvent.type(picker, 'zz');
    expect(await screen.findByText('No available items')).toBeTruthy();
  });

  it('expands a client to its projects, with archived ones apart, and switches access', async () => {
    const project = (id: string, name: string, archivedAt: string | null = null) => ({
      id,
      name,
      next_inspection_date: null,
      divisionProject: { division_id: 'north-region' },
      archivedAt,
    });
    const { requests } = await openEditUser({
      projects: () =>
        projectsPage([
          project('project-a', 'Alpha Site'),
          project('project-b', 'Beta Site'),
          project('project-old', 'Old Quarry', '2025-01-01T00:00:00.000Z'),
        ]),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Client 01' }));
    const projects = await screen.findByRole('table', { name: 'Projects of Client 01' });
    expect(within(projects).getByText('Alpha Site')).toBeTruthy();
    expect(within(projects).getAllByText('North Region')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Archived Projects' })).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Archived projects of Client 01' })).getByText('Old Quarry'),
    ).toBeTruthy();

    const statistics = within(projects).getByRole('switch', { name: /Access to statistics of Alpha Site/ });
    expect((statistics as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(projects).getByRole('switch', { name: 'Access to project Alpha Site' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saveBody(requests)).toMatchObject({ clients: ['client-1'], projects: ['project-a'] }),
    );
  });

  it("says 'No projects to be displayed' for a client without projects", async () => {
    await openEditUser();
    await userEvent.click(screen.getByRole('button', { name: 'Client 01' }));
    expect(await screen.findByText('No projects to be displayed')).toBeTruthy();
  });

  it('removes a client and its projects after the confirmation', async () => {
    const user = userOf({
      clients: [client(1), client(2)],
      projects: [
        { id: 'project-x', name: 'X', client_id: 'client-1', divisionId: 'north-region', archived: false },
      ],
    });
    const { requests } = await openEditUser({ user });
    await userEvent.click(screen.getByRole('button', { name: 'Delete client Client 01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete client' });
    expect(within(dialog).getByText('Are you sure you want to delete this client?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete client' }));
    expect(screen.queryByRole('button', { name: 'Client 01' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveBody(requests)).toMatchObject({ clients: ['client-2'], projects: [] }));
  });
});

// Keep act() referenced for the React warning-free timers above.
void act;
