import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@stormline/domain/local-date';
import { askedQuestions, type Answers } from '@stormline/domain/questionnaire-rules';
import type { Question, TemplateVersion } from '@stormline/domain/template-model';
import { sampleAnswer } from '@stormline/local/seed/sample-answers';
import { call, NORTH } from '../support/api';
import { createRoutineProject } from '../support/routine-project';
import { tamperAnswer, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, downloadedBytes, screenshot, signIn, useBrowser } from './browser';

/**
 * Issue 10's walk in the browser, on a project that requires compliance certification: start the
 * due-today inspection, answer every question type in the page, raise a CA and an MI, add a photo
 * to the MI (thumbnail, rotation, an annotation), complete the MI, sign the inspection, see
 * compliance refused naming the open CA, complete it, certify compliance, find the inspection
 * read-only; then the stored answers are altered in the table and the page flags the signature;
 * an admin reopens it; two inspections are certified together from the project tab; the project
 * is archived and restored; and the project is opened through its public link in a fresh browser
 * with nothing to change. Axe and screenshots at 1280 and 375 px along the way.
 */

const newPage = useBrowser();
const run = Date.now().toString(36);
const zone = 'Europe/London';
const projectName = `E2E Aire Sidings ${run}`;
const db = testTable();
afterAll(() => db.doc.destroy());

let inspector: { id: string; email: string; password: string };
let token: string;
let admin: { id: string; email: string; password: string };
let adminToken: string;
let projectId: string;
let inspectionId: string;
let page: Page;

interface Questionnaire {
  template: Pick<TemplateVersion, 'question_groups'>;
  answers: { questionId: string; value: unknown }[];
  answersVersion: number;
  nowLocal: string;
  findingOffer: { id: string }[];
}

const api = <T>(path: string, method = 'GET', body?: unknown, as = token) =>
  call<T>(path, { method, token: as, divisionId: NORTH, ...(body === undefined ? {} : { body }) });

const createProject = (name: string) =>
  createRoutineProject(db, {
    name,
    clientName: `E2E Aire Client ${name}`,
    groupName: `E2E regulations ${name}`,
    inspectorId: inspector.id,
    adminToken,
  });

/** A valid answer for a question today: the seed's sample answers, with dates not in the future. */
function answerFor(question: Question, q: Questionnaire): unknown {
  const day = q.nowLocal.slice(0, 10);
  if (question.question_type_id === 'datetime') return `${day}T00:00`;
  if (question.question_type_id === 'time') return '00:15';
  return sampleAnswer(question, { day, type: 'Routine', findingIds: q.findingOffer.map((f) => f.id) });
}

/** Answers one question in the page the way a person would, by its type. */
async function answerInPage(field: Locator, question: Question, value: unknown): Promise<void> {
  const optionName = (id: unknown) => question.options.find((o) => o.id === id)!.name;
  const p = field.page();
  switch (question.question_type_id) {
    case 'select':
      await field.locator('input').first().click();
      await p.getByRole('option', { name: optionName(value), exact: true }).click();
      return;
    case 'multiselect':
      // The list stays open while options are picked; Escape closes it.
      await field.locator('.mantine-MultiSelect-input').click();
      for (const id of value as string[])
        await p.getByRole('option', { name: optionName(id), exact: true }).click();
      await p.keyboard.press('Escape');
      return;
    case 'radio_group':
      await field.getByRole('radio', { name: optionName(value), exact: true }).check();
      return;
    case 'boolean':
      await field.getByRole('radio', { name: value ? 'Yes' : 'No', exact: true }).check();
      return;
    case 'boolean_na':
      await field
        .getByRole('radio', { name: { yes: 'Yes', no: 'No', na: 'N/A' }[value as string], exact: true })
        .check();
      return;
    case 'checkbox':
    case 'finding_array':
      for (const id of value as string[]) {
        const name = question.question_type_id === 'checkbox' ? optionName(id) : new RegExp(`^\\w+ #\\d+:`);
        await field.getByRole('checkbox', { name }).first().check();
      }
      return;
    case 'single_checkbox':
      await field.getByRole('checkbox').check();
      return;
    case 'textarea':
      await field.locator('textarea').first().fill(String(value));
      return;
    default:
      await field.locator('input').first().fill(String(value));
  }
}

