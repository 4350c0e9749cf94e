import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@stormline/data/clients';
import { createDivision } from '@stormline/data/divisions';
import { missedInspectionKeys } from '@stormline/data/missed-inspections';
import {
  createProject,
  projectDirectoryKey,
  projectKeys,
  readProjectDirectory,
  rebuildProjectDirectory,
  setProjectArchived,
} from '@stormline/data/projects';
import { sampleProject } from '@stormline/local/sample-records';
import { rebuildProjectStatistics } from '@stormline/data/statistics-rebuild';
import { addDays } from '@stormline/domain/local-date';
import {
  recordMissedInspectionOf,
  recordMissedInspections,
} from '@stormline/functions/jobs/missed-inspections';
import { call, NORTH, tokenFor } from '../support/api';
import {
  ago,
  buildComplianceFixture,
  createClient as createClientViaApi,
  createProject as createProjectViaApi,
  letDueDatePass,
  T,
  ZONE,
  type ComplianceFixture,
} from '../support/compliance-fixture';
import { eventually } from '../support/eventually';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The compliance report (spec 001 §2, §3, §5, §9; docs/decisions/0019, 0021) over the shared
 * hand-computed fixture (test/support/compliance-fixture.ts), Culvert inspected 5 days ago (its
 * open CA not yet late) and due that day, and the due dates left to pass recorded by the
 * scheduled job. Each row's figures are checked exactly, then the client filter, the search, the
 * pages, the dates, the finding type and the refusals.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const tag = randomBytes(3).toString('hex');

interface Row {
  projectId: string;
  projectName: string;
  clientId: string;
  clientName: string;
  inspectionCount: number;
  findingsCount: number;
  avgFindings: number | null;
  avgFindingDays: number | null;
  maxDay: number | null;
  openFindings: number;
  notCompleteInExpectedDays: number;
  ackCount: number;
  complianceCount: number;
  missedIsp: number;
  postStormInTime: number;
  postStormLate: number;
  postStormMissed: number;
}
interface Report {
  pageData: Row[];
  paginationState: { pageSize: number; numModels: number; page: number };
}

let fx: ComplianceFixture;
const report = (query: string, bearer = fx.token) =>
  fx.api<Report>(`/api/divisions/${NORTH}/compliance?${query}`, 'GET', undefined, bearer);
const ours = () => `client=${fx.clients.alder},${fx.clients.birch}`;
const row = (r: Report, projectId: string) => r.pageData.find((x) => x.projectId === projectId)!;

beforeAll(async () => {
  fx = await buildComplianceFixture(db, tag, { culvertDaysAgo: 5 });
  // Culvert's due date is the day of its inspection: the job must not count it missed.
  await letDueDatePass(fx, fx.projects.culvert, ago(5));
  await recordMissedInspections(db, new Date());
}, 180_000);

const ZERO = {
  inspectionCount: 0,
  findingsCount: 0,
  avgFindings: null,
  avgFindingDays: null,
  maxDay: null,
  openFindings: 0,
  notCompleteInExpectedDays: 0,
  ackCount: 0,
  complianceCount: 0,
  missedIsp: 0,
  postStormInTime: 0,
  postStormLate: 0,
  postStormMissed: 0,
};

