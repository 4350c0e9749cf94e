import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { usersRoutes } from '@stormline/contract/areas/users';
import { forgetListPlaces } from '../../../lib/list/list-places';
import { ok, refuse, serveApi, type ServedRequest } from '../../../testing/api';
import { renderScreen } from '../../../testing/render';
import UsersAdminRoute from '../routes/users-admin';
import {
  ADMIN_PATH,
  ADMIN_URL,
  NORTH,
  creationOptions,
  profileWith,
  usersPage,
  userRow,
} from '../users-fixtures';
import { EMAIL_MESSAGES, emailEntryMessage, isValidEmail } from './email-entry';

const CREATE = usersRoutes.createUsers.key;

async function openModal(created: (request: ServedRequest) => ReturnType<typeof ok> = invited) {
  const served = await serveApi([
    [usersRoutes.listUsers, () => usersPage([userRow('ines', 'Inspector')])],
    [usersRoutes.getUserCreationOptions, creationOptions],
    [usersRoutes.createUsers, created],
  ]);
  renderScreen(<UsersAdminRoute />, {
    url: ADMIN_URL,
    path: ADMIN_PATH,
    profile: profileWith('Admin'),
    divisionId: NORTH,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Add Users' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Users' });
  await within(dialog).findByRole('combobox', { name: 'Role' });
  return { ...served, dialog };
}

function invited(request: ServedRequest) {
  const body = request.body as { emails: string[]; roleId: string };
  return ok(usersRoutes.createUsers, {
    users: body.emails.map((email, i) => ({
      ...userRow(`new-${i}`, 'Client User', 'invited'),
      email,
    })),
    notSent: [],
  });
}

const emailsBox = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Emails' });
const pills = (dialog: HTMLElement) =>
  Array.from(within(dialog).getByTestId('email-entry').querySelectorAll('.mantine-Pill-label')).map(
    (pill) => pill.firstChild?.textContent,
  );

