import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@stormline/contract/route-table';
import { pathParamNames } from '@stormline/contract/route';
import type { Route } from '@stormline/contract/route';
import { createNotification } from '@stormline/data/notifications';
import { addDocument, groupOwnerStep, legendOwnerStep, projectOwnerStep } from '@stormline/data/documents';
import { createLegendItem } from '@stormline/data/legend-items';
import { createGroup } from '@stormline/data/regulations';
import { defaultMapSymbol } from '@stormline/domain/map-symbol';
import { addContacts, clientKeys, createClient } from '@stormline/data/clients';
import { call, NORTH, SOUTH } from '../support/api';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';
import { inspectionCases, southInspection } from './tenancy-inspections';
import { mapCases } from './tenancy-map';
import { reportCases } from './tenancy-reports';
import { siteMapCases } from './tenancy-site-maps';
import { templateEditorCases } from './tenancy-templates';

/**
 * Tenancy with real records: for every implemented route that takes a record's id, an Admin of
 * North alone is pointed at a real record of South (or at another user's own record). The answer
 * is 403 or 404, and the record is exactly as it was. A new id route must add its case here, or
 * say in COMPANY_WIDE why its records belong to no one division.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

/** Records that are the company's, not a division's: spec 001 §2 lists and opens every division. */
const COMPANY_WIDE: Record<string, string> = {
  'GET /api/divisions/{id}':
    'A division is the tenant itself; the Divisions screen lists and opens every division for read Divisions.',
  'PUT /api/divisions/{id}':
    'Renaming a division is the Divisions permission’s, over every division (spec 001 §2).',
  'DELETE /api/divisions/{id}':
    'Deleting a division is the Divisions permission’s, over every division; it is refused while the division holds anything (docs/decisions/0016).',
  ...divisionTabsCompanyWide(),
  'POST /api/users/{id}/signature_authorization/{value}':
    "Only yourself: {id} must be the caller (the guard's self check); {value} is 'agree' or 'disagree', not a record.",
  'PUT /api/users/{id}/notification-types/{type}':
    'Only yourself: {id} must be the caller; {type} names a notification type of the catalogue, not a record.',
  'PUT /api/question-types/{typeId}/config':
    "{typeId} names a question type of the catalogue, not a record: the defaults for new questions are the company's, and only an Admin changes them (docs/decisions/0036).",
  'GET /api/weather/{lat}/{lon}':
    '{lat} and {lon} are a place on Earth, not a record: every signed-in user may ask any place’s forecast (docs/decisions/0020).',
};

interface ForeignCase {
  path: string;
  body?: unknown;
  /** The stored state the attempt must leave untouched. */
  snapshot: () => Promise<unknown>;
}

/** A user of South only, and what the users routes must leave untouched of them. */
async function southUser(path: (id: string) => string, body?: unknown): Promise<ForeignCase> {
  const user = await createTestUser('Inspector', [SOUTH]);
  return {
    path: path(user.id),
    body,
    snapshot: async () => ({
      user: await storedItem(db, { pk: `USER#${user.id}`, sk: 'USER' }),
      membership: await storedItem(db, { pk: `USER#${user.id}`, sk: `DIVISION#${SOUTH}` }),
    }),
  };
}

