import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '@stormline/data/dynamo';
import { createDivision } from '@stormline/data/divisions';
import { createClient } from '@stormline/data/clients';
import type { ClientAddress } from '@stormline/data/clients';
import { createProject } from '@stormline/data/projects';
import { keys } from '@stormline/data/keys';
import { createNotification, markRead } from '@stormline/data/notifications';
import type { UserRecord } from '@stormline/data/users';
import { roleByName } from '@stormline/domain/roles';
import type { RoleName } from '@stormline/domain/roles';
import { createActiveAccount } from '@stormline/functions/lib/accounts';

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

interface DemoSite {
  divisionId: string;
  client: { name: string; address: ClientAddress };
  projects: {
    name: string;
    street: string;
    city: string;
    state: string;
    zip: string;
    lat: number;
    lon: number;
    timezone: string;
    dueInDays: number;
  }[];
}

const US_SITES: DemoSite[] = [
  {
    divisionId: 'north-region',
    client: {
      name: 'Cedar Ridge Developments',
      address: {
        street_1: '1450 Pearl Street',
        street_2: 'Suite 300',
        city: 'Boulder',
        state: 'CO',
        zip: '80302',
        phone: '(303) 555-0142',
        phone_ext: null,
      },
    },
    projects: [
      {
        name: 'Cedar Ridge Phase 2 Subdivision',
        street: '5800 Spine Road',
        city: 'Boulder',
        state: 'CO',
        zip: '80301',
        lat: 40.063411,
        lon: -105.205102,
        timezone: 'America/Denver',
        dueInDays: 0,
      },
      {
        name: 'Flatirons Medical Office',
        street: '4743 Arapahoe Avenue',
        city: 'Boulder',
        state: 'CO',
        zip: '80303',
        lat: 40.013934,
        lon: -105.237862,
        timezone: 'America/Denver',
        dueInDays: 3,
      },
    ],
  },
  {
    divisionId: 'north-region',
    client: {
      name: 'Harbor Point Construction',
      address: {
        street_1: '200 Lakeshore Drive',
        street_2: null,
        city: 'Chicago',
        state: 'IL',
        zip: '60601',
        phone: '(312) 555-0199',
        phone_ext: '12',
      },
    },
    projects: [
      {
        name: 'Lakeshore Logistics Center',
        street: '9100 S Cicero Avenue',
        city: 'Oak Lawn',
        state: 'IL',
        zip: '60453',
        lat: 41.726513,
        lon: -87.738954,
        timezone: 'America/Chicago',
        dueInDays: -2,
      },
    ],
  },
  {
    divisionId: 'south-region',
    client: {
      name: 'Gulf Coast Infrastructure',
      address: {
        street_1: '700 Louisiana Street',
        street_2: 'Floor 12',
        city: 'Houston',
        state: 'TX',
        zip: '77002',
        phone: '(713) 555-0110',
        phone_ext: null,
      },
    },
    projects: [
      {
        name: 'Bayou Crossing Highway Widening',
        street: '12000 Katy Freeway',
        city: 'Houston',
        state: 'TX',
        zip: '77079',
        lat: 29.783742,
        lon: -95.592217,
        timezone: 'America/Chicago',
        dueInDays: 1,
      },
      {
        name: 'Sun Valley Solar Farm',
        street: '3300 W Baseline Road',
        city: 'Phoenix',
        state: 'AZ',
        zip: '85041',
        lat: 33.377581,
        lon: -112.131286,
        timezone: 'America/Phoenix',
        dueInDays: 7,
      },
    ],
  },
];