describe('the report rows (spec 001 §3), hand-computed', () => {
  it('each figure of each project, over its life to today', async () => {
    const answer = await eventually(
      () => report(ours()),
      (r) => {
        expect(r.status).toBe(200);
        expect(row(r.body, fx.projects.bridge)?.missedIsp).toBe(1);
        expect(row(r.body, fx.projects.aqueduct)?.ackCount).toBe(2);
        expect(row(r.body, fx.projects.culvert)?.findingsCount).toBe(2);
      },
      20_000,
    );
    expect(answer.body.paginationState).toEqual({ pageSize: 10, numModels: 11, page: 1 });
    expect(answer.body.pageData.slice(0, 3)).toEqual([
      {
        projectId: fx.projects.aqueduct,
        projectName: fx.projectNames.aqueduct,
        clientId: fx.clients.alder,
        clientName: fx.clientNames.alder,
        inspectionCount: 2,
        findingsCount: 3,
        avgFindings: 1.5, // 3 findings / 2 inspections
        avgFindingDays: 6.5, // (3 + 10) / 2 corrected
        maxDay: 10,
        openFindings: 1,
        notCompleteInExpectedDays: 2, // the MI corrected in 10 days, the CA open for 16
        ackCount: 2,
        complianceCount: 1,
        missedIsp: 0,
        postStormInTime: 0,
        postStormLate: 0,
        postStormMissed: 0,
      },
      {
        projectId: fx.projects.bridge,
        projectName: fx.projectNames.bridge,
        clientId: fx.clients.birch,
        clientName: fx.clientNames.birch,
        ...ZERO,
        missedIsp: 1, // due 3 days ago, no routine inspection
      },
      {
        projectId: fx.projects.culvert,
        projectName: fx.projectNames.culvert,
        clientId: fx.clients.alder,
        clientName: fx.clientNames.alder,
        inspectionCount: 1,
        findingsCount: 2,
        avgFindings: 2,
        avgFindingDays: 0, // the MI corrected the day it was raised
        maxDay: 0,
        openFindings: 1,
        notCompleteInExpectedDays: 0, // the CA has been open 5 days
        ackCount: 0,
        complianceCount: 0,
        missedIsp: 0, // due on the day of its routine inspection: not missed
        postStormInTime: 0,
        postStormLate: 0,
        postStormMissed: 0,
      },
    ]);
  });

  it('records a missed due date once, however often the job runs, and the rebuild reads it back', async () => {
    const stored = await storedItem(db, missedInspectionKeys.missed(NORTH, fx.projects.bridge, ago(3)));
    expect(stored).toMatchObject({
      type: 'MissedInspection',
      projectId: fx.projects.bridge,
      dueDate: ago(3),
    });
    const bridge = {
      divisionId: NORTH,
      id: fx.projects.bridge,
      next_inspection_date: ago(3),
      timezone: ZONE,
    };
    expect(await recordMissedInspectionOf(db, bridge, new Date())).toBeNull();
    await recordMissedInspections(db, new Date());
    const rebuilt = await rebuildProjectStatistics(db, NORTH, fx.projects.bridge);
    expect(rebuilt).toEqual({ missed: 1, [`day|${ago(3)}|missed`]: 1 });
    const culvert = {
      divisionId: NORTH,
      id: fx.projects.culvert,
      next_inspection_date: ago(5),
      timezone: ZONE,
    };
    expect(await recordMissedInspectionOf(db, culvert, new Date())).toBeNull();
    expect(
      await storedItem(db, missedInspectionKeys.missed(NORTH, fx.projects.culvert, ago(5))),
    ).toBeUndefined();
    const again = await report(`${ours()}&s=${encodeURIComponent(fx.projectNames.bridge)}`);
    expect(again.body.pageData.map((r) => r.missedIsp)).toEqual([1]);
  });
});