const FOREIGN: Record<string, () => Promise<ForeignCase>> = {
  'GET /api/users/{id}': () => southUser((id) => `/api/users/${id}`),
  'GET /api/users/profile/{id}': () => southUser((id) => `/api/users/profile/${id}`),
  'GET /api/divisions/{id}/getTeamManagementData/{userId}/sites': () =>
    southUser((id) => `/api/divisions/${NORTH}/getTeamManagementData/${id}/sites`),
  'POST /api/users/update/{id}': () =>
    southUser((id) => `/api/users/update/${id}`, {
      first_name: 'Taken',
      last_name: 'Over',
      email: `taken-over-${Date.now()}@example.com`,
      roleId: 'admin',
      divisionIds: [NORTH],
      version: 0,
    }),
  'POST /api/users/{id}/invite': () => southUser((id) => `/api/users/${id}/invite`),
  'PUT /api/users/{id}/status': () =>
    southUser((id) => `/api/users/${id}/status`, { status: 'inactive', version: 0 }),
  'DELETE /api/users/delete/{id}': () => southUser((id) => `/api/users/delete/${id}`),
  'GET /api/user-permissions/{id}': () => southUser((id) => `/api/user-permissions/${id}`),
  'GET /api/user-client-options/{id}': () => southUser((id) => `/api/user-client-options/${id}?s=se`),
  'PUT /api/user-permissions/{id}': () =>
    southUser((id) => `/api/user-permissions/${id}`, { permissions: [], version: 0 }),
  ...regulationCases(),
  ...legendItemCases(),
  ...projectDocumentCases(),
  ...clientCases(),
  ...inspectionCases(db),
  ...siteMapCases(db),
  ...reportCases(db),
  ...mapCases(db),
  ...templateEditorCases(db),
  ...divisionTabCases(),
  'PUT /api/notifications/{id}': async () => {
    const owner = await createTestUser('Inspector', [SOUTH]);
    const notification = await createNotification(db, owner.id, {
      title: 'Not yours',
      content: 'Belongs to a South inspector',
      link: null,
    });
    return {
      path: `/api/notifications/${notification.id}`,
      snapshot: () => storedItem(db, { pk: `USER#${owner.id}`, sk: `NOTIFICATION#${notification.id}` }),
    };
  },
};

/** Routes whose path names a record (not the caller's division, not the caller themself). */
function takesRecordId(route: Route): boolean {
  return pathParamNames(route.path).some((name) => name !== route.divisionParam && name !== route.self);
}

const idRoutes = ROUTES.filter((r) => r.implemented && takesRecordId(r));

let northAdminToken: string;
let southAdminToken: string;

beforeAll(async () => {
  southAdminToken = await signInAs(await createTestUser('Admin', [SOUTH]));
  const admin = await createTestUser('Admin', [NORTH]);
  const signIn = await call<{ token: string }>('/api/login', {
    method: 'POST',
    body: { email: admin.email, password: admin.password },
  });
  northAdminToken = signIn.body.token;
});

describe('tenancy with real records', () => {
  it('has a foreign-record case (or a reason) for every implemented route that takes an id', () => {
    for (const route of idRoutes) {
      expect(route.key in FOREIGN || route.key in COMPANY_WIDE, `${route.key}: add a FOREIGN case`).toBe(
        true,
      );
    }
  });

  it.each(Object.keys(FOREIGN))(
    "%s: another division's or user's record is refused and unchanged",
    async (key) => {
      const route = ROUTES.find((r) => r.key === key)!;
      const foreign = await FOREIGN[key]!();
      const before = await foreign.snapshot();
      expect(before).toBeDefined();
      const response = await call(foreign.path, {
        method: route.method,
        token: northAdminToken,
        divisionId: route.division === 'none' ? undefined : NORTH,
        body: foreign.body,
      });
      expect([403, 404]).toContain(response.status);
      expect(Object.keys(response.body as object)).toEqual(['message']);
      expect(await foreign.snapshot()).toEqual(before);
    },
  );
});

/**
 * Routes that take a record's id in the query, which the path-based check above cannot see: the
 * inspection calendar's project (spec 000 §7: query type = project id) and the compliance
 * report's clients. From North, South's project answers 404 and South's client filters to nothing.
 */
describe('tenancy with ids in the query', () => {
  let southProject: { id: string; client_id: string };

  beforeAll(async () => {
    const list = await call<{ pageData: { id: string; client_id: string }[] }>(
      `/api/divisions/${SOUTH}/projects`,
      { token: southAdminToken, divisionId: SOUTH },
    );
    southProject = list.body.pageData[0]!;
    expect(southProject).toBeDefined();
  });

  it.each([`/api/divisions/${NORTH}/calendar/getCalendarData`, '/calendar/getCalendarData'])(
    "%s?type=<South's project>: not found",
    async (path) => {
      const response = await call(`${path}?type=${southProject.id}`, {
        token: northAdminToken,
        divisionId: NORTH,
      });
      expect(response.status).toBe(404);
      expect(Object.keys(response.body as object)).toEqual(['message']);
    },
  );

  it("the compliance report filtered to South's client shows none of its projects", async () => {
    const response = await call<{ pageData: unknown[]; paginationState: { numModels: number } }>(
      `/api/divisions/${NORTH}/compliance?client=${southProject.client_id}`,
      { token: northAdminToken, divisionId: NORTH },
    );
    expect(response.status).toBe(200);
    expect(response.body.pageData).toEqual([]);
    expect(response.body.paginationState.numModels).toBe(0);
  });
});

