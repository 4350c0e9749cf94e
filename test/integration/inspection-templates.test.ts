import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { nameOrder } from '@stormline/data/keys';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { testTable } from '../support/table';

/**
 * GET /api/inspections/templates (spec 000 §7): the division's inspection form types with the
 * flags the Create project modal's conditional fields follow (docs/decisions/0014).
 */

interface TemplatesPage {
  pageData: {
    id: string;
    name: string;
    has_compliance_cert: boolean;
    projectOptions: { ccr: boolean; optionalCompliance: boolean; cgp: boolean };
  }[];
  paginationState: { pageSize: number; numModels: number | null; nextCursor: string | null };
}

const db = testTable();
afterAll(() => db.doc.destroy());

let admin: string;
let inspector: string;
const southOnly = { id: `south-only-${randomBytes(3).toString('hex')}`, name: 'South Only Form' };

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  inspector = await tokenFor('inspector@example.com');
  // A template held by the South division alone, with the keys the seed writes (docs/data-model.md).
  const order = nameOrder(southOnly.name, southOnly.id);
  for (const item of [
    {
      pk: `TEMPLATE#${southOnly.id}`,
      sk: 'TEMPLATE',
      type: 'Template',
      gsi1pk: 'TEMPLATES',
      gsi1sk: order,
      id: southOnly.id,
      name: southOnly.name,
      isUserTemplate: false,
      has_compliance_cert: true,
      has_acknowledgement: false,
      projectOptions: { ccr: false, optionalCompliance: true, cgp: true },
      // Installed templates name their published version (a project may use only those: 0036).
      currentVersion: 1,
      createdAt: new Date().toISOString(),
      version: 0,
    },
    {
      pk: `TEMPLATE#${southOnly.id}`,
      sk: `DIVISION#${SOUTH}`,
      type: 'DivisionTemplate',
      gsi1pk: `DIVISION#${SOUTH}#TEMPLATES`,
      gsi1sk: order,
      divisionId: SOUTH,
      templateId: southOnly.id,
    },
  ])
    await db.doc.send(new PutCommand({ TableName: db.tableName, Item: item }));
});

const list = (token: string, divisionId: string, query = '') =>
  call<TemplatesPage>(`/api/inspections/templates${query}`, { token, divisionId });

describe('GET /api/inspections/templates', () => {
  it('answers the division’s form types by name, each with the flags of its conditional fields', async () => {
    const response = await list(admin, NORTH);
    expect(response.status).toBe(200);
    expect(inspectionsRoutes.listInspectionTemplates.response.safeParse(response.body).success).toBe(true);
    const rows = response.body.pageData;
    expect(rows).toContainEqual({
      id: 'delaware',
      name: 'Delaware',
      has_compliance_cert: true,
      projectOptions: { ccr: true, optionalCompliance: true, cgp: false },
    });
    expect(rows).toContainEqual({
      id: 'epa-cgp',
      name: 'EPA Construction General Permit',
      has_compliance_cert: true,
      projectOptions: { ccr: false, optionalCompliance: true, cgp: true },
    });
    expect(rows).toContainEqual({
      id: 'cdot',
      name: 'CDOT',
      has_compliance_cert: false,
      projectOptions: { ccr: false, optionalCompliance: false, cgp: false },
    });
    const names = rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    // A division's handful of templates fits on one page, which then counts them.
    expect(response.body.paginationState).toEqual({
      pageSize: 100,
      numModels: rows.length,
      nextCursor: null,
    });
  });

  it('lists only the division’s own templates: another division’s is not offered', async () => {
    const north = await list(admin, NORTH);
    expect(north.body.pageData.map((r) => r.id)).not.toContain(southOnly.id);
    const south = await list(admin, SOUTH);
    expect(south.body.pageData).toContainEqual({
      id: southOnly.id,
      name: southOnly.name,
      has_compliance_cert: true,
      projectOptions: { ccr: false, optionalCompliance: true, cgp: true },
    });
  });

  it('is read with read on Inspection in the caller’s own division, and refused in another', async () => {
    expect((await list(inspector, NORTH)).status).toBe(200);
    const other = await list(inspector, SOUTH);
    expect(other.status).toBe(403);
  });

  it('refuses a malformed cursor and an unknown query field', async () => {
    expect((await list(admin, NORTH, '?cursor=%00%01')).status).toBe(400);
    expect((await list(admin, NORTH, '?includeQuestions=true')).status).toBe(400);
  });

  it('refuses a request without a token, and one without a division', async () => {
    expect((await call('/api/inspections/templates', { divisionId: NORTH })).status).toBe(401);
    expect((await call('/api/inspections/templates', { token: admin })).status).toBe(400);
  });
});
