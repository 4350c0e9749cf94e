import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addContacts, createClient } from '@stormline/data/clients';
import type { ClientAddress } from '@stormline/data/clients';
import type { Db } from '@stormline/data/dynamo';
import { INDEXES } from '@stormline/data/table';
import { createProject } from '@stormline/data/projects';
import type { UserRecord } from '@stormline/data/users';
import type { Region } from '@stormline/domain/region';
import { DEMO_TEMPLATES } from './templates';

/**
 * Demo clients, their contacts and a few projects per seeded division, in the region's variant
 * (US: states, zip codes, US phones and time zones; UK: countries, postcodes, GMT).
 */

interface DemoProject {
  name: string;
  street: string;
  city: string;
  place: string;
  zip: string;
  lat: number;
  lon: number;
  timezone: string;
  dueInDays: number;
}

interface DemoClient {
  divisionId: string;
  name: string;
  address: ClientAddress;
  observation: string | null;
  /** Users of the division (by demo e-mail) who are the client's contacts. */
  contacts: string[];
  projects: DemoProject[];
}

const NORTH_CONTACTS = [
  'client.manager@example.com',
  'client.user@example.com',
  'regional.manager@example.com',
];

function usAddress(
  street_1: string,
  street_2: string | null,
  city: string,
  state: string,
  zip: string,
  phone: string,
  phone_ext: string | null = null,
): ClientAddress {
  return { street_1, street_2, city, state_id: state, country_id: null, zip, phone, phone_ext };
}

function ukAddress(
  street_1: string,
  street_2: string | null,
  city: string,
  country: string,
  zip: string,
  phone: string | null,
  phone_ext: string | null = null,
): ClientAddress {
  return { street_1, street_2, city, state_id: null, country_id: country, zip, phone, phone_ext };
}

const US_CLIENTS: DemoClient[] = [
  {
    divisionId: 'north-region',
    name: 'Cedar Ridge Developments',
    address: usAddress('1450 Pearl Street', 'Suite 300', 'Boulder', 'CO', '80302', '(303) 555-0142'),
    observation: 'next-day',
    contacts: NORTH_CONTACTS,
    projects: [
      {
        name: 'Cedar Ridge Phase 2 Subdivision',
        street: '5800 Spine Road',
        city: 'Boulder',
        place: 'CO',
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
        place: 'CO',
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
    name: 'Harbor Point Construction',
    address: usAddress('200 Lakeshore Drive', null, 'Chicago', 'IL', '60601', '(312) 555-0199', '12'),
    observation: 'two-or-more-days',
    contacts: ['client.manager@example.com', 'inspector@example.com'],
    projects: [
      {
        name: 'Lakeshore Logistics Center',
        street: '9100 S Cicero Avenue',
        city: 'Oak Lawn',
        place: 'IL',
        zip: '60453',
        lat: 41.726513,
        lon: -87.738954,
        timezone: 'America/Chicago',
        dueInDays: -2,
      },
    ],
  },
  {
    divisionId: 'north-region',
    name: 'Front Range Paving Co',
    address: usAddress('3300 Walnut Street', null, 'Denver', 'CO', '80205', '(720) 555-0117'),
    observation: null,
    contacts: ['regional.manager@example.com'],
    projects: [],
  },
  {
    divisionId: 'north-region',
    name: 'Prairie Wind Energy',
    address: usAddress('505 Main Street', 'Floor 2', 'Cheyenne', 'WY', '82001', '(307) 555-0163', '204'),
    observation: 'next-day',
    contacts: ['client.user@example.com'],
    projects: [],
  },
  {
    divisionId: 'south-region',
    name: 'Gulf Coast Infrastructure',
    address: usAddress('700 Louisiana Street', 'Floor 12', 'Houston', 'TX', '77002', '(713) 555-0110'),
    observation: 'two-or-more-days',
    contacts: ['south.inspector@example.com', 'divisions.admin@example.com'],
    projects: [
      {
        name: 'Bayou Crossing Highway Widening',
        street: '12000 Katy Freeway',
        city: 'Houston',
        place: 'TX',
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
        place: 'AZ',
        zip: '85041',
        lat: 33.377581,
        lon: -112.131286,
        timezone: 'America/Phoenix',
        dueInDays: 7,
      },
    ],
  },
  {
    divisionId: 'south-region',
    name: 'Mesa Verde Homebuilders',
    address: usAddress('2 N Central Avenue', null, 'Phoenix', 'AZ', '85004', '(602) 555-0181'),
    observation: null,
    contacts: ['south.inspector@example.com'],
    projects: [],
  },
  {
    divisionId: 'south-region',
    name: 'Rio Grande Water Authority',
    address: usAddress('1 Civic Plaza NW', null, 'Albuquerque', 'NM', '87102', '(505) 555-0126'),
    observation: 'next-day',
    contacts: ['divisions.admin@example.com'],
    projects: [],
  },
];

const UK_CLIENTS: DemoClient[] = [
  {
    divisionId: 'north-region',
    name: 'Pennine Homes Ltd',
    address: ukAddress('14 Wellington Street', null, 'Leeds', 'england', 'LS1 4DL', '0113 496 0142'),
    observation: 'next-day',
    contacts: NORTH_CONTACTS,
    projects: [
      {
        name: 'Kirkstall Riverside Housing',
        street: 'Kirkstall Road',
        city: 'Leeds',
        place: 'england',
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
        place: 'england',
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
    name: 'Clyde Civil Engineering',
    address: ukAddress(
      '80 St Vincent Street',
      'Floor 4',
      'Glasgow',
      'scotland',
      'G2 5UB',
      '0141 496 0199',
      '12',
    ),
    observation: 'two-or-more-days',
    contacts: ['client.manager@example.com', 'inspector@example.com'],
    projects: [
      {
        name: 'Clyde Gateway Drainage Upgrade',
        street: 'Dalmarnock Road',
        city: 'Glasgow',
        place: 'scotland',
        zip: 'G40 4LA',
        lat: 55.84512,
        lon: -4.21388,
        timezone: 'Europe/London',
        dueInDays: -2,
      },
    ],
  },
  {
    divisionId: 'north-region',
    name: 'Tyne Valley Groundworks',
    address: ukAddress('3 Quayside', null, 'Newcastle upon Tyne', 'england', 'NE1 3DX', null),
    observation: null,
    contacts: ['regional.manager@example.com'],
    projects: [],
  },
  {
    divisionId: 'north-region',
    name: 'Lagan Quarry Products',
    address: ukAddress(
      '12 Donegall Square',
      null,
      'Belfast',
      'northern-ireland',
      'BT1 5GS',
      '028 9649 6012',
      '30',
    ),
    observation: 'next-day',
    contacts: ['client.user@example.com'],
    projects: [],
  },
  {
    divisionId: 'south-region',
    name: 'Severn Infrastructure Partners',
    address: ukAddress('1 Temple Quay', null, 'Bristol', 'england', 'BS1 6DZ', '0117 496 0110'),
    observation: 'two-or-more-days',
    contacts: ['south.inspector@example.com', 'divisions.admin@example.com'],
    projects: [
      {
        name: 'M4 Junction 19 Widening',
        street: 'Coldharbour Lane',
        city: 'Bristol',
        place: 'england',
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
        place: 'wales',
        zip: 'CF10 4QH',
        lat: 51.46812,
        lon: -3.16642,
        timezone: 'Europe/London',
        dueInDays: 7,
      },
    ],
  },
  {
    divisionId: 'south-region',
    name: 'Dartmoor Aggregates',
    address: ukAddress('Tavistock Road', null, 'Plymouth', 'england', 'PL6 8BT', null),
    observation: null,
    contacts: ['south.inspector@example.com'],
    projects: [],
  },
  {
    divisionId: 'south-region',
    name: 'Brecon Water Services',
    address: ukAddress('Glamorgan Street', null, 'Brecon', 'wales', 'LD3 7DW', '01874 496012'),
    observation: 'next-day',
    contacts: ['divisions.admin@example.com'],
    projects: [],
  },
];

const clientsOf = (region: Region) => (region === 'US' ? US_CLIENTS : UK_CLIENTS);

/** The North projects' names, nearest due first, for the demo notifications that mention them. */
export function demoProjectNames(region: Region, divisionId: string): string[] {
  return clientsOf(region)
    .filter((c) => c.divisionId === divisionId)
    .flatMap((c) => c.projects.map((p) => p.name));
}

/**
 * A regulation group of the division for the demo projects, if the regulations' demo data was
 * seeded before; the first by name.
 */
async function firstGroupOf(db: Db, divisionId: string): Promise<string | null> {
  const { Items } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: INDEXES.byParent.indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `DIVISION#${divisionId}#GROUPS` },
      Limit: 1,
    }),
  );
  return (Items?.[0]?.groupId as string | undefined) ?? null;
}