/** Regulation groups, their documents and legend items of South, pointed at from North. */
function regulationCases(): Record<string, () => Promise<ForeignCase>> {
  const southGroup = async () => {
    const group = await createGroup(db, SOUTH, { name: 'South permit (tenancy)' });
    return { group, snapshot: () => storedItem(db, { pk: `GROUP#${group.id}`, sk: 'GROUP' }) };
  };
  return {
    'GET /api/groups/{id}': async () => {
      const { group, snapshot } = await southGroup();
      return { path: `/api/groups/${group.id}`, snapshot };
    },
    'POST /api/groups/update/{id}': async () => {
      const { group, snapshot } = await southGroup();
      return { path: `/api/groups/update/${group.id}`, body: { name: 'Taken', version: 0 }, snapshot };
    },
    ...groupDocumentCases(southGroup),
    'DELETE /api/groups/delete/{id}': async () => {
      const { group } = await southGroup();
      return {
        path: `/api/groups/delete/${group.id}`,
        snapshot: async () => [
          await storedItem(db, { pk: `GROUP#${group.id}`, sk: 'GROUP' }),
          await storedItem(db, { pk: `GROUP#${group.id}`, sk: `DIVISION#${SOUTH}` }),
        ],
      };
    },
  };
}

/** A client of South only (with a South contact), pointed at from North. */
function clientCases(): Record<string, () => Promise<ForeignCase>> {
  const southClient = async () => {
    const client = await createClient(db, SOUTH, {
      name: 'South client (tenancy)',
      address: {
        street_1: '1 Temple Quay',
        street_2: null,
        city: 'Bristol',
        state_id: null,
        country_id: 'england',
        zip: 'BS1 6DZ',
        phone: null,
        phone_ext: null,
      },
      default_finding_observation: null,
      disable_images: false,
    });
    const contact = await createTestUser('Client User', [SOUTH]);
    await addContacts(db, SOUTH, client.id, [contact.id]);
    const snapshot = async () => ({
      client: await storedItem(db, clientKeys.client(client.id)),
      link: await storedItem(db, clientKeys.divisionLink(SOUTH, client.id)),
      contact: await storedItem(db, clientKeys.contact(client.id, contact.id)),
    });
    return { client, contact, snapshot };
  };
  const northUser = () => createTestUser('Client User', [NORTH]);
  return {
    'GET /api/clients/{id}': async () => {
      const { client, snapshot } = await southClient();
      return { path: `/api/clients/${client.id}`, snapshot };
    },
    'PUT /api/clients/{id}': async () => {
      const { client, snapshot } = await southClient();
      return {
        path: `/api/clients/${client.id}`,
        body: {
          name: 'Taken over',
          address: { street_1: 'x', city: 'Leeds', country_id: 'england', zip: 'LS1 4DL' },
          version: 0,
        },
        snapshot,
      };
    },
    'DELETE /api/clients/{id}': async () => {
      const { client, snapshot } = await southClient();
      return { path: `/api/clients/${client.id}`, snapshot };
    },
    'GET /api/clients/{id}/projects': async () => {
      const { client, snapshot } = await southClient();
      return { path: `/api/clients/${client.id}/projects`, snapshot };
    },
    'POST /api/clients/{id}/contacts': async () => {
      const { client, snapshot } = await southClient();
      const intruder = await northUser();
      return {
        path: `/api/clients/${client.id}/contacts`,
        body: { userIds: [intruder.id] },
        snapshot: async () => ({
          ...(await snapshot()),
          intruder: await storedItem(db, clientKeys.contact(client.id, intruder.id)),
        }),
      };
    },
    'DELETE /api/clients/{id}/contacts/{userId}': async () => {
      const { client, contact, snapshot } = await southClient();
      return { path: `/api/clients/${client.id}/contacts/${contact.id}`, snapshot };
    },
  };
}

