import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type WebSocket from 'ws';
import { createDb } from '@stormline/data/dynamo';
import { createFinding, storedPrintKeyOf, type FindingRecord } from '@stormline/data/findings';
import { getInspection } from '@stormline/data/inspections';
import { createReport } from '@stormline/data/reports';
import { PAPERS } from '@stormline/domain/report-rules';
import { TooManyRequestsError } from '@stormline/domain/errors';
import { PRINTS_PER_USER_PER_MINUTE, REPORT_MESSAGES } from '@stormline/domain/reports';
import { call, NORTH, SOUTH, tokenFor } from '../support/api';
import { inspectedSite, openCorrectiveAction } from '../support/inspected-site';
import {
  addFindingPhoto,
  downloadReport,
  orientedPhoto,
  pdfTextPages,
  printOverSocket,
  renderPages,
  setProjectPublished,
} from '../support/printing';
import { runtimeEnv } from '../support/runtime';
import { testFileStore } from '../support/site-maps';
import { openSocket, request } from '../support/sockets';
import { createTestUser, signInAs } from '../support/users';

/**
 * Printing (spec 002 §2, §4, §7, §9; spec 001 §7; docs/decisions/0042), the findings report end to
 * end: begun over the real socket, run by the local runtime's report state machine (the same ASL
 * file as the cloud's) with Debian Chromium and pdf-lib, followed on its channel, downloaded
 * through the view's link, and read back with pdftotext.
 */

const env = runtimeEnv();
const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
const store = testFileStore();
const sockets: WebSocket[] = [];
let admin: string;
let adminSocket: WebSocket;
let site: Awaited<ReturnType<typeof inspectedSite>>;
let findings: FindingRecord[];
/** The upright photo's files: its original and the print copy the report embeds. */
let photoKeys: string[];

const INJECTED = `<script>fetch('https://evil.example/x')</script><img src="https://evil.example/y.png">`;
const DESCRIPTIONS = [
  'Silt fence down along the east boundary',
  'Inlet protection clogged at the north gate',
  'Concrete washout overflowing',
  `Tracking onto the street ${INJECTED}`,
  'Stockpile not covered before rain',
];

async function socketFor(token: string) {
  const ws = await openSocket(token);
  sockets.push(ws);
  return ws;
}

const findingsBody = (overrides: Record<string, unknown> = {}) => ({
  divisionId: NORTH,
  inspectionId: site.inspection.id,
  findingType: null,
  reportType: 'all',
  viewType: 'detail',
  findingPerPage: 2,
  ...overrides,
});

beforeAll(async () => {
  admin = await tokenFor('admin@example.com');
  const profile = await call<{ id: string }>('/api/profile', { token: admin, divisionId: NORTH });
  site = await inspectedSite(db, NORTH, {
    clientName: 'Print Client',
    projectName: 'Riverside Lofts',
    location: 'East boundary',
    createdBy: profile.body.id,
  });
  const inspection = await getInspection(db, NORTH, site.inspection.id);
  const first = site.finding as unknown as FindingRecord;
  findings = [first];
  for (const [i, description] of DESCRIPTIONS.slice(1).entries()) {
    findings.push(
      await createFinding(
        db,
        {
          ...openCorrectiveAction({
            divisionId: NORTH,
            projectId: site.project.id,
            initialInspectionId: inspection.id,
            date_initiated: '2026-03-02',
            location: `Location ${i + 2}`,
            createdBy: profile.body.id,
          }),
          comments: description,
          date_completed: i === 1 ? '2026-03-04' : null,
        },
        inspection,
        () => [],
        new Date(),
      ),
    );
  }
  // The first finding's description, as the others', is its comments.
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { findingKeys } = await import('@stormline/data/findings');
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: findingKeys.finding(NORTH, first.id),
      UpdateExpression: 'SET comments = :c',
      ExpressionAttributeValues: { ':c': DESCRIPTIONS[0] },
    }),
  );
  const upright = await addFindingPhoto(db, store, NORTH, first.id, {
    bytes: await orientedPhoto('Upright photo'),
    width: 480,
    height: 320,
    rotation: 0,
    // A mark's x, y is its centre, as the app stores and draws it (turned-photo.tsx).
    annotations: [{ kind: 'rectangle', x: 120, y: 145, width: 200, height: 90, color: '#FF0000' }],
  });
  // The table's stream makes its print copy (docs/decisions/0045); the report embeds that.
  let printKey: string | null | undefined;
  for (const started = Date.now(); !printKey && Date.now() - started < 30_000;)
    printKey = await storedPrintKeyOf(db, NORTH, first.id, upright.id).then(
      (key) => key ?? new Promise<undefined>((resolve) => setTimeout(resolve, 100)),
    );
  if (!printKey) throw new Error('The print copy of the upright photo was not made in 30 s');
  photoKeys = [upright.objectKey, printKey!];
  await addFindingPhoto(db, store, NORTH, first.id, {
    bytes: await orientedPhoto('Turned photo', true),
    width: 320,
    height: 480,
    rotation: 270,
  });
  adminSocket = await socketFor(admin);
}, 120_000);

