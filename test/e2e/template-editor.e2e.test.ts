import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '@stormline/data/regulations';
import { makePng } from '@stormline/local/seed/demo-files';
import { localDate } from '@stormline/domain/local-date';
import type { TemplateContent } from '@stormline/domain/template-editing';
import { call, NORTH, SOUTH } from '../support/api';
import { answerInFull, signInspection, type ApiAs } from '../support/inspection-walk';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, downloadedBytes, screenshot, signIn, useBrowser } from './browser';
import { checkPhoneScreen } from './phone-checks';

/**
 * The inspection template editor through the browser (issue 19, spec 002 §2): a copy of the EPA
 * system template gets a TABLE group with three questions and a child question, its groups are
 * reordered by keyboard, the live preview shows each change at phone width, and it is published;
 * an inspection made on it asks the new questions, and a later version leaves that inspection
 * (and its signature) as it was answered. Every write is read back through the API.
 */

const newPage = useBrowser();
const run = Date.now().toString(36);
const db = testTable();
afterAll(() => db.doc.destroy());

interface EditorView {
  id: string;
  name: string;
  currentVersion: number;
  draft: { unpublished: boolean } | null;
  content: TemplateContent;
}
interface Questionnaire {
  template: Pick<TemplateContent, 'question_groups'>;
  answers: { questionId: string; value: unknown }[];
}

let admin: { id: string; email: string; password: string };
let adminApi: ApiAs;
let templateId: string;
const templateName = `E2E EPA ${run}`;
const tableGroup = `Outfalls ${run}`;
const findingType = `Blocked outfall ${run}`;
/** Spec 002 §8, "Unsaved changes". */
const UNSAVED_TITLE = 'You have unsaved changes';
const UNSAVED_TEXT = 'You have some unsaved changes. Are you sure you want to exit?';
const labels = {
  yesNo: 'Is the outfall free of sediment?',
  number: 'Outfall pipe diameter (mm)',
  select: 'Outfall condition',
  child: 'What needs repair at the outfall?',
};

beforeAll(async () => {
  admin = await createTestUser('Admin', [NORTH, SOUTH]);
  const token = await signInAs(admin);
  await call(`/api/users/${admin.id}/signature_authorization/agree`, { method: 'POST', token });
  adminApi = (path, method = 'GET', body) => call(path, { method, token, divisionId: NORTH, body });
});

const editorView = async () => (await adminApi<EditorView>(`/api/inspection-templates/${templateId}`)).body;
const groupsInOrder = (view: EditorView) =>
  [...view.content.question_groups].sort((a, b) => a.order - b.order).map((g) => g.name);
const previewFrame = (page: Page) =>
  page.frameLocator('iframe[title="Preview of the questionnaire on a phone"]');

async function look(page: Page, name: string) {
  await expectNoSeriousAxeViolations(page, name);
  await screenshot(page, name);
}