/** A document of a South group (its records only: the tenancy check comes before any file). */
function groupDocumentCases(
  southGroup: () => Promise<{ group: { id: string }; snapshot: () => Promise<unknown> }>,
): Record<string, () => Promise<ForeignCase>> {
  const southDocument = async () => {
    const { group } = await southGroup();
    const now = new Date();
    const doc = await addDocument(
      db,
      {
        id: randomUUID(),
        guid: randomUUID(),
        name: 'South manual.pdf',
        mimeType: 'application/pdf',
        size: 1000,
        width: null,
        height: null,
        objectKey: `files/tenancy/${randomUUID()}`,
        owner: { kind: 'group', groupId: group.id },
        createdAt: now.toISOString(),
        createdBy: 'tenancy-test',
      },
      groupOwnerStep(db, group.id, now),
    );
    const snapshot = async () => [
      await storedItem(db, { pk: `UPLOAD#${doc.id}`, sk: 'UPLOAD' }),
      await storedItem(db, { pk: `GROUP#${group.id}`, sk: `DOC#${doc.id}` }),
    ];
    return { group, doc, snapshot };
  };
  const ticket = 'eyJrIjoiZm9yZWlnbiJ9.c2lnbmF0dXJl';
  return {
    'GET /api/groups/{id}/uploads': async () => {
      const { group, snapshot } = await southDocument();
      return { path: `/api/groups/${group.id}/uploads`, snapshot };
    },
    'POST /api/groups/{id}/uploads': async () => {
      const { group, snapshot } = await southDocument();
      return { path: `/api/groups/${group.id}/uploads`, body: { upload: ticket }, snapshot };
    },
    'DELETE /api/groups/{id}/uploads/{uploadId}': async () => {
      const { group, doc, snapshot } = await southDocument();
      return { path: `/api/groups/${group.id}/uploads/${doc.id}`, snapshot };
    },
    'PUT /api/uploads/{id}': async () => {
      const { doc, snapshot } = await southDocument();
      return { path: `/api/uploads/${doc.guid}`, body: { upload: ticket, version: 0 }, snapshot };
    },
    'PUT /api/uploads/{id}/name': async () => {
      const { doc, snapshot } = await southDocument();
      return { path: `/api/uploads/${doc.guid}/name`, body: { name: 'Taken', version: 0 }, snapshot };
    },
    'GET /dl/{id}': async () => {
      const { doc, snapshot } = await southDocument();
      return { path: `/dl/${doc.guid}`, snapshot };
    },
    'GET /api/uploads/{id}': async () => {
      const { doc, snapshot } = await southDocument();
      return { path: `/api/uploads/${doc.guid}`, snapshot };
    },
    'GET /api/xfdf/{uploadId}': async () => {
      const { doc, snapshot } = await southDocument();
      return { path: `/api/xfdf/${doc.id}`, snapshot };
    },
  };
}

/**
 * A site map of a South project, pointed at from North: uploading into the project and destroying
 * the document are refused, and the project and document stay as they were (renaming, replacing,
 * sorting and downloading a project's document: test/integration/project-documents.test.ts).
 */
