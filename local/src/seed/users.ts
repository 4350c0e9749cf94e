import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@stormline/data/dynamo';
import { linkSteps } from '@stormline/data/invitations';
import { saveFrequency, saveSettings } from '@stormline/data/notification-settings';
import { transact } from '@stormline/data/transact';
import { assignmentSteps, projectOptions, readAssignments } from '@stormline/data/user-assignments';
import { createUser, divisionIdsOf, readUser, writeUser } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import type { Region } from '@stormline/domain/region';
import { roleByName } from '@stormline/domain/roles';
import type { RoleName } from '@stormline/domain/roles';
import { INVITATION_LINK_SECONDS } from '@stormline/domain/user-rules';
import { createActiveAccount } from '@stormline/functions/lib/accounts';

/**
 * Demo users beyond the sign-in accounts (docs/decisions/0013): one of every remaining role, a
 * reporting line (Inspector -> Area / Assistant Manager -> Regional Manager), project access for
 * the client accounts, two invitations waiting and a deactivated user, so the users admin and
 * Edit User show a lived-in division.
 */

const NORTH = 'north-region';
const SOUTH = 'south-region';

interface ExtraAccount {
  role: RoleName;
  email: string;
  first_name: string;
  last_name: string;
  position: string;
  divisionIds: string[];
}

/** Active accounts of the roles the sign-in table leaves out; the password is the demo one. */
export const EXTRA_DEMO_ACCOUNTS: readonly ExtraAccount[] = [
  {
    role: 'SWMP Admin',
    email: 'swmp.admin@example.com',
    first_name: 'Sofia',
    last_name: 'Wright',
    position: 'SWMP Administrator',
    divisionIds: [NORTH, SOUTH],
  },
  {
    role: 'Regional Manager (External)',
    email: 'external.manager@example.com',
    first_name: 'Reid',
    last_name: 'Palmer',
    position: 'Consultant Regional Manager',
    divisionIds: [NORTH],
  },
  {
    role: 'Area / Assistant Manager',
    email: 'area.manager@example.com',
    first_name: 'Alma',
    last_name: 'Nguyen',
    position: 'Area Manager',
    divisionIds: [NORTH],
  },
  {
    role: 'Client Inspector',
    email: 'client.inspector@example.com',
    first_name: 'Cole',
    last_name: 'Bennett',
    position: 'Client QA Inspector',
    divisionIds: [NORTH],
  },
  {
    role: 'Regulator - With Photos',
    email: 'regulator.photos@example.com',
    first_name: 'Paige',
    last_name: 'Holloway',
    position: 'Environmental Officer',
    divisionIds: [NORTH],
  },
  {
    role: 'CDOT PE/Designee',
    email: 'pe.designee@example.com',
    first_name: 'Devon',
    last_name: 'Price',
    position: 'Project Engineer (PE)',
    divisionIds: [NORTH],
  },
  {
    role: 'Supervising Engineer',
    email: 'supervising.engineer@example.com',
    first_name: 'Sasha',
    last_name: 'Kim',
    position: 'Supervising Engineer',
    divisionIds: [NORTH, SOUTH],
  },
];

const INVITED: readonly { email: string; role: RoleName; position: string }[] = [
  { email: 'new.inspector@example.com', role: 'Inspector', position: 'Trainee Inspector' },
  { email: 'site.engineer@example.com', role: 'Client User', position: 'Site Engineer' },
];

const byEmail = (users: readonly UserRecord[], email: string) => users.find((u) => u.email === email);

/** Sets a stored user's manager (the one writer, at the version stored). */
async function setManager(db: Db, userId: string, managerUserId: string): Promise<void> {
  const before = await readUser(db, userId);
  if (!before) return;
  await writeUser(db, {
    before,
    changes: { managerUserId },
    divisionsBefore: await divisionIdsOf(db, userId),
  });
}

/** Gives a user access to every active project of the clients they are a contact of in North. */
async function giveClientProjects(db: Db, userId: string, now: Date): Promise<void> {
  const current = await readAssignments(db, userId, NORTH);
  const clientIds = current.clients.map((c) => c.id);
  const projects = await projectOptions(db, NORTH, clientIds, 50);
  const steps = await assignmentSteps(
    db,
    userId,
    NORTH,
    current,
    { clients: clientIds, projects: projects.map((p) => p.id) },
    now,
  );
  if (steps.length > 0) await transact(db, steps);
}

export async function seedUsers(
  db: Db,
  region: Region,
  users: readonly UserRecord[],
  password: string,
  now: Date,
): Promise<void> {
  const extra = await Promise.all(
    EXTRA_DEMO_ACCOUNTS.map((a) =>
      createActiveAccount(
        db,
        { ...a, password, phone: region === 'US' ? '(303) 555-0177' : '0113 496 0177', consented: true },
        now,
      ),
    ),
  );
  const all = [...users, ...extra];

  // The reporting line of spec 001 §5.
  const regional = byEmail(all, 'regional.manager@example.com');
  const area = byEmail(all, 'area.manager@example.com');
  const inspector = byEmail(all, 'inspector@example.com');
  if (regional && area) await setManager(db, area.id, regional.id);
  if (area && inspector) await setManager(db, inspector.id, area.id);

  for (const email of [
    'client.manager@example.com',
    'client.user@example.com',
    'bmp.contractor@example.com',
  ]) {
    const user = byEmail(all, email);
    if (user) await giveClientProjects(db, user.id, now);
  }

  // A few settings changed from the defaults.
  if (inspector) {
    await saveSettings(db, inspector.id, [
      { typeId: 'missed-inspection', is_enabled: ['in-app', 'email', 'sms'], default_email_message: null },
      { typeId: 'project-assigned', is_enabled: ['in-app'], default_email_message: null },
    ]);
    await saveFrequency(db, inspector.id, 'Daily');
  }

  // Invitations waiting (an administrator re-invites to send the e-mail with a fresh link).
  const admin = byEmail(all, 'admin@example.com');
  for (const invite of INVITED) {
    const hash = createHash('sha256').update(randomBytes(32)).digest('hex');
    await createUser(
      db,
      {
        email: invite.email,
        first_name: '',
        last_name: '',
        position: invite.position,
        phone: null,
        phone_ext: null,
        roleId: roleByName(invite.role).id,
        status: 'invited',
        passwordHash: null,
        permissionsOverride: null,
        electronicSignatureAuthorization: false,
        dataPolicySignature: false,
        inviteLinkHash: hash,
        invitedBy: admin?.id ?? null,
        divisionIds: [NORTH],
      },
      now,
      (user) =>
        linkSteps(db, user.id, {
          hash,
          kind: 'INVITE',
          expiresAt: new Date(now.getTime() + INVITATION_LINK_SECONDS * 1000),
        }),
    );
  }

  // A deactivated account: it cannot sign in until an administrator activates it.
  const former = await createActiveAccount(
    db,
    {
      role: 'Inspector',
      email: 'former.inspector@example.com',
      password,
      first_name: 'Frank',
      last_name: 'Doyle',
      position: 'Stormwater Inspector',
      divisionIds: [NORTH],
    },
    now,
  );
  await writeUser(db, { before: former, changes: { status: 'inactive' }, divisionsBefore: [NORTH] });
}
