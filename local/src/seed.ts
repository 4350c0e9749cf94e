import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '@stormline/data/dynamo';
import { createDivision } from '@stormline/data/divisions';
import { keys } from '@stormline/data/keys';
import { createNotification, markRead } from '@stormline/data/notifications';
import type { UserRecord } from '@stormline/data/users';
import type { RoleName } from '@stormline/domain/roles';
import { createActiveAccount } from '@stormline/functions/lib/accounts';
import { demoProjectNames, seedClients } from './seed/clients';
import { seedInspections } from './seed/inspections';
import { seedMapFeatures } from './seed/map-features';
import { seedProjectDocuments } from './seed/project-documents';
import { seedRegulations } from './seed/regulations';
import { seedTemplates } from './seed/templates';
import { seedUsers } from './seed/users';

export const DEMO_PASSWORD = 'Demo-Passw0rd!';

export const DEMO_DIVISIONS = [
  { id: 'north-region', name: 'North Region' },
  { id: 'south-region', name: 'South Region' },
] as const;

const BOTH = DEMO_DIVISIONS.map((d) => d.id);
const NORTH = ['north-region'];
const SOUTH = ['south-region'];

export interface DemoAccount {
  role: RoleName;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  position: string;
  divisionIds: string[];
}

/** One account per role the demo needs; printed on start so a newcomer can sign in at once. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account('Admin', 'admin@example.com', 'Avery', 'Admin', 'Operations Director', BOTH, 'Admin-Passw0rd!'),
  account(
    'Divisions Admin',
    'divisions.admin@example.com',
    'Dana',
    'Whitfield',
    'Divisions Administrator',
    BOTH,
  ),
  account('Regional Manager', 'regional.manager@example.com', 'Rafael', 'Ortega', 'Regional Manager', NORTH),
  account('Inspector', 'inspector@example.com', 'Ines', 'Carter', 'Stormwater Inspector', NORTH),
  account('Inspector', 'south.inspector@example.com', 'Sam', 'Okafor', 'Stormwater Inspector', SOUTH),
  account('Client Manager', 'client.manager@example.com', 'Claire', 'Mason', 'Site Manager', NORTH),
  account('Client User', 'client.user@example.com', 'Chris', 'Lee', 'Project Engineer', NORTH),
  account('BMP Contractor', 'bmp.contractor@example.com', 'Bo', 'Martinez', 'BMP Crew Lead', NORTH),
  account('Regulator', 'regulator@example.com', 'Riley', 'Quinn', 'Environmental Compliance Officer', BOTH),
  account('Public', 'public@example.com', 'Public', 'Viewer', 'Public viewer', BOTH, 'Public-Passw0rd!'),
];

function account(
  role: RoleName,
  email: string,
  first_name: string,
  last_name: string,
  position: string,
  divisionIds: string[],
  password = DEMO_PASSWORD,
): DemoAccount {
  return { role, email, password, first_name, last_name, position, divisionIds };
}

/** A few notifications for the staff accounts, so the bell has something to show (two unread, one read). */
async function seedNotifications(
  db: Db,
  users: readonly (UserRecord & { divisionIds: string[] })[],
  [first, second, third]: string[],
  now: Date,
): Promise<void> {
  const staff = users.filter(
    (u) =>
      ['admin', 'regional-manager', 'inspector'].includes(u.roleId) && u.divisionIds.includes('north-region'),
  );
  for (const user of staff) {
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const read = await createNotification(
      db,
      user.id,
      {
        title: 'Inspection Complete',
        content: `The routine inspection of ${second} was completed and certified.`,
        link: '/divisions/north-region/projects',
      },
      at(26 * 60),
    );
    await markRead(db, user.id, read.id);
    await createNotification(
      db,
      user.id,
      {
        title: 'Missed Inspection',
        content: `${third} was due two days ago and has no inspection yet.`,
        link: '/divisions/north-region/projects',
      },
      at(90),
    );
    await createNotification(
      db,
      user.id,
      {
        title: 'Inspection Ready To Sign',
        content: `${first} is waiting for your certification.`,
        link: '/divisions/north-region/dashboard',
      },
      at(5),
    );
  }
}

export async function isSeeded(db: Db): Promise<boolean> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.seedMarker(), ConsistentRead: true }),
  );
  return Boolean(Item);
}

/** Demo data for a fresh store: two divisions (to show tenancy), clients, projects and one account per role. */
export async function seedDemoData(db: Db, region: 'US' | 'UK', now = new Date()): Promise<void> {
  for (const division of DEMO_DIVISIONS) await createDivision(db, { ...division, now });
  const users = await Promise.all(
    DEMO_ACCOUNTS.map((a) =>
      createActiveAccount(
        db,
        {
          ...a,
          phone: region === 'US' ? '(303) 555-0100' : null,
          consented: a.role !== 'Public',
        },
        now,
      ),
    ),
  );
  await seedNotifications(db, users, demoProjectNames(region, 'north-region'), now);
  await seedTemplates(
    db,
    DEMO_DIVISIONS.map((d) => d.id),
    now,
  );
  // Regulation groups before clients: the demo projects name their division's regulations.
  await seedRegulations(
    db,
    region,
    DEMO_DIVISIONS.map((d) => d.id),
    users[0]!.id,
    now,
  );
  await seedClients(db, region, users, now);
  await seedUsers(db, region, users, DEMO_PASSWORD, now);
  // A season of inspections on the demo projects (issue 10), through the API's own writers.
  await seedInspections(db, users, now);
  await seedProjectDocuments(
    db,
    DEMO_DIVISIONS.map((d) => d.id),
    users[0]!.id,
    now,
  );
  // A few features on the first North project's first site map (issue 21).
  await seedMapFeatures(db, DEMO_DIVISIONS[0].id, `${users[0]!.first_name} ${users[0]!.last_name}`, now);
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.seedMarker(), type: 'SeedMarker', seededAt: now.toISOString() },
    }),
  );
}