/** Adds a question through the Add question dialog of a group (or of an option, already opened). */
async function addQuestion(page: Page, type: string, label: string, options: string[] = []) {
  const dialog = page.getByRole('dialog', { name: /^Add a question/ });
  await dialog.getByRole('combobox', { name: 'Question type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Label' }).fill(label);
  for (const [index, option] of options.entries()) {
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: `Option ${index + 1}` }).fill(option);
  }
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the template editor (1280 px)', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(VIEWPORTS.desktop);
    await signIn(page, admin);
  });

  it('lists the templates, system ones marked, and copies the EPA template', async () => {
    // Searched for: other tests' templates may fill the first page meanwhile.
    await page.goto(
      `/divisions/${NORTH}/inspection-templates?search=${encodeURIComponent('EPA Construction')}`,
    );
    await page.getByRole('button', { name: 'Copy EPA Construction General Permit' }).waitFor();
    await look(page, 'templates-list-1280');
    await page.getByRole('button', { name: 'Copy EPA Construction General Permit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy EPA Construction General Permit' });
    await dialog.getByRole('textbox', { name: 'Template name' }).fill(templateName);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.waitForURL(/\/inspection-templates\/[^/?]+$/);
    templateId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: templateName, level: 1 }).waitFor();
    await page.getByTestId('template-current-version').getByText('Not published').waitFor();
    await look(page, 'template-editor-1280');

    const view = await editorView();
    expect(view).toMatchObject({ name: templateName, currentVersion: 0, draft: { unpublished: true } });
    expect(view.content.question_groups.length).toBeGreaterThan(0);
  });

  it('adds a TABLE group with three questions of different types', async () => {
    await page.getByRole('button', { name: 'Add group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add group' });
    await dialog.getByRole('textbox', { name: 'Group name' }).fill(tableGroup);
    await dialog.getByText('Table: one row a question').click();
    const headers = dialog.getByRole('combobox', { name: 'Table headers' });
    await headers.fill('Check');
    await headers.press('Enter');
    await headers.fill('Answer');
    await headers.press('Enter');
    await look(page, 'template-group-dialog-1280');
    await dialog.getByRole('button', { name: 'Add group' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Add question to ${tableGroup}` }).click();
    await page.getByRole('dialog', { name: `Add a question to ${tableGroup}` }).waitFor();
    // A TABLE group's questions fill their row: the dialog asks no width.
    expect(await page.getByRole('textbox', { name: 'Width (%)' }).count()).toBe(0);
    await addQuestion(page, 'Yes/No', labels.yesNo);
    await page.getByRole('button', { name: `Add question to ${tableGroup}` }).click();
    await addQuestion(page, 'Number', labels.number);
    await page.getByRole('button', { name: `Add question to ${tableGroup}` }).click();
    await addQuestion(page, 'Select One', labels.select, ['Good', 'Needs repair']);

    const group = (await editorView()).content.question_groups.find((g) => g.name === tableGroup)!;
    expect(group).toMatchObject({ layout_type: 'TABLE', table_headers: ['Check', 'Answer'] });
    expect(group.questions.map((q) => [q.input_label, q.question_type_id])).toEqual([
      [labels.yesNo, 'boolean'],
      [labels.number, 'number'],
      [labels.select, 'select'],
    ]);
  });

  it('adds a child question under an option', async () => {
    await page.getByRole('button', { name: `Add question under an option of ${labels.select}` }).click();
    await page.getByRole('menuitem', { name: 'Needs repair' }).click();
    await page.getByRole('dialog', { name: 'Add a question under Needs repair' }).waitFor();
    await addQuestion(page, 'Text Area', labels.child);
    const group = (await editorView()).content.question_groups.find((g) => g.name === tableGroup)!;
    const select = group.questions.find((q) => q.input_label === labels.select)!;
    expect(select.options.map((o) => [o.name, o.child_questions.map((c) => c.input_label)])).toEqual([
      ['Good', []],
      ['Needs repair', [labels.child]],
    ]);
  });

  it('moves the new group up with the keyboard, keeping the focus on the move', async () => {
    const before = groupsInOrder(await editorView());
    expect(before.at(-1)).toBe(tableGroup);
    const up = page.getByRole('button', { name: `Move group ${tableGroup} up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => groupsInOrder(await editorView()).indexOf(tableGroup))
      .toBe(before.length - 2);
    // A press while the move is saving is ignored (it aimed at the old order): wait for the list.
    await page.locator('[data-questions-tab][aria-busy="false"]').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Move group ${tableGroup} up`);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => groupsInOrder(await editorView()).indexOf(tableGroup))
      .toBe(before.length - 3);
    const after = groupsInOrder(await editorView());
    expect([...after].sort()).toEqual([...before].sort());
  });

  it('shows each change in the live preview, at phone width', async () => {
    const frame = previewFrame(page);
    await frame.getByRole('heading', { name: tableGroup }).waitFor();
    await frame.getByText(labels.number).first().waitFor();
    // The child question is asked once its option is chosen, as an inspector will see it.
    expect(await frame.getByText(labels.child).count()).toBe(0);
    await frame.getByRole('combobox', { name: labels.select }).click();
    await frame.getByRole('option', { name: 'Needs repair' }).click();
    await frame.getByText(labels.child).first().waitFor();
    const width = await page
      .locator('iframe[title="Preview of the questionnaire on a phone"]')
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(375);
    await look(page, 'template-preview-1280');
  });

  it('adds a finding type required for certification', async () => {
    await page.getByRole('tab', { name: 'Findings' }).click();
    const form = page.getByRole('form', { name: 'Add finding type' });
    await form.getByRole('textbox', { name: 'Name' }).fill(findingType);
    await form.getByRole('switch', { name: 'Required for certification' }).check({ force: true });
    await form.getByRole('button', { name: 'Add finding type' }).click();
    await page.getByRole('switch', { name: `${findingType} required for certification` }).waitFor();
    // The phone preview lists the types an inspector may raise, this one marked.
    await previewFrame(page).getByText(findingType).waitFor();
    await look(page, 'template-findings-1280');
    const type = (await editorView()).content.finding_types.find((t) => t.name === findingType);
    expect(type?.details).toMatchObject({ is_enabled: true, is_required_for_cert: true });
  });

  it('edits a signature line and turns the compliance certificate on', async () => {
    await page.getByRole('tab', { name: 'Certification' }).click();
    const region = page.getByRole('region', { name: 'Inspection Certification' });
    await region.getByRole('button', { name: 'Edit Inspection Certification' }).click();
    const line = region.getByRole('group', { name: 'Signature line 1' });
    await line.getByRole('textbox', { name: 'Role field label' }).fill('Site role');
    await region.getByRole('button', { name: 'Save' }).click();
    await region.getByText(/Role field: Site role/).waitFor();
    const compliance = page.getByRole('switch', { name: /Compliance certificate/ });
    if (!(await compliance.isChecked())) await compliance.check({ force: true });
    await page
      .getByRole('region', { name: /Compliance/ })
      .first()
      .waitFor();
    await look(page, 'template-certification-1280');
    const view = await editorView();
    expect(view.content.signature_groups.inspection?.[0]?.roleFieldLabel).toBe('Site role');
    expect(view.content.has_compliance_cert).toBe(true);
  });

  it('uploads a logo, shown from its download path', async () => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload logo' }).click(),
    ]);
    await chooser.setFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(makePng(120, 60)),
    });
    const logo = page.getByTestId('template-logo');
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(120);
    expect((await editorView()).content.logo_GUID).toBeTruthy();
    await previewFrame(page).getByTestId('preview-logo').waitFor();
  });

  it('publishes the draft as version 1', async () => {
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByTestId('template-current-version').getByText('Version 1').waitFor();
    await page.getByTestId('template-draft-state').getByText('Same as the published version').waitFor();
    const view = await editorView();
    expect(view).toMatchObject({ currentVersion: 1, draft: { unpublished: false } });
  });
});

describe('an inspection on the new template', () => {
  let page: Page;
  let projectId: string;
  let firstInspection: string;

  beforeAll(async () => {
    page = await newPage(VIEWPORTS.desktop);
    await signIn(page, admin);
    const client = await adminApi<{ id: string }>('/api/clients', 'POST', {
      name: `E2E Template Client ${run}`,
      address: { street_1: '1 Quay', city: 'York', country_id: 'england', zip: 'YO1 7HH' },
    });
    const group = await createGroup(db, NORTH, { name: `E2E template regulations ${run}` });
    const project = await adminApi<{ id: string }>('/api/projects', 'POST', {
      client_id: client.body.id,
      inspection_template_id: templateId,
      name: `E2E Template Project ${run}`,
      inspector_user_id: admin.id,
      latitude: 53.96,
      longitude: -1.08,
      document_group_id: group.id,
      routine_interval: 7,
      timezone: 'Europe/London',
      start_date: localDate('Europe/London', new Date(Date.now() - 20 * 86_400_000)),
      next_inspection_date: localDate('Europe/London', new Date()),
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    projectId = project.body.id;
  });

  it('asks the new questions, in the published order', async () => {
    const created = await adminApi<{ id: string }>('/api/inspections', 'POST', {
      projectId,
      type: 'Routine',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    firstInspection = created.body.id;
    await answerInFull(adminApi, firstInspection);
    await signInspection(adminApi, firstInspection);

    await page.goto(`/inspection/${firstInspection}/questionnaire`);
    await page.getByRole('heading', { name: tableGroup }).waitFor();
    await page.getByText(labels.yesNo).first().waitFor();
    await page.getByText(labels.number).first().waitFor();
    await look(page, 'template-inspection-questions-1280');
  });

  it('applies the certification rule: compliance waits for the finding type required for certification', async () => {
    const types = await adminApi<{ pageData: { id: string; name: string }[] }>(
      `/api/finding-types/by_template_id/${templateId}`,
    );
    const required = types.body.pageData.find((t) => t.name === findingType)!;
    const raised = await adminApi(`/api/inspections/${firstInspection}/findings`, 'POST', {
      finding_type_id: required.id,
      location: 'Outfall 2: pipe blocked',
      date_initiated: localDate('Europe/London', new Date()),
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    await page.goto(`/inspection/${firstInspection}/certification`);
    await page
      .getByText(/Complete these findings before compliance certification/)
      .first()
      .waitFor();
    await look(page, 'template-certification-rule-1280');
  });

  it('a later version changes new inspections only: the first reads as answered, its signature intact', async () => {
    const select = (await editorView()).content.question_groups
      .find((g) => g.name === tableGroup)!
      .questions.find((q) => q.input_label === labels.yesNo)!;
    const revised = `${labels.yesNo} (revised)`;
    await page.goto(`/divisions/${NORTH}/inspection-templates/${templateId}`);
    await page.getByRole('button', { name: `Edit ${labels.yesNo}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit question' });
    await dialog.getByRole('textbox', { name: 'Label' }).fill(revised);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByTestId('template-current-version').getByText('Version 2').waitFor();

    const first = (await adminApi<Questionnaire>(`/api/inspections/${firstInspection}/questions`)).body;
    const labelsOf = (q: Questionnaire) =>
      q.template.question_groups.flatMap((g) => g.questions.map((question) => question.input_label));
    expect(labelsOf(first)).toContain(labels.yesNo);
    expect(labelsOf(first)).not.toContain(revised);
    expect(first.answers.some((a) => a.questionId === select.id)).toBe(true);
    const cert = await adminApi<{ userSignatures: { matches: boolean }[] }>(
      `/api/inspections/${firstInspection}/cert`,
    );
    expect(cert.body.userSignatures.length).toBeGreaterThan(0);
    expect(cert.body.userSignatures.every((s) => s.matches)).toBe(true);

    const second = await adminApi<{ id: string }>('/api/inspections', 'POST', { projectId, type: 'Routine' });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const next = (await adminApi<Questionnaire>(`/api/inspections/${second.body.id}/questions`)).body;
    expect(labelsOf(next)).toContain(revised);

    await page.goto(`/inspection/${firstInspection}/questionnaire`);
    await page.getByText(labels.yesNo, { exact: true }).first().waitFor();
    expect(await page.getByText(revised).count()).toBe(0);
  });
});