afterAll(() => {
  for (const ws of sockets) ws.terminate();
  db.doc.destroy();
});

describe('the findings report', () => {
  it('prints the detail view, 2 a page: requested, progress, done; the PDF has the findings as text', async () => {
    const printed = await printOverSocket(adminSocket, admin, 'findings', findingsBody());
    expect(printed.reply.ok, JSON.stringify(printed.reply)).toBe(true);
    const begun = printed.reply.result as {
      status: string;
      title: string;
      url: string | null;
      reportId: string;
    };
    expect(begun).toMatchObject({ status: 'requested', url: null });
    expect(begun.title).toMatch(/^Findings - Inspection \d+ - Riverside Lofts/);

    const statuses = printed.pushes.map((p) => p.report.status);
    expect(statuses[0]).toBe('progress');
    expect(statuses.at(-1), JSON.stringify(printed.last)).toBe('done');
    // The heading and 3 pages of findings, counted as each lands.
    expect(printed.pushes[0]!.report).toMatchObject({ completed: 0, total: 4 });
    expect(printed.pushes.map((p) => p.report.completed)).toContain(4);
    // Pushes carry no link; reading the done job gives one for this session.
    expect(printed.pushes.every((p) => p.report.url === null)).toBe(true);
    expect(printed.last!.url).toMatch(new RegExp(`^/api/download/${begun.reportId}\\.pdf\\?token=`));

    const file = await downloadReport(printed.last!.url!);
    expect(file.status).toBe(302);
    expect(file.disposition).toContain('attachment');
    expect(file.disposition).toContain('.pdf');
    const pdf = await PDFDocument.load(file.bytes!);
    expect(pdf.getPageCount()).toBe(4);
    // The tests' runtime is the UK variant (the spec's default region): A4, 210 x 297 mm (595.28 x
    // 841.89 pt; Chromium rounds the page to whole CSS pixels, 595.9 x 842), not Letter's 612 x 792.
    for (const page of pdf.getPages()) {
      const { width, height } = page.getSize();
      expect(Math.abs(width - PAPERS.A4.widthPt), `width ${width}`).toBeLessThan(1);
      expect(Math.abs(height - PAPERS.A4.heightPt), `height ${height}`).toBeLessThan(1);
    }
    const pages = pdfTextPages('findings-detail', file.bytes!);
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain('Findings report');
    expect(pages[0]).toContain('Page 1 of 4');
    // Five findings, two a page: 1-2, 3-4, 5.
    expect(pages[1]).toContain(DESCRIPTIONS[0]);
    expect(pages[1]).toContain(DESCRIPTIONS[1]);
    expect(pages[2]).toContain(DESCRIPTIONS[2]);
    expect(pages[2]).toContain('Tracking onto the street');
    expect(pages[3]).toContain(DESCRIPTIONS[4]);
    expect(pages[3]).toContain('Page 4 of 4');
    for (const page of pages) expect(page).toContain('Riverside Lofts');
    // Typed markup is printed as the text it is, never run or loaded.
    expect(pages.join('\n')).toContain("<script>fetch('https://evil.example/x')</script>");
    expect(pages.join('\n')).toContain('<img');
    expect(pages.join('\n')).toContain('src="https://evil.example/y.png">');
    expect(pages.join('\n')).toContain('03-02-2026');
    renderPages('findings-detail', file.bytes!);
  });

  it('prints 3 findings a page, photos included, on 2 pages after the heading', async () => {
    const printed = await printOverSocket(
      adminSocket,
      admin,
      'findings',
      findingsBody({ findingPerPage: 3 }),
    );
    expect(printed.last?.status, JSON.stringify(printed.last)).toBe('done');
    const file = await downloadReport(printed.last!.url!);
    const pages = pdfTextPages('findings-detail-3', file.bytes!);
    expect(pages).toHaveLength(3);
    expect(pages[1]).toContain(DESCRIPTIONS[2]);
    expect(pages[2]).toContain(DESCRIPTIONS[4]);
    expect(pages[2]).toContain('Page 3 of 3');
    renderPages('findings-detail-3', file.bytes!);
  });

  it('prints the list view as one table with every finding and its status', async () => {
    const printed = await printOverSocket(adminSocket, admin, 'findings', findingsBody({ viewType: 'list' }));
    expect(printed.last?.status, JSON.stringify(printed.last)).toBe('done');
    const file = await downloadReport(printed.last!.url!);
    const text = pdfTextPages('findings-list', file.bytes!).join('\n');
    for (const description of [DESCRIPTIONS[0], DESCRIPTIONS[1], DESCRIPTIONS[2], DESCRIPTIONS[4]])
      expect(text).toContain(description);
    expect(text).toContain('Closed');
    expect(text).toContain('Open');
    expect(text).toContain('Page 1 of');
    renderPages('findings-list', file.bytes!);
  });

  it('prints only the closed findings when asked', async () => {
    const printed = await printOverSocket(
      adminSocket,
      admin,
      'findings',
      findingsBody({ reportType: 'closed', viewType: 'list' }),
    );
    expect(printed.last?.status).toBe('done');
    const text = pdfTextPages('findings-closed', (await downloadReport(printed.last!.url!)).bytes!).join(
      '\n',
    );
    expect(text).toContain(DESCRIPTIONS[2]);
    expect(text).not.toContain(DESCRIPTIONS[0]);
  });

  it('ends in error with a reason when a photo is gone, and a Retry (a new key) prints once it is back', async () => {
    const kept = await Promise.all(
      photoKeys.map(async (key) => ({ key, bytes: await store.readRange(key, 0, 16 * 1024 * 1024) })),
    );
    for (const { key } of kept) await store.remove(key);
    const failed = await printOverSocket(adminSocket, admin, 'findings', findingsBody({ findingPerPage: 1 }));
    expect(failed.last).toMatchObject({ status: 'error', message: REPORT_MESSAGES.photoMissing, url: null });
    // The original is a PNG, its print copy a JPEG.
    for (const { key, bytes } of kept)
      await store.put(key, bytes, key === photoKeys[0] ? 'image/png' : 'image/jpeg');
    const retried = await printOverSocket(
      adminSocket,
      admin,
      'findings',
      findingsBody({ findingPerPage: 1 }),
    );
    expect(retried.last?.status, JSON.stringify(retried.last)).toBe('done');
    const pdf = await PDFDocument.load((await downloadReport(retried.last!.url!)).bytes!);
    expect(pdf.getPageCount()).toBe(6);
  });

  it('answers nothing to print as an error the user can act on', async () => {
    const printed = await printOverSocket(
      adminSocket,
      admin,
      'findings',
      findingsBody({ findingType: 'no-such-type', viewType: 'list' }),
    );
    expect(printed.last).toMatchObject({ status: 'error', message: REPORT_MESSAGES.nothingToPrint });
  });
});