describe('filters and pages (spec 001 §2 toolbar, §7 query)', () => {
  it('client: a comma list, or the parameter repeated; only those clients’ projects', async () => {
    const alder = await report(`client=${fx.clients.alder}`);
    expect(alder.body.pageData.map((r) => r.projectId)).toEqual([fx.projects.aqueduct, fx.projects.culvert]);
    expect(alder.body.paginationState.numModels).toBe(2);
    const repeated = await report(`client=${fx.clients.alder}&client=${fx.clients.birch}`);
    expect(repeated.body.paginationState.numModels).toBe(11);
  });

  it('s: the project name from the start of one of its words', async () => {
    const found = await report(`s=${encodeURIComponent(`cmp${tag} br`)}`);
    expect(found.body.pageData.map((r) => r.projectId)).toEqual([fx.projects.bridge]);
    expect(found.body.paginationState.numModels).toBe(1);
    const word = await report(`${ours()}&s=culv`);
    expect(word.body.pageData.map((r) => r.projectId)).toEqual([fx.projects.culvert]);
    const none = await report(`${ours()}&s=nothing-like-it`);
    expect(none.body).toEqual({ pageData: [], paginationState: { pageSize: 10, numModels: 0, page: 1 } });
  });

  it('p and r: page 2 of 10 rows holds the 11th; All holds every row', async () => {
    const second = await report(`${ours()}&p=2&r=10`);
    expect(second.body.pageData.map((r) => r.projectName)).toEqual([`${fx.prefix} Empty 08`]);
    expect(second.body.paginationState).toEqual({ pageSize: 10, numModels: 11, page: 2 });
    const all = await report(`${ours()}&r=All`);
    expect(all.body.pageData).toHaveLength(11);
    expect(all.body.paginationState).toEqual({ pageSize: 11, numModels: 11, page: 1 });
    const twenty = await report(`${ours()}&r=20`);
    expect(twenty.body.pageData).toHaveLength(11);
    const beyond = await report(`${ours()}&p=5`);
    expect(beyond.body.pageData).toEqual([]);
    expect(beyond.body.paginationState.numModels).toBe(11);
  });

  it('minDate and maxDate: only the days between count (the second Aqueduct inspection; no missed day)', async () => {
    const range = await report(`${ours()}&minDate=${ago(20)}&maxDate=${ago(10)}`);
    expect(range.status).toBe(200);
    expect(row(range.body, fx.projects.aqueduct)).toMatchObject({
      inspectionCount: 1,
      findingsCount: 1,
      avgFindings: 1,
      avgFindingDays: null, // nothing corrected among the range's findings
      maxDay: null,
      openFindings: 1,
      notCompleteInExpectedDays: 1,
      ackCount: 1,
      complianceCount: 0, // the compliance signature counts on its inspection's day, 30 days ago
      missedIsp: 0,
    });
    expect(row(range.body, fx.projects.bridge)).toMatchObject(ZERO);
    expect(row(range.body, fx.projects.culvert)).toMatchObject(ZERO);
    const lately = await report(`${ours()}&minDate=${ago(4)}`);
    expect(row(lately.body, fx.projects.bridge).missedIsp).toBe(1);
    expect(row(lately.body, fx.projects.aqueduct)).toMatchObject(ZERO);
    const oneDay = await report(`${ours()}&minDate=${ago(30)}&maxDate=${ago(30)}`);
    expect(row(oneDay.body, fx.projects.aqueduct)).toMatchObject({ inspectionCount: 1, findingsCount: 2 });
  });

  it('findings: the finding figures of one type; inspections, acknowledgements and missed ones stay', async () => {
    const mi = await report(`${ours()}&findings=MI`);
    expect(row(mi.body, fx.projects.aqueduct)).toMatchObject({
      inspectionCount: 2,
      findingsCount: 1,
      avgFindings: 0.5,
      avgFindingDays: 10,
      maxDay: 10,
      openFindings: 0,
      notCompleteInExpectedDays: 1,
      ackCount: 2,
      complianceCount: 1,
    });
    expect(row(mi.body, fx.projects.culvert)).toMatchObject({
      findingsCount: 1,
      avgFindings: 1,
      avgFindingDays: 0,
      maxDay: 0,
      openFindings: 0,
    });
    expect(row(mi.body, fx.projects.bridge).missedIsp).toBe(1);
  });
});