async function chooseRole(dialog: HTMLElement, name: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

beforeEach(() => forgetListPlaces());

describe('the email rules', () => {
  it('checks each email with the contract', () => {
    expect(isValidEmail('ann@example.com')).toBe(true);
    expect(isValidEmail('ann@')).toBe(false);
    expect(emailEntryMessage(['ann@example.com', 'bob'])).toBe('Please enter a valid email address');
    expect(emailEntryMessage(['ann@example.com'])).toBeNull();
  });
});

describe('Add Users (spec 001 §2)', () => {
  it('takes emails separated by enter, comma or space, once each, and marks a malformed one', async () => {
    const { dialog } = await openModal();
    const box = emailsBox(dialog);
    await userEvent.type(box, 'ann@example.com{enter}bob@example.com,cy@example.com ');
    expect(pills(dialog)).toEqual(['ann@example.com', 'bob@example.com', 'cy@example.com']);

    // The same email again (in any case) is not added twice, and the entry says why.
    await userEvent.type(box, 'Ann@example.com{enter}');
    expect(pills(dialog)).toHaveLength(3);
    expect(within(dialog).getByText(EMAIL_MESSAGES.duplicate)).toBeTruthy();

    // A malformed email stays, red, with the spec's message until it is removed.
    await userEvent.type(box, 'dee@{enter}');
    expect(pills(dialog)).toHaveLength(4);
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(within(dialog).getByText('(not a valid email)', { exact: false })).toBeTruthy();
    await userEvent.type(box, '{backspace}');
    expect(pills(dialog)).toHaveLength(3);
    expect(within(dialog).queryByText('Please enter a valid email address')).toBeNull();
  });

  it('needs at least one email, a role and a division before step 2', async () => {
    const { dialog } = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(EMAIL_MESSAGES.required)).toBeTruthy();
    expect(within(dialog).getByText('Role is required')).toBeTruthy();
    // Still on step 1.
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeTruthy();

    // Clearing the division asks for one.
    await userEvent.type(emailsBox(dialog), 'ann@example.com{enter}');
    await chooseRole(dialog, 'Client User');
    await userEvent.type(emailsBox(dialog), '{backspace}');
    expect(pills(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(EMAIL_MESSAGES.required)).toBeTruthy();
  });

  it('does not go on with a malformed email', async () => {
    const { dialog } = await openModal();
    await userEvent.type(emailsBox(dialog), 'ann@example.com bob@{enter}');
    await chooseRole(dialog, 'Client User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy());
    expect(within(dialog).queryByRole('button', { name: 'Create' })).toBeNull();
  });

  it('offers a manager only for the roles that keep one', async () => {
    const { dialog } = await openModal();
    await chooseRole(dialog, 'Client User');
    expect(within(dialog).queryByRole('combobox', { name: 'Manager' })).toBeNull();
    await chooseRole(dialog, 'Inspector');
    const manager = await within(dialog).findByRole('combobox', { name: 'Manager' });
    await userEvent.click(manager);
    expect(await screen.findByRole('option', { name: 'Alex Morgan' })).toBeTruthy();
  });

  it('walks both steps and creates with the emails, role, divisions, clients and projects', async () => {
    const { dialog, requests } = await openModal();
    await userEvent.type(emailsBox(dialog), 'ann@example.com,bob@example.com{enter}');
    await chooseRole(dialog, 'Client User');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Position' }), 'Site engineer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 2: the division's clients, then each chosen client's projects.
    const clients = await within(dialog).findByRole('combobox', { name: 'Clients' });
    expect(within(dialog).getByText(/No clients chosen/)).toBeTruthy();
    await userEvent.click(clients);
    await userEvent.click(await screen.findByRole('option', { name: 'Pennine Homes Ltd' }));
    const pennine = await within(dialog).findByRole('group', { name: 'Pennine Homes Ltd' });
    await userEvent.click(await within(pennine).findByRole('checkbox', { name: 'Harrogate Business Park' }));
    expect(
      (
        within(pennine).getByRole('checkbox', {
          name: 'All projects of Pennine Homes Ltd',
        }) as HTMLInputElement
      ).indeterminate,
    ).toBe(true);
    // The projects were asked for this division's chosen clients.
    const asked = requests.filter((request) => request.route === usersRoutes.getUserCreationOptions.key);
    expect(asked.at(-1)?.query.get('clientIds')).toBe('client-pennine');
    expect(asked.at(-1)?.headers.get('divisionid')).toBe(NORTH);

    // Back keeps step 1 as it was.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(pills(dialog)).toEqual(['ann@example.com', 'bob@example.com']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Users' })).toBeNull());
    const sent = requests.find((request) => request.route === CREATE)!;
    expect(sent.body).toEqual({
      emails: ['ann@example.com', 'bob@example.com'],
      roleId: 'client-user',
      divisionIds: [NORTH],
      position: 'Site engineer',
      managerUserId: null,
      clients: ['client-pennine'],
      projects: ['project-harrogate'],
    });
  });

  it('takes a client away with its projects', async () => {
    const { dialog, requests } = await openModal();
    await userEvent.type(emailsBox(dialog), 'ann@example.com{enter}');
    await chooseRole(dialog, 'Client User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(await within(dialog).findByRole('combobox', { name: 'Clients' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pennine Homes Ltd' }));
    const pennine = await within(dialog).findByRole('group', { name: 'Pennine Homes Ltd' });
    await userEvent.click(
      await within(pennine).findByRole('checkbox', { name: 'All projects of Pennine Homes Ltd' }),
    );
    // Clear the clients: their projects go too.
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Clients' }));
    await userEvent.keyboard('{Escape}');
    const clientsField = within(dialog).getByRole('combobox', { name: 'Clients' });
    await userEvent.type(clientsField, '{backspace}');
    await waitFor(() =>
      expect(within(dialog).queryByRole('group', { name: 'Pennine Homes Ltd' })).toBeNull(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(requests.some((request) => request.route === CREATE)).toBe(true));
    const sent = requests.find((request) => request.route === CREATE)!.body as Record<string, unknown>;
    expect(sent.clients).toEqual([]);
    expect(sent.projects).toEqual([]);
  });

  it("shows a taken email under the emails of step 1, with the server's message", async () => {
    const { dialog } = await openModal(() =>
      refuse(409, 'A user with the email ann@example.com already exists'),
    );
    await userEvent.type(emailsBox(dialog), 'ann@example.com{enter}');
    await chooseRole(dialog, 'Client User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('A user with the email ann@example.com already exists'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it("shows any other refusal with the server's message on step 2", async () => {
    const { dialog } = await openModal(() => refuse(403, 'Your role cannot give the role Client User'));
    await userEvent.type(emailsBox(dialog), 'ann@example.com{enter}');
    await chooseRole(dialog, 'Client User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Your role cannot give the role Client User')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeTruthy();
  });

  it('gives no clients when the invitees do not join this division', async () => {
    const { dialog, requests } = await openModal();
    await userEvent.type(emailsBox(dialog), 'ann@example.com{enter}');
    await chooseRole(dialog, 'Client User');
    const divisions = within(dialog).getByRole('combobox', { name: 'Divisions' });
    await userEvent.click(divisions);
    await userEvent.click(await screen.findByRole('option', { name: 'South Region' }));
    await userEvent.click(await screen.findByRole('option', { name: 'North Region' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(/Clients and projects are given in North Region/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(requests.some((request) => request.route === CREATE)).toBe(true));
    const sent = requests.find((request) => request.route === CREATE)!.body as Record<string, unknown>;
    expect(sent.divisionIds).toEqual(['south-region']);
    expect(sent.clients).toEqual([]);
  });

  it('says exactly who was invited and whose e-mail did not go when the mail service fails part-way', async () => {
    const { dialog } = await openModal((request) => {
      const body = request.body as { emails: string[] };
      return ok(usersRoutes.createUsers, {
        users: body.emails.map((email, i) => ({ ...userRow(`new-${i}`, 'Client User', 'invited'), email })),
        notSent: ['cat@example.com'],
      });
    });
    await userEvent.type(emailsBox(dialog), 'ann@example.com,bob@example.com,cat@example.com{enter}');
    await chooseRole(dialog, 'Client User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Some invitations were not sent')).toBeTruthy();
    expect(
      screen.getByText(
        'ann@example.com and bob@example.com were invited. The invitation e-mail could not be sent to cat@example.com: they are listed as invited; use Re-invite to send it again.',
      ),
    ).toBeTruthy();
  });
});