function projectDocumentCases(): Record<string, () => Promise<ForeignCase>> {
  const southDocument = async () => {
    const site = await southInspection(db);
    const owner = {
      kind: 'project',
      divisionId: SOUTH,
      projectId: site.project.id,
      docTypeId: 'active-site-maps',
    } as const;
    const doc = await addDocument(
      db,
      {
        id: randomUUID(),
        guid: randomUUID(),
        name: 'South site map.pdf',
        mimeType: 'application/pdf',
        size: 1000,
        width: null,
        height: null,
        objectKey: `files/tenancy/${randomUUID()}`,
        owner,
        createdAt: new Date().toISOString(),
        createdBy: 'tenancy-test',
      },
      projectOwnerStep(db, SOUTH, site.project.id),
    );
    const snapshot = async () => [
      await site.snapshot(),
      await storedItem(db, { pk: `DIVISION#${SOUTH}#UPLOAD#${doc.id}`, sk: 'UPLOAD' }),
      await storedItem(db, {
        pk: `DIVISION#${SOUTH}#PROJECT#${site.project.id}#DOCTYPE#active-site-maps`,
        sk: `DOC#${doc.id}`,
      }),
    ];
    return { project: site.project, doc, snapshot };
  };
  return {
    'POST /api/projects/{id}/uploads': async () => {
      const { project, snapshot } = await southDocument();
      return {
        path: `/api/projects/${project.id}/uploads`,
        body: { upload: 'eyJrIjoiZm9yZWlnbiJ9.c2lnbmF0dXJl', project_doc_type_id: 'active-site-maps' },
        snapshot,
      };
    },
    'DELETE /api/projects/{id}/uploads/{uploadId}': async () => {
      const { project, doc, snapshot } = await southDocument();
      return { path: `/api/projects/${project.id}/uploads/${doc.id}`, snapshot };
    },
  };
}

/** A legend item of South (listing a South group), with a document, pointed at from North. */
function legendItemCases(): Record<string, () => Promise<ForeignCase>> {
  const southItem = async () => {
    const group = await createGroup(db, SOUTH, { name: 'South BMP manual (tenancy)' });
    const item = await createLegendItem(db, SOUTH, {
      name: 'South wattle (tenancy)',
      type: 'control_measure',
      groupIds: [group.id],
      mapSymbol: defaultMapSymbol('control_measure'),
    });
    const now = new Date();
    const doc = await addDocument(
      db,
      {
        id: randomUUID(),
        guid: randomUUID(),
        name: 'South wattle detail.pdf',
        mimeType: 'application/pdf',
        size: 1000,
        width: null,
        height: null,
        objectKey: `files/tenancy/${randomUUID()}`,
        owner: { kind: 'legend', divisionId: SOUTH, legendItemId: item.id },
        createdAt: now.toISOString(),
        createdBy: 'tenancy-test',
      },
      legendOwnerStep(db, SOUTH, item.id),
    );
    const snapshot = async () => [
      await storedItem(db, { pk: `DIVISION#${SOUTH}#LEGEND#${item.id}`, sk: 'LEGEND' }),
      await storedItem(db, { pk: `DIVISION#${SOUTH}#LEGEND#${item.id}`, sk: `GROUP#${group.id}` }),
      await storedItem(db, { pk: `DIVISION#${SOUTH}#LEGEND#${item.id}`, sk: `DOC#${doc.id}` }),
    ];
    return { group, item, doc, snapshot };
  };
  return {
    'GET /api/legend-items/{id}': async () => {
      const { item, snapshot } = await southItem();
      return { path: `/api/legend-items/${item.id}`, snapshot };
    },
    'PUT /api/legend-items/{id}': async () => {
      const { item, snapshot } = await southItem();
      return {
        path: `/api/legend-items/${item.id}`,
        body: { name: 'Taken', type: 'pollutant', groups: [], map_symbol: null, version: 0 },
        snapshot,
      };
    },
    'DELETE /api/legend-items/{id}': async () => {
      const { item, snapshot } = await southItem();
      return { path: `/api/legend-items/${item.id}`, snapshot };
    },
    'GET /api/legend-items/group/{id}/uploads': async () => {
      const { group, item, snapshot } = await southItem();
      return { path: `/api/legend-items/group/${group.id}/uploads?LegendItemIds=${item.id}`, snapshot };
    },
    'POST /api/legend-items/{id}/uploads': async () => {
      const { item, snapshot } = await southItem();
      return {
        path: `/api/legend-items/${item.id}/uploads`,
        body: { upload: 'eyJrIjoiZm9yZWlnbiJ9.c2lnbmF0dXJl' },
        snapshot,
      };
    },
    'DELETE /api/legend-items/{id}/uploads/{uploadId}': async () => {
      const { item, doc, snapshot } = await southItem();
      return { path: `/api/legend-items/${item.id}/uploads/${doc.id}`, snapshot };
    },
  };
}