function dateInDays(days: number, now: Date): string {
  const date = new Date(now);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The demo clients with their contacts, and their projects with the division's inspector. */
export async function seedClients(
  db: Db,
  region: Region,
  users: readonly (UserRecord & { divisionIds: string[] })[],
  now: Date,
): Promise<void> {
  const inspectorOf = (divisionId: string) =>
    users.find((u) => u.roleId === 'inspector' && u.divisionIds.includes(divisionId))?.id ?? null;
  let projectCount = 0;
  for (const demo of clientsOf(region)) {
    const client = await createClient(
      db,
      demo.divisionId,
      {
        name: demo.name,
        address: demo.address,
        default_finding_observation: demo.observation,
        disable_images: false,
      },
      now,
    );
    const contactIds = users
      .filter((u) => demo.contacts.includes(u.email) && u.divisionIds.includes(demo.divisionId))
      .map((u) => u.id);
    if (contactIds.length > 0) await addContacts(db, demo.divisionId, client.id, contactIds, now);
    for (const [i, p] of demo.projects.entries()) {
      // The first three templates in turn, so the demo shows a CCR and a CGP project too.
      const template = DEMO_TEMPLATES[projectCount++ % 3]!;
      await createProject(
        db,
        {
          divisionId: demo.divisionId,
          client_id: client.id,
          name: p.name,
          inspection_template_id: template.id,
          document_group_id: await firstGroupOf(db, demo.divisionId),
          permittee: i === 1 ? `${demo.name} (Permittee)` : null,
          address: {
            street_1: p.street,
            city: p.city,
            state_id: region === 'US' ? p.place : null,
            country_id: region === 'UK' ? p.place : null,
            zip: p.zip,
            latitude: p.lat,
            longitude: p.lon,
          },
          timezone: p.timezone,
          inspector_user_id: inspectorOf(demo.divisionId),
          start_date: dateInDays(-90, now),
          end_date: dateInDays(275, now),
          next_inspection_date: dateInDays(p.dueInDays, now),
          routine_interval: 7,
          isCcrProject: template.options.ccr,
          inspection_compliance_required: template.options.hasComplianceCert,
          findingComplianceRequired: template.options.hasComplianceCert,
          cgp_tracking_id: template.options.cgp
            ? `${region === 'US' ? 'COR' : 'UKR'}10${String(400 + i)}`
            : null,
          docTypes: ['active-site-maps', 'swmp', 'permits', 'inspection-reports', 'appendix-soil-reports'],
          notes: null,
          createdBy: null,
        },
        now,
      );
    }
  }
}