/** A small real PNG (a green square with a border), as a phone's camera roll would hold. */
function png(side: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc(side * (side * 3 + 1));
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const edge = x < 4 || y < 4 || x >= side - 4 || y >= side - 4;
      rows.set(edge ? [30, 30, 30] : [60, 160, 80], y * (side * 3 + 1) + 1 + x * 3);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function look(p: Page, name: string) {
  await expectNoSeriousAxeViolations(p, name);
  await screenshot(p, name);
}

beforeAll(async () => {
  inspector = await createTestUser('Inspector', [NORTH]);
  token = await signInAs(inspector);
  await call(`/api/users/${inspector.id}/signature_authorization/agree`, { method: 'POST', token });
  admin = await createTestUser('Admin', [NORTH]);
  adminToken = await signInAs(admin);
  projectId = await createProject(projectName);
});

describe("the inspector's day, start to certified (1280 px)", () => {
  it('starts the due-today inspection and answers every question type in the page', async () => {
    page = await newPage(VIEWPORTS.desktop);
    await signIn(page, inspector);
    await page.goto(`/divisions/${NORTH}/projects/${projectId}/inspections`);
    await page.getByRole('button', { name: 'Start Inspection' }).click();
    await page.waitForURL(/\/inspection\/[^/]+\/questionnaire$/);
    inspectionId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { name: 'Inspection Information' }).waitFor();

    const q = (await api<Questionnaire>(`/api/inspections/${inspectionId}/questions`)).body;
    const answers: Answers = Object.fromEntries(q.answers.map((a) => [a.questionId, a.value])) as Answers;
    const typed = new Set<string>();
    const done = new Set<string>();
    // Child questions appear under the options chosen: answer what is asked until nothing is new.
    // The inspection date comes filled in; the inspector types over it (the only datetime question).
    for (let round = 0; round < 4; round++) {
      let added = false;
      for (const question of askedQuestions(q.template, answers)) {
        if (done.has(question.id) || question.question_type_id === 'descriptive_text') continue;
        if (question.id in answers && question.question_type_id !== 'datetime') continue;
        done.add(question.id);
        const value = answerFor(question, q);
        if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
        await answerInPage(page.locator(`[data-question="${question.id}"]`), question, value);
        answers[question.id] = value as Answers[string];
        typed.add(question.question_type_id);
        added = true;
      }
      if (!added) break;
    }
    // Every type but the descriptive text (nothing to answer) and the finding array (no findings yet).
    expect([...typed].sort()).toEqual([
      'boolean',
      'boolean_na',
      'checkbox',
      'date',
      'datetime',
      'multiselect',
      'number',
      'radio_group',
      'select',
      'single_checkbox',
      'text',
      'textarea',
      'time',
    ]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Inspection saved!').first().waitFor();
    const read = await api<Questionnaire & { inspection?: unknown }>(
      `/api/inspections/${inspectionId}/questions`,
    );
    expect(Object.fromEntries(read.body.answers.map((a) => [a.questionId, a.value]))).toMatchObject(answers);
  });

  it('raises a CA and an MI, adds a photo to the MI (turned and annotated) and completes the MI', async () => {
    await page.getByRole('tab', { name: 'Findings' }).click();
    for (const [type, location] of [
      ['Corrective Action (CA)', 'North outfall: sediment plume'],
      ['Maintenance Item (MI)', 'Site entrance: wheel wash blocked'],
    ] as const) {
      await page.getByRole('button', { name: 'Add Finding' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Finding Type').click();
      await page.getByRole('option', { name: type }).click();
      await dialog.getByLabel('Location').fill(location);
      await dialog.getByLabel('Observation').fill(`${location}, seen on the morning walk.`);
      await dialog.getByRole('button', { name: 'Add Finding' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: location }).waitFor();
    }
    await page.getByRole('link', { name: /^MI #\d+$/ }).click();
    await page.getByRole('heading', { name: /^Overview MI #\d+$/ }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add Photos' }).click();
    await (await chooser).setFiles({ name: 'wheel-wash.png', mimeType: 'image/png', buffer: png(480) });
    await page.getByRole('link', { name: 'Open photo wheel-wash.png' }).waitFor();
    await page.getByRole('button', { name: 'Rotate photo wheel-wash.png' }).click();
    await page.getByRole('button', { name: 'Annotate photo wheel-wash.png' }).click();
    await page.getByText('Rectangle').click();
    await page.getByRole('button', { name: /^Photo to annotate/ }).click();
    await page.getByRole('button', { name: 'Save annotations' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await look(page, 'finding-photos-1280');
    const finding = (
      await api<{ pageData: { id: string; type: { code: string } }[] }>(
        `/api/inspections/${inspectionId}/findings`,
      )
    ).body.pageData.find((f) => f.type.code === 'MI')!;
    const detail = await api<{
      images: { rotation: number; annotations: { kind: string }[]; width: number }[];
    }>(`/api/findings/${finding.id}?inspectionId=${inspectionId}`);
    expect(detail.body.images).toMatchObject([
      { rotation: 90, width: 480, annotations: [{ kind: 'rectangle' }] },
    ]);

    await page.getByRole('link', { name: 'All Findings' }).click();
    await page.getByRole('checkbox', { name: /Select MI #\d+/ }).check();
    await page.getByRole('button', { name: 'Complete Finding(s)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Complete Finding(s)' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('signs the inspection; compliance is refused naming the open CA; completing it lets compliance through', async () => {
    await page.getByRole('tab', { name: 'Certification' }).click();
    const inspectionGroup = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Inspection Certification' }) })
      .last();
    await inspectionGroup.getByLabel('Electronic Authorization Signature').check();
    await inspectionGroup.getByRole('button', { name: 'Sign' }).click();
    await inspectionGroup.getByRole('button', { name: 'Sign' }).waitFor({ state: 'detached' });
    const compliance = page.getByText(/Complete these findings before compliance certification: .*CA #1/);
    await compliance.waitFor();
    await look(page, 'certification-refused-1280');

    await page.getByRole('tab', { name: 'Findings' }).click();
    await page.getByRole('checkbox', { name: /Select CA #1/ }).check();
    await page.getByRole('button', { name: 'Complete Finding(s)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Complete Finding(s)' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Certification' }).click();
    const complianceGroup = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Compliance Certification' }) })
      .last();
    await complianceGroup.getByLabel('Electronic Authorization Signature').check();
    await complianceGroup.getByRole('button', { name: 'Sign' }).click();
    await complianceGroup.getByRole('button', { name: 'Sign' }).waitFor({ state: 'detached' });
    const cert = await api<{ userSignatures: { group: string; matches: boolean }[] }>(
      `/api/inspections/${inspectionId}/cert`,
    );
    expect(cert.body.userSignatures.map((s) => s.group).sort()).toEqual(['compliance', 'inspection']);
    expect(cert.body.userSignatures.every((s) => s.matches)).toBe(true);
    await look(page, 'certification-signed-1280');
  });

  it('shows the certified inspection read-only: no Add Finding, the questions locked', async () => {
    await page.getByRole('tab', { name: 'Inspection Questions' }).click();
    await page.getByRole('heading', { name: 'Inspection Information' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.locator('[data-question] input:not([disabled]):not([type="hidden"])').count()).toBe(0);
    await page.getByRole('tab', { name: 'Findings' }).click();
    await page.getByRole('cell', { name: 'North outfall: sediment plume' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Finding' }).count()).toBe(0);
  });

  it('flags the signatures when the stored answers are altered in the table, outside the product', async () => {
    const textQuestion = (
      await api<Questionnaire>(`/api/inspections/${inspectionId}/questions`)
    ).body.answers.find((a) => typeof a.value === 'string' && a.value.length > 20)!.questionId;
    await tamperAnswer(db, NORTH, inspectionId, textQuestion, 'Everything was fine.');
    await page.goto(`/inspection/${inspectionId}/certification`);
    await page
      .getByText(/Changed after signing: this inspection no longer matches what/)
      .first()
      .waitFor();
    expect(await page.getByText('Changed after signing', { exact: true }).count()).toBe(2);
    await look(page, 'certification-tampered-1280');
  });

  it('an admin reopens it: the compliance signature goes and the questions unlock', async () => {
    const adminPage = await newPage(VIEWPORTS.desktop);
    await signIn(adminPage, admin);
    await adminPage.goto(`/inspection/${inspectionId}/certification`);
    await adminPage.getByRole('button', { name: 'Menu', exact: true }).click();
    await adminPage.getByRole('menuitem', { name: 'Edit Inspection' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Edit Inspection' }).click();
    await adminPage.getByRole('dialog').waitFor({ state: 'detached' });
    const cert = await api<{ userSignatures: { group: string }[] }>(`/api/inspections/${inspectionId}/cert`);
    expect(cert.body.userSignatures.map((s) => s.group)).toEqual(['inspection']);
    await adminPage.getByRole('tab', { name: 'Inspection Questions' }).click();
    await adminPage.getByRole('button', { name: 'Save', exact: true }).waitFor();

    // Open again, the inspection can be handed to another inspector from the menu.
    const relief = await createTestUser('Inspector', [NORTH], { lastName: `Relief ${run}` });
    await adminPage.getByRole('button', { name: 'Menu', exact: true }).click();
    await adminPage.getByRole('menuitem', { name: 'Change Inspector' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Change Inspector' });
    // The list is asked again 500 ms after the last keystroke and its answer redraws the options:
    // the option is pressed once it is drawn from that answer (the search is strongly consistent,
    // so one search finds the new user; retyping the same words would not ask again, the answer
    // being cached under the same key).
    const option = adminPage.getByRole('option', { name: `Test Relief ${run} (Inspector)` });
    const searched = adminPage.waitForResponse(
      (r) =>
        r.url().includes('/api/projects/inspectors') &&
        new URL(r.url()).searchParams.get('s') === `Relief ${run}`,
      { timeout: 90_000 },
    );
    await dialog.getByLabel('Inspector').fill(`Relief ${run}`);
    await searched;
    await option.waitFor({ timeout: 60_000 });
    await option.click();
    await look(adminPage, 'change-inspector-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await adminPage.getByText(`Inspector: Test Relief ${run}`).waitFor();
    const read = await api<{ inspector: { id: string } }>(`/api/inspections/${inspectionId}`);
    expect(read.body.inspector.id).toBe(relief.id);
  }, 180_000); // Two dialogs and a search that waits for its answer: on a loaded run, 60 s and 120 s were not enough.
});

describe('findings after certification', () => {
  it('Edit Finding on a completed CA asks first, naming the inspection whose compliance signature goes', async () => {
    const cert = await api<{
      signatureGroups: { group: string; lines: { type: string }[] }[];
      today: string;
    }>(`/api/inspections/${inspectionId}/cert`);
    const line = cert.body.signatureGroups.find((g) => g.group === 'compliance')!.lines[0]!.type;
    const signed = await api(`/api/inspections/${inspectionId}/cert/compliance`, 'POST', {
      lineType: line,
      date: cert.body.today,
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const adminPage = await newPage(VIEWPORTS.desktop);
    await signIn(adminPage, admin);
    await adminPage.goto(`/inspection/${inspectionId}/findings`);
    await adminPage.getByRole('link', { name: 'CA #1' }).click();
    await adminPage.getByRole('button', { name: 'Edit Finding' }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Edit Finding' });
    await confirm.getByText(/The compliance signatures of these inspections are removed/).waitFor();
    await confirm.getByText(/^Inspection #1 · /).waitFor();
    await look(adminPage, 'finding-reopen-1280');
    await confirm.getByRole('button', { name: 'Reopen and edit' }).click();
    const form = adminPage.getByRole('dialog', { name: 'Edit Finding' });
    await form.getByLabel('Location').fill('North outfall: plume returned after rain');
    await form.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Updated Finding').first().waitFor();
    await adminPage.getByText('North outfall: plume returned after rain').waitFor();
    // An observation added, edited by its author.
    await adminPage.getByLabel('Add an observation').fill('Silt curtain ordered.');
    await adminPage.getByRole('button', { name: 'Add observation' }).click();
    // The text, once it is an observation (the box may still hold it while the list redraws).
    await adminPage.getByRole('paragraph').filter({ hasText: 'Silt curtain ordered.' }).waitFor();
    await adminPage.getByRole('button', { name: 'Edit observation “Silt curtain ordered.”' }).click();
    await adminPage
      .getByLabel('Edit observation', { exact: true })
      .fill('Silt curtain ordered; delivery Thursday.');
    await adminPage.getByRole('button', { name: 'Save observation' }).click();
    await adminPage
      .getByRole('paragraph')
      .filter({ hasText: 'Silt curtain ordered; delivery Thursday.' })
      .waitFor();
    await adminPage.getByText('North outfall: sediment plume, seen on the morning walk.').waitFor();
    await look(adminPage, 'finding-edited-1280');

    const after = await api<{ userSignatures: { group: string }[] }>(`/api/inspections/${inspectionId}/cert`);
    expect(after.body.userSignatures.map((s) => s.group)).toEqual(['inspection']);
    const findings = await api<{
      pageData: { location: string; date_completed: string | null; type: { code: string } }[];
    }>(`/api/inspections/${inspectionId}/findings`);
    expect(findings.body.pageData.find((f) => f.type.code === 'CA')).toMatchObject({
      location: 'North outfall: plume returned after rain',
      date_completed: null,
    });
  });
});

describe('the project tab, the archive and the public link', () => {
  let bulkProjectId: string;

  it('certifies two inspections together from the project tab', async () => {
    bulkProjectId = await createProject(`${projectName} bulk`);
    const ids: string[] = [];
    for (let n = 0; n < 2; n++) {
      const created = await api<{ id: string }>('/api/inspections', 'POST', {
        projectId: bulkProjectId,
        type: 'Routine',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const q = (await api<Questionnaire>(`/api/inspections/${created.body.id}/questions`)).body;
      const answers: Answers = Object.fromEntries(q.answers.map((a) => [a.questionId, a.value])) as Answers;
      for (let round = 0; round < 4; round++)
        for (const question of askedQuestions(q.template, answers))
          if (!(question.id in answers)) {
            const value = answerFor(question, q);
            if (value !== undefined) answers[question.id] = value as Answers[string];
          }
      const saved = await api(`/api/inspections/${created.body.id}`, 'PUT', {
        answersVersion: q.answersVersion,
        answers: Object.entries(answers).map(([questionId, value]) => ({ questionId, value })),
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const cert = await api<{
        signatureGroups: { group: string; lines: { type: string }[] }[];
        today: string;
      }>(`/api/inspections/${created.body.id}/cert`);
      const line = cert.body.signatureGroups.find((g) => g.group === 'inspection')!.lines[0]!.type;
      const signed = await api(`/api/inspections/${created.body.id}/cert/inspection`, 'POST', {
        lineType: line,
        date: cert.body.today,
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      ids.push(created.body.id);
    }
    await page.goto(`/divisions/${NORTH}/projects/${bulkProjectId}/inspections`);
    await page.getByLabel('Select All Inspections').check();
    await page.getByRole('button', { name: 'Certify 2 Inspection(s)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Certify Inspections' });
    await dialog.getByLabel('Electronic Authorization Signature').check();
    await look(page, 'bulk-certify-1280');
    await dialog.getByRole('button', { name: 'Certify 2 Inspection(s)' }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const id of ids) {
      const cert = await api<{ userSignatures: { group: string }[] }>(`/api/inspections/${id}/cert`);
      expect(cert.body.userSignatures.map((s) => s.group).sort()).toEqual(['compliance', 'inspection']);
    }
  });

  it('edits the project from its page: the client and form type fixed, the new name saved', async () => {
    await page.goto(`/divisions/${NORTH}/projects/${bulkProjectId}/inspections`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit Project' }).click();
    const form = page.getByRole('form', { name: 'Edit project' });
    await expect.poll(() => form.getByLabel('Inspection form type').isDisabled()).toBe(true);
    await form.getByLabel('Project name').fill(`${projectName} renamed`);
    await form.getByLabel('Notes').fill('Access from the canal towpath only.');
    await look(page, 'edit-project-1280');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: `${projectName} renamed` }).waitFor();
    const read = await api<{ name: string; notes: string; version: number }>(
      `/api/projects/${bulkProjectId}`,
    );
    expect(read.body).toMatchObject({
      name: `${projectName} renamed`,
      notes: 'Access from the canal towpath only.',
    });
  });

  it('archives the project (read-only, gone from the list) and restores it', async () => {
    await page.goto(`/divisions/${NORTH}/projects/${bulkProjectId}/inspections`);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByText('Archived: read-only').waitFor();
    const refused = await api(`/api/projects/${bulkProjectId}/attr/next_inspection_date`, 'PUT', {
      value: localDate(zone, new Date(Date.now() + 86_400_000 * 3)).replace(
        /^(\d+)-(\d+)-(\d+)$/,
        '$2-$3-$1',
      ),
    });
    expect(refused.status).toBe(409);
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await page.waitForURL(new RegExp(`/divisions/${NORTH}/projects/${bulkProjectId}`));
    await expect.poll(() => page.getByText('Archived: read-only').count()).toBe(0);
  });

  it('opens the published project through its public link in a fresh browser, with nothing to change', async () => {
    expect((await api(`/api/projects/${projectId}/public`, 'PUT')).status).toBe(200);
    for (const [viewport, width] of [
      [VIEWPORTS.desktop, 1280],
      [VIEWPORTS.mobile, 375],
    ] as const) {
      const visitor = await newPage(viewport);
      await visitor.goto(`/public/divisions/${NORTH}/projects/${projectId}`);
      await visitor.getByRole('heading', { name: projectName }).waitFor();
      await visitor.getByText('Inspection #1').waitFor();
      expect(
        await visitor.getByRole('button', { name: /New .* Inspection|Certify|Start Inspection/ }).count(),
      ).toBe(0);
      await look(visitor, `public-project-${width}`);
      await visitor.getByRole('link', { name: /Inspection #1/ }).click();
      await visitor.getByRole('heading', { name: 'Inspection Information' }).waitFor();
      expect(
        await visitor.locator('[data-question] input:not([disabled]):not([type="hidden"])').count(),
      ).toBe(0);
      expect(await visitor.getByRole('button', { name: /Save|Delete|Edit Inspection/ }).count()).toBe(0);
      await look(visitor, `public-questionnaire-${width}`);
      await visitor.getByRole('tab', { name: 'Findings' }).click();
      await visitor.getByRole('cell', { name: 'North outfall: plume returned after rain' }).waitFor();
      expect(await visitor.getByRole('button', { name: /Add Finding|Complete|Add Notes/ }).count()).toBe(0);
      await visitor.getByRole('link', { name: /^MI #\d+$/ }).click();
      await visitor.getByRole('heading', { name: /^Overview MI #\d+$/ }).waitFor();
      await visitor.getByRole('link', { name: 'Open photo wheel-wash.png' }).waitFor();
      expect(
        await visitor.getByRole('button', { name: /Add Photos|Rotate|Annotate|Remove|Delete/ }).count(),
      ).toBe(0);
      await look(visitor, `public-finding-${width}`);
      await visitor.getByRole('tab', { name: 'Certification' }).click();
      await visitor.getByRole('heading', { name: 'Inspection Certification' }).waitFor();
      expect(await visitor.getByRole('button', { name: 'Sign' }).count()).toBe(0);
      await look(visitor, `public-certification-${width}`);
    }
  });

  it('downloads the QR code as image.jpeg once the QR access flag is stored', async () => {
    const visitor = await newPage(VIEWPORTS.desktop);
    await visitor.goto(`/public/divisions/${NORTH}/projects/${projectId}`);
    await visitor.getByRole('heading', { name: projectName }).waitFor();
    expect(await visitor.getByRole('button', { name: 'QR code' }).count()).toBe(0);
    await visitor.evaluate(() => window.localStorage.setItem('stormline.qrAccess', '1'));
    await visitor.reload();
    const download = visitor.waitForEvent('download');
    await visitor.getByRole('button', { name: 'QR code' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('image.jpeg');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect([...Buffer.concat(chunks).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('refuses the public link of a project that is not published', async () => {
    expect((await api(`/api/projects/${projectId}/public`, 'DELETE')).status).toBe(200);
    const visitor = await newPage(VIEWPORTS.desktop);
    await visitor.goto(`/public/divisions/${NORTH}/projects/${projectId}`);
    await visitor.getByText('This project is not public, or it does not exist.').waitFor();
  });
});

describe("a demo project's documents, read-only", () => {
  for (const [viewport, width] of [
    [VIEWPORTS.desktop, 1280],
    [VIEWPORTS.mobile, 375],
  ] as const)
    it(`shows the site map and the project documents, and downloads a PDF (${width} px)`, async () => {
      const p = await newPage(viewport);
      await signIn(p, { email: 'inspector@example.com', password: 'Demo-Passw0rd!' });
      const list = await api<{ pageData: { id: string }[] }>(`/api/divisions/${NORTH}/projects?s=clyde`);
      const demoId = list.body.pageData[0]!.id;
      await p.goto(`/divisions/${NORTH}/projects/${demoId}/active-site-map`);
      const siteMap = p.getByTestId('document-name').filter({ hasText: /site map\.pdf$/ });
      await siteMap.waitFor();
      expect(await p.getByRole('button', { name: /^Reorder / }).count()).toBe(0);
      await look(p, `project-site-map-${width}`);
      const [download] = await Promise.all([p.waitForEvent('download'), siteMap.click()]);
      const saved = await downloadedBytes(download);
      expect(saved.subarray(0, 5).toString()).toBe('%PDF-');
      await p.goto(`/divisions/${NORTH}/projects/${demoId}/project-docs`);
      await p.getByRole('heading', { name: 'SWMP' }).waitFor();
      await p
        .getByTestId('document-name')
        .filter({ hasText: /SWMP\.pdf$/ })
        .waitFor();
      await look(p, `project-documents-${width}`);
      await p.goto(`/divisions/${NORTH}/projects/${demoId}/bmp-docs`);
      await p
        .getByText(/Silt Fence|No legend items found/)
        .first()
        .waitFor();
      await look(p, `project-bmp-${width}`);
    });
});

describe('on a phone (375 px), signed in', () => {
  it('the turned photo stays in its cell, is annotated as turned, and the dialogs of the day fit', async () => {
    const phone = await newPage(VIEWPORTS.mobile);
    await signIn(phone, admin);
    const mi = (
      await api<{ pageData: { id: string; type: { code: string } }[] }>(
        `/api/inspections/${inspectionId}/findings`,
      )
    ).body.pageData.find((f) => f.type.code === 'MI')!;
    await phone.goto(`/inspection/${inspectionId}/findings/${mi.id}/details`);
    await phone.getByRole('link', { name: 'Open photo wheel-wash.png' }).waitFor();
    const fits = () => phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await look(phone, 'finding-photos-375');

    // Turned a quarter, the photo is annotated as shown: a mark placed by the keyboard at the
    // top right of the shown photo lands at the photo's own top left.
    await phone.getByRole('button', { name: 'Annotate photo wheel-wash.png' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Annotate wheel-wash.png' });
    const photo = dialog.getByRole('button', { name: /^Photo to annotate/ });
    await photo.focus();
    for (let i = 0; i < 10; i++) await phone.keyboard.press('ArrowRight');
    for (let i = 0; i < 10; i++) await phone.keyboard.press('ArrowUp');
    await phone.keyboard.press('Enter');
    await look(phone, 'annotate-photo-375');
    await dialog.getByRole('button', { name: 'Save annotations' }).click();
    await dialog.waitFor({ state: 'detached' });
    const detail = await api<{ images: { annotations: { x: number; y: number }[] }[] }>(
      `/api/findings/${mi.id}?inspectionId=${inspectionId}`,
    );
    expect(detail.body.images[0]!.annotations.at(-1)).toMatchObject({ x: 0, y: 0 });

    await phone.goto(`/inspection/${inspectionId}/questionnaire`);
    await phone.getByRole('button', { name: 'Menu', exact: true }).click();
    await phone.getByRole('menuitem', { name: 'Change Inspector' }).click();
    await phone.getByRole('dialog', { name: 'Change Inspector' }).waitFor();
    expect(await fits()).toBe(true);
    await look(phone, 'change-inspector-375');
    await phone.keyboard.press('Escape');

    await phone.goto(`/divisions/${NORTH}/projects/${projectId}/inspections`);
    await phone.getByRole('button', { name: 'Actions' }).click();
    await phone.getByRole('menuitem', { name: 'Edit Project' }).click();
    await phone.getByRole('form', { name: 'Edit project' }).waitFor();
    expect(await fits()).toBe(true);
    await look(phone, 'edit-project-375');
  });
});