describe('export, and import into the South division', () => {
  let page: Page;
  let file: Buffer;
  let southToken: string;

  beforeAll(async () => {
    page = await newPage(VIEWPORTS.desktop);
    await signIn(page, admin);
    southToken = await signInAs(admin);
  });

  const southTemplates = async () =>
    (
      await call<{ pageData: { id: string; name: string }[] }>(
        `/api/inspection-templates?s=${encodeURIComponent(templateName)}`,
        { token: southToken, divisionId: SOUTH },
      )
    ).body.pageData.filter((t) => t.name === templateName);

  async function importFile(buffer: Buffer) {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Import', exact: true }).click(),
    ]);
    await chooser.setFiles({ name: 'template.json', mimeType: 'application/json', buffer });
  }

  it('exports the template as a JSON file', async () => {
    await page.goto(`/divisions/${NORTH}/inspection-templates/${templateId}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    file = await downloadedBytes(download);
    const parsed = JSON.parse(file.toString('utf8')) as { format: string; template: TemplateContent };
    expect(parsed.format).toBe('stormline-inspection-template');
    expect(parsed.template.question_groups.some((g) => g.name === tableGroup)).toBe(true);
  });

  it('imports it into South: the same questionnaire, unpublished, every id new', async () => {
    await page.goto(`/divisions/${SOUTH}/inspection-templates`);
    await importFile(file);
    await page.waitForURL(new RegExp(`/divisions/${SOUTH}/inspection-templates/[^/?]+$`));
    const importedId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: templateName, level: 1 }).waitFor();
    await page.getByTestId('template-current-version').getByText('Not published').waitFor();
    await previewFrame(page).getByRole('heading', { name: tableGroup }).waitFor();

    const north = await editorView();
    const south = (
      await call<EditorView>(`/api/inspection-templates/${importedId}`, {
        token: southToken,
        divisionId: SOUTH,
      })
    ).body;
    const shape = (view: EditorView) =>
      view.content.question_groups.map((g) => [
        g.name,
        g.layout_type,
        g.questions.map((q) => [q.input_label, q.question_type_id, q.options.map((o) => o.name)]),
      ]);
    expect(shape(south)).toEqual(shape(north));
    const ids = south.content.question_groups.flatMap((g) => [g.id, ...g.questions.map((q) => q.id)]);
    expect(ids.every((id) => id.startsWith(`${importedId}_`))).toBe(true);
  });

  it('refuses a file with one wrong field, naming it, and adds nothing', async () => {
    const edited = JSON.parse(file.toString('utf8')) as { template: TemplateContent };
    (edited.template.question_groups[0]!.questions[0] as { question_type_id: string }).question_type_id =
      'bogus';
    const before = (await southTemplates()).length;
    await page.goto(`/divisions/${SOUTH}/inspection-templates`);
    await importFile(Buffer.from(JSON.stringify(edited)));
    const error = page.getByTestId('import-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('template.question_groups.0.questions.0.question_type_id');
    await look(page, 'templates-import-refused-1280');
    expect((await southTemplates()).length).toBe(before);
  });
});

describe('the editor on a 375 px phone, and its unsaved changes', () => {
  it('shows the list and the editor without sideways scrolling, every target 24 px or more', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await signIn(page, admin);
    // Searched for: other tests' templates may fill the first page meanwhile.
    await page.goto(
      `/divisions/${NORTH}/inspection-templates?search=${encodeURIComponent('EPA Construction')}`,
    );
    await page.getByRole('button', { name: 'Copy EPA Construction General Permit' }).waitFor();
    await checkPhoneScreen(page, 'templates-list');
    await page.goto(`/divisions/${NORTH}/inspection-templates/${templateId}`);
    await page.getByRole('heading', { name: tableGroup }).first().waitFor();
    // On a phone the preview is drawn in the page, at the phone's own width.
    await page.getByText(labels.number).nth(1).waitFor();
    await checkPhoneScreen(page, 'template-editor');
    await page.getByRole('tab', { name: 'Findings' }).click();
    await page.getByRole('switch', { name: `${findingType} required for certification` }).waitFor();
    await checkPhoneScreen(page, 'template-findings');
    await page.getByRole('tab', { name: 'Certification' }).click();
    await page.getByRole('region', { name: 'Inspection Certification' }).waitFor();
    await checkPhoneScreen(page, 'template-certification');
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await signIn(page, admin);
    await page.goto(`/divisions/${NORTH}/inspection-templates/${templateId}?tab=certification`);
    const region = page.getByRole('region', { name: 'Inspection Certification' });
    await region.getByRole('button', { name: 'Edit Inspection Certification' }).click();
    await region
      .getByRole('group', { name: 'Signature line 1' })
      .getByRole('textbox', { name: 'Role field label' })
      .fill('Not saved');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const dialog = page.getByRole('dialog', { name: UNSAVED_TITLE });
    await dialog.getByText(UNSAVED_TEXT).waitFor();
    await look(page, 'template-unsaved-changes-1280');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toContain(`/inspection-templates/${templateId}`);
    expect(await region.getByRole('textbox', { name: 'Role field label' }).inputValue()).toBe('Not saved');

    await page.getByRole('tab', { name: 'Questions' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.getByRole('button', { name: 'Add group' }).waitFor();
    expect((await editorView()).content.signature_groups.inspection?.[0]?.roleFieldLabel).toBe('Site role');
  });
});