/**
 * The Divisions screen's tabs: the division in the path is the company's (read or update
 * Divisions, over every division), and adding names the company's records on purpose. Removing
 * names records the path's division must hold: another division's is not found there.
 */
function divisionTabsCompanyWide(): Record<string, string> {
  const reason = (what: string) =>
    `${what}: the division in the path is the company's, as for PUT /api/divisions/{id}; the records named are the company's catalogue (docs/decisions/0016).`;
  return Object.fromEntries(
    ['users', 'clients', 'regulations', 'inspectionTemplates'].flatMap((tab) => [
      [`GET /api/divisions/{id}/${tab}`, reason(`A division's ${tab} tab and the ${tab} to add`)],
      [`POST /api/divisions/{id}/${tab}`, reason(`Adding ${tab} to a division`)],
    ]),
  );
}

/** Removing from North what only South holds: 404, and South keeps it. */
function divisionTabCases(): Record<string, () => Promise<ForeignCase>> {
  const address = {
    street_1: '1 Temple Quay',
    street_2: null,
    city: 'Bristol',
    state_id: null,
    country_id: 'england',
    zip: 'BS1 6DZ',
    phone: null,
    phone_ext: null,
  };
  return {
    'DELETE /api/divisions/{id}/users': async () => {
      const user = await createTestUser('Inspector', [SOUTH]);
      return {
        path: `/api/divisions/${NORTH}/users`,
        body: { userIds: [user.id] },
        snapshot: () => storedItem(db, { pk: `USER#${user.id}`, sk: `DIVISION#${SOUTH}` }),
      };
    },
    'DELETE /api/divisions/{id}/clients': async () => {
      const client = await createClient(db, SOUTH, {
        name: 'South client (division tab tenancy)',
        address,
        default_finding_observation: null,
        disable_images: false,
      });
      return {
        path: `/api/divisions/${NORTH}/clients`,
        body: { clientIds: [client.id] },
        snapshot: async () => [
          await storedItem(db, clientKeys.client(client.id)),
          await storedItem(db, clientKeys.divisionLink(SOUTH, client.id)),
        ],
      };
    },
    'DELETE /api/divisions/{id}/regulations': async () => {
      const group = await createGroup(db, SOUTH, { name: 'South permit (division tab tenancy)' });
      return {
        path: `/api/divisions/${NORTH}/regulations`,
        body: { regulationIds: [group.id] },
        snapshot: async () => [
          await storedItem(db, { pk: `GROUP#${group.id}`, sk: 'GROUP' }),
          await storedItem(db, { pk: `GROUP#${group.id}`, sk: `DIVISION#${SOUTH}` }),
        ],
      };
    },
    'DELETE /api/divisions/{id}/inspectionTemplates': async () => {
      // A template only South holds (the demo templates are in both).
      const id = `south-only-${randomUUID()}`;
      await db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: {
            pk: `TEMPLATE#${id}`,
            sk: 'TEMPLATE',
            type: 'Template',
            gsi1pk: 'TEMPLATES',
            gsi1sk: `south only#${id}`,
            id,
            name: 'South only',
            version: 0,
          },
        }),
      );
      await call(`/api/divisions/${SOUTH}/inspectionTemplates`, {
        method: 'POST',
        token: southAdminToken,
        body: { inspectionTemplateIds: [id] },
      });
      return {
        path: `/api/divisions/${NORTH}/inspectionTemplates`,
        body: { inspectionTemplateIds: [id] },
        snapshot: async () => [
          await storedItem(db, { pk: `TEMPLATE#${id}`, sk: 'TEMPLATE' }),
          await storedItem(db, { pk: `TEMPLATE#${id}`, sk: `DIVISION#${SOUTH}` }),
        ],
      };
    },
  };
}