describe('a print job belongs to who printed it', () => {
  it('reads back by id for its owner only, in its division; the download link is bound to its owner', async () => {
    const printed = await printOverSocket(adminSocket, admin, 'findings', findingsBody({ viewType: 'list' }));
    const reportId = printed.last!.reportId;
    const own = await call<{ status: string; url: string }>(`/api/reports/${reportId}`, {
      token: admin,
      divisionId: NORTH,
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ status: 'done', reportId });
    expect(own.body.url).toContain('?token=');

    const other = await createTestUser('Admin', [NORTH, SOUTH]);
    const otherToken = await signInAs(other);
    const stranger = await call<{ message: string }>(`/api/reports/${reportId}`, {
      token: otherToken,
      divisionId: NORTH,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(REPORT_MESSAGES.notFound);
    const elsewhere = await call<{ message: string }>(`/api/reports/${reportId}`, {
      token: admin,
      divisionId: SOUTH,
    });
    expect([403, 404]).toContain(elsewhere.status);

    // Another user's channel cannot be heard.
    const strangerSocket = await socketFor(otherToken);
    const subscribed = await request(strangerSocket, {
      action: 'subscribe',
      divisionId: NORTH,
      channel: printed.channel,
    });
    expect(subscribed).toMatchObject({ type: 'error', status: 404, message: REPORT_MESSAGES.notFound });
    // Its owner may listen again (a reconnect).
    const again = await request(adminSocket, {
      action: 'subscribe',
      divisionId: NORTH,
      channel: printed.channel,
    });
    expect(again.ok).toBe(true);

    // A link made for the owner opens nothing with a tampered token, and nothing of another job.
    const tampered = await downloadReport(`${own.body.url.slice(0, -4)}AAAA`);
    expect(tampered.status).toBe(401);
    const link = new URL(own.body.url, 'http://x');
    const wrongPath = await downloadReport(`/api/download/${crypto.randomUUID()}.pdf${link.search}`);
    expect(wrongPath.status).toBe(401);
  });

  it('refuses a key used before (409), a job of another division (404) and a body out of bounds (400)', async () => {
    const key = `k${crypto.randomUUID().replace(/-/g, '')}`;
    const first = await request(adminSocket, {
      action: 'begin:findings',
      ...findingsBody({ viewType: 'list' }),
      key,
    });
    expect(first.ok).toBe(true);
    const reused = await request(adminSocket, {
      action: 'begin:findings',
      ...findingsBody({ viewType: 'list' }),
      key,
    });
    expect(reused).toMatchObject({ type: 'error', status: 409 });

    const south = await inspectedSite(db, SOUTH, {
      clientName: 'South Client',
      projectName: 'South Yard',
      location: 'Gate',
      createdBy: 'seed',
    });
    const crossed = await request(adminSocket, {
      action: 'begin:findings',
      ...findingsBody({ inspectionId: south.inspection.id }),
      key: `k${crypto.randomUUID().replace(/-/g, '')}`,
    });
    expect(crossed).toMatchObject({ type: 'error', status: 404 });

    const tooMany = await request(adminSocket, {
      action: 'begin:findings',
      ...findingsBody({ findingPerPage: 4 }),
      key: `k${crypto.randomUUID().replace(/-/g, '')}`,
    });
    expect(tooMany).toMatchObject({
      type: 'error',
      status: 400,
      message: 'Findings per page must be 1 to 3',
    });
    const extra = await request(adminSocket, {
      action: 'begin:findings',
      ...findingsBody({ url: 'https://evil.example' }),
      key: `k${crypto.randomUUID().replace(/-/g, '')}`,
    });
    expect(extra).toMatchObject({ type: 'error', status: 400 });
  });

  it('lets one user begin at most 10 prints a minute: the 11th is refused (429), in the same transaction as the job', async () => {
    const printer = await createTestUser('Admin', [NORTH]);
    const minute = new Date('2026-11-30T10:15:20Z');
    const begin = () => {
      const id = crypto.randomUUID();
      return createReport(
        db,
        {
          id,
          job: 'siteMaps',
          key: `k${id.replace(/-/g, '')}`,
          userId: printer.id,
          divisionId: NORTH,
          projectId: site.project.id,
          title: 'Site Maps - Riverside Lofts',
          body: {},
        },
        minute,
      ).then(() => id);
    };
    for (let i = 0; i < PRINTS_PER_USER_PER_MINUTE; i++) await begin();
    const refused = begin();
    await expect(refused).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(refused).rejects.toThrow(REPORT_MESSAGES.tooManyPrints);
    // The next minute starts afresh.
    minute.setUTCMinutes(16);
    await expect(begin()).resolves.toBeTruthy();
  });

  it('refuses a Custom period ending after today in the project zone', async () => {
    const refused = await request(adminSocket, {
      action: 'begin:inspections',
      divisionId: NORTH,
      key: `k${crypto.randomUUID().replace(/-/g, '')}`,
      projectId: site.project.id,
      period: 'custom',
      startDate: '2026-01-01',
      endDate: '2999-01-01',
      scope: 'all',
      inspectionIds: [site.inspection.id],
    });
    expect(refused).toMatchObject({ type: 'error', status: 400, message: REPORT_MESSAGES.endDateInFuture });
  });
});

describe('Print Inspections takes only what its modal offers', () => {
  const inspectionsBody = (overrides: Record<string, unknown>) => ({
    action: 'begin:inspections',
    divisionId: NORTH,
    key: `k${crypto.randomUUID().replace(/-/g, '')}`,
    projectId: site.project.id,
    period: '1y',
    scope: 'all',
    inspectionIds: [site.inspection.id],
    ...overrides,
  });

  it('refuses inspections outside the period or scope, or of another project, with a clear 400', async () => {
    // The site's inspection is of 02-03-2026: in the past year, not the past 3 months.
    const stale = await request(adminSocket, inspectionsBody({ period: '3m' }));
    expect(stale).toMatchObject({
      type: 'error',
      status: 400,
      message: `Inspection #${site.inspection.number} is not in the chosen period`,
    });
    // It holds a corrective action but no signature.
    const unsigned = await request(adminSocket, inspectionsBody({ scope: 'signature_only' }));
    expect(unsigned).toMatchObject({
      type: 'error',
      status: 400,
      message: `Inspection #${site.inspection.number} is not in the chosen scope (Only signed inspections)`,
    });
    const profile = await call<{ id: string }>('/api/profile', { token: admin, divisionId: NORTH });
    const other = await inspectedSite(db, NORTH, {
      clientName: 'Other Client',
      projectName: 'Other Site',
      location: 'Gate',
      createdBy: profile.body.id,
    });
    const mixed = await request(
      adminSocket,
      inspectionsBody({ inspectionIds: [site.inspection.id, other.inspection.id] }),
    );
    expect(mixed).toMatchObject({
      type: 'error',
      status: 400,
      message: 'The selected inspections must all be inspections of this project',
    });
    const unknown = await request(adminSocket, inspectionsBody({ inspectionIds: ['not-an-inspection'] }));
    expect(unknown).toMatchObject({ type: 'error', status: 404 });
  });

  it('prints a selection inside the period and scope', async () => {
    const printed = await printOverSocket(adminSocket, admin, 'inspections', {
      divisionId: NORTH,
      projectId: site.project.id,
      period: 'custom',
      startDate: '2026-03-02',
      endDate: '2026-03-02',
      scope: 'ca_only',
      inspectionIds: [site.inspection.id],
    });
    expect(printed.reply.ok, JSON.stringify(printed.reply)).toBe(true);
    expect(printed.last?.status, JSON.stringify(printed.last)).toBe('done');
  });
});

describe('who may print', () => {
  it("the public account prints a published project's findings, and nothing of one that is not", async () => {
    const publicToken = await tokenFor('public@example.com');
    const publicSocket = await socketFor(publicToken);
    const hidden = await request(publicSocket, {
      action: 'begin:findings',
      ...findingsBody({ viewType: 'list' }),
      key: `k${crypto.randomUUID().replace(/-/g, '')}`,
    });
    expect(hidden).toMatchObject({ type: 'error', status: 404 });
    await setProjectPublished(db, NORTH, site.project.id, true);
    const printed = await printOverSocket(
      publicSocket,
      publicToken,
      'findings',
      findingsBody({ viewType: 'list' }),
    );
    expect(printed.last?.status, JSON.stringify(printed.reply)).toBe('done');
    const link = printed.last!.url!;
    expect((await downloadReport(link)).status).toBe(302);

    // Unpublished since: the report is not handed out any more, by id nor by the link it had.
    await setProjectPublished(db, NORTH, site.project.id, false);
    const reread = await call<{ message: string }>(`/api/reports/${printed.last!.reportId}`, {
      token: publicToken,
      divisionId: NORTH,
    });
    expect(reread.status).toBe(404);
    expect(reread.body.message).toBe(REPORT_MESSAGES.notFound);
    expect((await downloadReport(link)).status).toBe(404);
  });

  it('a client user not given the project is told it is not found', async () => {
    const clientUser = await createTestUser('Client User', [NORTH]);
    const ws = await socketFor(await signInAs(clientUser));
    const refused = await request(ws, {
      action: 'begin:findings',
      ...findingsBody({ viewType: 'list' }),
      key: `k${crypto.randomUUID().replace(/-/g, '')}`,
    });
    expect(refused).toMatchObject({ type: 'error' });
    expect([403, 404]).toContain(refused.status);
  });
});