const UK_SITES: DemoSite[] = [
  {
    divisionId: 'north-region',
    client: {
      name: 'Pennine Homes Ltd',
      address: {
        street_1: '14 Wellington Street',
        street_2: null,
        city: 'Leeds',
        state: 'England',
        zip: 'LS1 4DL',
        phone: '0113 496 0142',
        phone_ext: null,
      },
    },
    projects: [
      {
        name: 'Kirkstall Riverside Housing',
        street: 'Kirkstall Road',
        city: 'Leeds',
        state: 'England',
        zip: 'LS4 2AZ',
        lat: 53.81056,
        lon: -1.59671,
        timezone: 'Europe/London',
        dueInDays: 0,
      },
      {
        name: 'Harrogate Business Park',
        street: 'Hookstone Chase',
        city: 'Harrogate',
        state: 'England',
        zip: 'HG2 7HW',
        lat: 53.98924,
        lon: -1.51442,
        timezone: 'Europe/London',
        dueInDays: 3,
      },
    ],
  },
  {
    divisionId: 'north-region',
    client: {
      name: 'Clyde Civil Engineering',
      address: {
        street_1: '80 St Vincent Street',
        street_2: 'Floor 4',
        city: 'Glasgow',
        state: 'Scotland',
        zip: 'G2 5UB',
        phone: '0141 496 0199',
        phone_ext: '12',
      },
    },
    projects: [
      {
        name: 'Clyde Gateway Drainage Upgrade',
        street: 'Dalmarnock Road',
        city: 'Glasgow',
        state: 'Scotland',
        zip: 'G40 4LA',
        lat: 55.84512,
        lon: -4.21388,
        timezone: 'Europe/London',
        dueInDays: -2,
      },
    ],
  },
  {
    divisionId: 'south-region',
    client: {
      name: 'Severn Infrastructure Partners',
      address: {
        street_1: '1 Temple Quay',
        street_2: null,
        city: 'Bristol',
        state: 'England',
        zip: 'BS1 6DZ',
        phone: '0117 496 0110',
        phone_ext: null,
      },
    },
    projects: [
      {
        name: 'M4 Junction 19 Widening',
        street: 'Coldharbour Lane',
        city: 'Bristol',
        state: 'England',
        zip: 'BS16 1QY',
        lat: 51.50028,
        lon: -2.54856,
        timezone: 'Europe/London',
        dueInDays: 1,
      },
      {
        name: 'Cardiff Bay Flood Defences',
        street: 'Lloyd George Avenue',
        city: 'Cardiff',
        state: 'Wales',
        zip: 'CF10 4QH',
        lat: 51.46812,
        lon: -3.16642,
        timezone: 'Europe/London',
        dueInDays: 7,
      },
    ],
  },
];

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

function dateInDays(days: number, now: Date): string {
  const date = new Date(now);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
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
  const inspectorOf = (divisionId: string) =>
    users.find((u) => u.roleId === roleByName('Inspector').id && u.divisionIds.includes(divisionId))?.id ??
    null;

  const sites = region === 'US' ? US_SITES : UK_SITES;
  const northProjects = sites
    .filter((s) => s.divisionId === 'north-region')
    .flatMap((s) => s.projects.map((p) => p.name));
  await seedNotifications(db, users, northProjects, now);
  for (const site of sites) {
    const client = await createClient(
      db,
      site.divisionId,
      { ...site.client, default_finding_observation: null, disable_images: false },
      now,
    );
    for (const p of site.projects) {
      await createProject(
        db,
        {
          divisionId: site.divisionId,
          client_id: client.id,
          name: p.name,
          inspection_template_id: null,
          permittee: null,
          address: {
            street_1: p.street,
            city: p.city,
            state: p.state,
            zip: p.zip,
            latitude: p.lat,
            longitude: p.lon,
          },
          timezone: p.timezone,
          inspector_user_id: inspectorOf(site.divisionId),
          start_date: dateInDays(-90, now),
          end_date: dateInDays(275, now),
          next_inspection_date: dateInDays(p.dueInDays, now),
          routine_interval: 7,
          inspection_compliance_required: true,
          findingComplianceRequired: true,
          notes: null,
        },
        now,
      );
    }
  }
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.seedMarker(), type: 'SeedMarker', seededAt: now.toISOString() },
    }),
  );
}
