import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateIdOfPart } from '@stormline/domain/template-editing';
import { allQuestions } from '@stormline/domain/template-model';
import type { TemplateContent } from '@stormline/domain/template-editing';
import { EPA_CGP } from '@stormline/domain/system-templates/epa-cgp';
import { call, NORTH, SOUTH } from '../support/api';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * Export and import of a template (issue 19 "Beyond the spec": "Export the template, import it
 * into the South division, and see the same questionnaire there; an edited file with one wrong
 * field is refused with the field named"), through the API as the editor calls it.
 */

interface View {
  id: string;
  name: string;
  isUserTemplate: boolean;
  currentVersion: number;
  draft: { unpublished: boolean } | null;
  content: TemplateContent;
}

interface TemplateFile {
  format: string;
  formatVersion: number;
  exportedAt: string;
  source: { templateId: string; name: string; version: number | null };
  template: TemplateContent;
}

const db = testTable();
afterAll(() => db.doc.destroy());

let token: string;
let northOnly: string;
beforeAll(async () => {
  token = await signInAs(await createTestUser('Admin', [NORTH, SOUTH]));
  northOnly = await signInAs(await createTestUser('Admin', [NORTH]));
});

const api = <T = View>(path: string, divisionId: string, method = 'GET', body?: unknown, as = token) =>
  call<T>(path, { method, token: as, divisionId, body });

/** A user template of North: a copy of the EPA template with a group of its own. */
async function northTemplate(): Promise<View> {
  const copy = await api('/api/inspection-templates', NORTH, 'POST', {
    name: `Export source ${randomUUID().slice(0, 8)}`,
    copyOf: EPA_CGP.templateId,
  });
  expect(copy.status, JSON.stringify(copy.body)).toBe(201);
  const added = await api(`/api/inspection-templates/${copy.body.id}/question-groups`, NORTH, 'POST', {
    name: 'Outfalls',
    layout_type: 'TABLE',
    table_headers: ['Yes', 'No'],
  });
  expect(added.status).toBe(201);
  return added.body;
}

const exportOf = async (templateId: string, divisionId = NORTH, query = '') => {
  const exported = await api<TemplateFile>(
    `/api/inspection-templates/${templateId}/export${query}`,
    divisionId,
  );
  expect(exported.status, JSON.stringify(exported.body)).toBe(200);
  return exported.body;
};

/** The content with every id blanked: what a user sees of it, whatever the ids. */
const withoutIds = (content: unknown) =>
  JSON.parse(
    JSON.stringify(content, (key, value: unknown) => (key === 'id' || key === 'questionId' ? '-' : value)),
  ) as Record<string, unknown>;

const partIds = (c: TemplateContent) => [
  ...c.question_groups.map((g) => g.id),
  ...allQuestions(c).flatMap((q) => [q.id, ...q.options.map((o) => o.id)]),
  ...c.finding_types.map((t) => t.id),
  ...c.attestations.map((a) => a.id),
];

/** Whether South lists a template of this name (a search: South's whole list is shared by files). */
const southHas = async (name: string) =>
  (
    await api<{ pageData: { name: string }[] }>(
      `/api/inspection-templates?s=${encodeURIComponent(name)}`,
      SOUTH,
    )
  ).body.pageData.some((t) => t.name === name);

describe('exporting a template', () => {
  it("writes a user template's draft as a versioned file, without its logo", async () => {
    const source = await northTemplate();
    const file = await exportOf(source.id);
    expect(file).toMatchObject({
      format: 'stormline-inspection-template',
      formatVersion: 1,
      source: { templateId: source.id, name: source.name, version: null },
    });
    expect(Date.parse(file.exportedAt)).not.toBeNaN();
    expect(file.template).not.toHaveProperty('logo_GUID');
    expect(file.template.question_groups.map((g) => (g as { name: string }).name)).toContain('Outfalls');
  });

  it("writes a system template's current version, and with ?version= a published version", async () => {
    const system = await exportOf(EPA_CGP.templateId);
    expect(system.source.version).toBeGreaterThanOrEqual(1);
    expect(allQuestions(system.template).map((q) => q.input_label)).toEqual(
      allQuestions(EPA_CGP).map((q) => q.input_label),
    );
    const source = await northTemplate();
    expect((await api(`/api/inspection-templates/${source.id}/publish`, NORTH, 'POST')).status).toBe(200);
    await api(`/api/inspection-templates/${source.id}`, NORTH, 'PUT', { name: `${source.name} v2` });
    const first = await exportOf(source.id, NORTH, '?version=1');
    expect(first.source.version).toBe(1);
    expect(first.template.name).toBe(source.name);
    expect((await exportOf(source.id)).template.name).toBe(`${source.name} v2`);
    const missing = await api(`/api/inspection-templates/${source.id}/export?version=7`, NORTH);
    expect(missing.status).toBe(404);
  });
});

describe('importing a template file', () => {
  it('makes the same questionnaire a new unpublished template of South, every id new', async () => {
    const source = await northTemplate();
    const file = await exportOf(source.id);
    const name = `Imported ${randomUUID().slice(0, 8)}`;
    const imported = await api('/api/inspection-templates/import', SOUTH, 'POST', { ...file, name });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({
      name,
      isUserTemplate: true,
      currentVersion: 0,
      draft: { unpublished: true },
    });

    const view = await api(`/api/inspection-templates/${imported.body.id}`, SOUTH);
    expect(withoutIds(view.body.content)).toEqual(withoutIds({ ...file.template, name }));
    const ids = partIds(view.body.content);
    expect(ids.every((id) => templateIdOfPart(id) === imported.body.id)).toBe(true);
    expect(ids.filter((id) => partIds(file.template).includes(id))).toEqual([]);
    // The post-storm entry asks the same questions, by their new ids.
    expect(view.body.content.post_storm_questions.every((r) => ids.includes(r.questionId))).toBe(true);
    expect(await southHas(name)).toBe(true);
    // South's, not North's.
    expect((await api(`/api/inspection-templates/${imported.body.id}`, NORTH)).status).toBe(404);
  });

  it('keeps the name the file carries when none is given', async () => {
    const file = await exportOf(EPA_CGP.templateId);
    const named = `${file.template.name} ${randomUUID().slice(0, 8)}`;
    const imported = await api('/api/inspection-templates/import', SOUTH, 'POST', {
      ...file,
      template: { ...file.template, name: named },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.name).toBe(named);
  });

  it('refuses a file with one wrong field, naming the field, and writes nothing', async () => {
    const file = await exportOf((await northTemplate()).id);
    const name = `Refused ${randomUUID().slice(0, 8)}`;
    const edited = structuredClone(file);
    (
      edited.template.question_groups[0]!.questions[1] as unknown as Record<string, unknown>
    ).question_type_id = 'bogus';
    const refused = await api<{ message: string }>('/api/inspection-templates/import', SOUTH, 'POST', {
      ...edited,
      name,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /^template\.question_groups\.0\.questions\.1\.question_type_id: Invalid option: expected one of "select"\|/,
    );

    const extra = structuredClone(file);
    (extra.template.question_groups[0] as unknown as Record<string, unknown>).colour = 'red';
    const unknownKey = await api<{ message: string }>('/api/inspection-templates/import', SOUTH, 'POST', {
      ...extra,
      name,
    });
    expect(unknownKey).toMatchObject({
      status: 400,
      body: { message: 'Unrecognized key: "template.question_groups.0.colour"' },
    });

    const notAFile = await api<{ message: string }>('/api/inspection-templates/import', SOUTH, 'POST', {
      ...file,
      format: 'something-else',
      name,
    });
    expect(notAFile).toMatchObject({
      status: 400,
      body: { message: 'This is not a Stormline inspection template file' },
    });
    expect(await southHas(name)).toBe(false);
  });

  it("refuses a file that breaks a template's rules, saying why, and writes nothing", async () => {
    const file = await exportOf((await northTemplate()).id);
    const name = `Two dates ${randomUUID().slice(0, 8)}`;
    const edited = structuredClone(file);
    const date = allQuestions(edited.template).find((q) => q.features.includes('inspection_date'))!;
    edited.template.question_groups.at(-1)!.questions.push({
      ...date,
      id: 'second-date',
      input_label: 'Second date',
      questionWidth: 100,
    });
    const refused = await api<{ message: string }>('/api/inspection-templates/import', SOUTH, 'POST', {
      ...edited,
      name,
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: `The question '${date.input_label}' has the 'Inspection Date' feature already` },
    });
    expect(await southHas(name)).toBe(false);
  });

  it('imports only into a division of the caller', async () => {
    const file = await exportOf(EPA_CGP.templateId);
    const name = `Not yours ${randomUUID().slice(0, 8)}`;
    const refused = await api(
      '/api/inspection-templates/import',
      SOUTH,
      'POST',
      { ...file, name },
      northOnly,
    );
    expect(refused.status).toBe(403);
    expect(await southHas(name)).toBe(false);
  });
});