describe('who sees what, and what is refused', () => {
  it('a client-side role sees only the projects it was given', async () => {
    const user = await createTestUser('Client User', [NORTH]);
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...projectKeys.access(NORTH, fx.projects.culvert, user.id),
          type: 'ProjectContact',
          gsi2pk: projectKeys.projectsOfUser(NORTH, user.id),
          gsi2sk: `ACTIVE#${fx.projectNames.culvert.toLowerCase()}#${fx.projects.culvert}`,
          projectId: fx.projects.culvert,
          userId: user.id,
          divisionId: NORTH,
          addedAt: new Date().toISOString(),
        },
      }),
    );
    const theirs = await report('', await signInAs(user));
    expect(theirs.status).toBe(200);
    expect(theirs.body.pageData.map((r) => r.projectId)).toEqual([fx.projects.culvert]);
    expect(theirs.body.paginationState.numModels).toBe(1);
  });

  it("400 'Report dates cannot be in the future', and for a Min Date after the Max Date", async () => {
    const future = await report(`maxDate=${addDays(T, 2)}`);
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ message: 'Report dates cannot be in the future' });
    const futureMin = await report(`minDate=${addDays(T, 2)}`);
    expect(futureMin.body).toMatchObject({ message: 'Report dates cannot be in the future' });
    const backwards = await report(`minDate=${ago(1)}&maxDate=${ago(2)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ message: 'Min Date cannot be after Max Date' });
    for (const query of ['minDate=2026-02-30', 'r=25', 'p=0', 'client=a,,b', 'findings=C%23A', 'x=1']) {
      expect((await report(query)).status, query).toBe(400);
    }
  });

  it('403 for a role without read on Dashboard (the page then shows spec 001 §8’s message)', async () => {
    const publicToken = await tokenFor('public@example.com');
    expect((await report('', publicToken)).status).toBe(403);

    const manager = await createTestUser('Area / Assistant Manager', [NORTH]);
    const managerToken = await signInAs(manager);
    expect((await report('', managerToken)).status).toBe(200);
    const adminToken = await tokenFor('admin@example.com');
    const current = await call<{ permissions: { perm: string; pageId: string }[]; version: number }>(
      `/api/user-permissions/${manager.id}`,
      { token: adminToken, divisionId: NORTH },
    );
    const saved = await call(`/api/user-permissions/${manager.id}`, {
      method: 'PUT',
      token: adminToken,
      divisionId: NORTH,
      body: {
        permissions: current.body.permissions.filter((p) => p.pageId !== 'dashboard'),
        version: current.body.version,
      },
    });
    expect(saved.status).toBe(200);
    const refused = await report('', managerToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Your role does not allow read on Dashboard' });
  });

  it('lists a project from its creation, not while it is archived, and again once restored', async () => {
    const client = await createClientViaApi(fx, `Cedar Works ${tag}`);
    const id = await createProjectViaApi(fx, `${fx.prefix} Dyke`, client);
    const listed = async () => (await report(`client=${client}`)).body.pageData.map((r) => r.projectId);
    expect(await listed()).toEqual([id]);
    const archived = await fx.api(`/api/divisions/${NORTH}/projects/archive/${id}`, 'POST');
    expect(archived.status, JSON.stringify(archived.body)).toBeLessThan(300);
    expect(await listed()).toEqual([]);
    const restored = await fx.api(`/api/divisions/${NORTH}/projects/archive/${id}`, 'DELETE');
    expect(restored.status, JSON.stringify(restored.body)).toBeLessThan(300);
    expect(await listed()).toEqual([id]);
  });
});

describe('the project directory rebuild (npm run stats:rebuild; docs/decisions/0021)', () => {
  it('writes a division without a directory one from its active projects, archived ones left out', async () => {
    // A division of its own: other test files read and write North's directory meanwhile.
    const division = await createDivision(db, { name: `Directory ${tag}` });
    const client = await createClient(db, division.id, {
      name: `Directory client ${tag}`,
      address: {
        street_1: '3 Canal Wharf',
        street_2: null,
        city: 'Leeds',
        state_id: null,
        country_id: 'england',
        zip: 'LS11 5PS',
        phone: null,
        phone_ext: null,
      },
      default_finding_observation: null,
      disable_images: false,
    });
    const project = (name: string) =>
      createProject(
        db,
        sampleProject({
          divisionId: division.id,
          client_id: client.id,
          name,
          timezone: ZONE,
          start_date: ago(60),
        }),
      );
    const active = [await project(`Dir${tag} Aqueduct`), await project(`Dir${tag} Bridge`)];
    const archived = await project(`Dir${tag} Culvert`);
    await setProjectArchived(db, division.id, archived.id, true, new Date());
    const expected = active
      .map((p) => ({ id: p.id, name: p.name, client_id: client.id }))
      .sort((a, b) => a.id.localeCompare(b.id));
    const directory = async () =>
      (await readProjectDirectory(db, division.id))?.sort((a, b) => a.id.localeCompare(b.id)) ?? null;
    expect(await directory()).toEqual(expected);

    // As a division stored before the directory existed.
    for (let shard = 0; shard < 8; shard++)
      await db.doc.send(
        new DeleteCommand({ TableName: db.tableName, Key: projectDirectoryKey(division.id, shard) }),
      );
    expect(await directory()).toBeNull();
    expect(await rebuildProjectDirectory(db, division.id)).toBe(2);
    expect(await directory()).toEqual(expected);
  });
});
