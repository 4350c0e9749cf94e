import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateKeys } from '@stormline/data/divisions-resources';
import { createUserTemplate, draftKey } from '@stormline/data/template-drafts';
import { emptyContent, partId } from '@stormline/domain/template-editing';
import { TEMPLATE_EDITOR_REFUSAL } from '@stormline/domain/roles';
import { allQuestions } from '@stormline/domain/template-model';
import { EPA_CGP } from '@stormline/domain/system-templates/epa-cgp';
import { call, NORTH, SOUTH } from '../support/api';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The template editor's calls (spec 002 §7 "Inspection template editor", docs/decisions/0036),
 * through the API as the editor makes them: a copy, its groups, Publish, and what the server
 * refuses (system templates, another division's template, a group without a name).
 */

interface View {
  id: string;
  name: string;
  isUserTemplate: boolean;
  currentVersion: number;
  draft: { version: number; unpublished: boolean } | null;
  content: {
    name: string;
    question_groups: { id: string; name: string; order: number; layout_type: string }[];
  };
  warnings: string[];
}

const db = testTable();
afterAll(() => db.doc.destroy());

let token: string;
beforeAll(async () => {
  token = await signInAs(await createTestUser('Admin', [NORTH]));
});

const api = <T = View>(path: string, method = 'GET', body?: unknown) =>
  call<T>(path, { method, token, divisionId: NORTH, body });
const groupNames = (view: View) =>
  [...view.content.question_groups].sort((a, b) => a.order - b.order).map((g) => g.name);
const copyOfEpa = async () => {
  const created = await api('/api/inspection-templates', 'POST', {
    name: `EPA copy ${randomUUID().slice(0, 6)}`,
    copyOf: EPA_CGP.templateId,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};

describe('a copy of a system template', () => {
  it('is a user template of the division, unpublished, with the same questions under new ids', async () => {
    const copy = await copyOfEpa();
    expect(copy).toMatchObject({
      isUserTemplate: true,
      currentVersion: 0,
      draft: { version: 0, unpublished: true },
      warnings: [],
    });
    const labels = (c: View['content']) => allQuestions(c as never).map((q) => q.input_label);
    expect(labels(copy.content)).toEqual(allQuestions(EPA_CGP).map((q) => q.input_label));
    const listed = await api<{ pageData: { id: string; isUserTemplate: boolean; currentVersion: number }[] }>(
      `/api/inspection-templates?s=${encodeURIComponent(copy.name)}`,
    );
    expect(listed.body.pageData).toEqual([
      expect.objectContaining({ id: copy.id, isUserTemplate: true, currentVersion: 0 }),
    ]);
    const all = await api<{ pageData: { id: string; isUserTemplate: boolean }[] }>(
      '/api/inspection-templates',
    );
    expect(all.body.pageData.find((t) => t.id === EPA_CGP.templateId)).toMatchObject({
      isUserTemplate: false,
    });
  });

  it('takes groups where they are asked for, swaps and edits them, then publishes the draft', async () => {
    const copy = await copyOfEpa();
    const groups = `/api/inspection-templates/${copy.id}/question-groups`;
    const added = await api(groups, 'POST', {
      name: 'Outfalls',
      layout_type: 'TABLE',
      table_headers: ['Yes', 'No'],
      order: 0,
    });
    expect(added.status).toBe(201);
    expect(groupNames(added.body)[0]).toBe('Outfalls');
    const [outfalls, second] = [...added.body.content.question_groups].sort((a, b) => a.order - b.order);
    const swapped = await api(`/api/inspection-templates/${copy.id}/question-groups-swap`, 'PUT', {
      groupId1: outfalls!.id,
      groupId2: second!.id,
    });
    expect(groupNames(swapped.body).slice(0, 2)).toEqual([second!.name, 'Outfalls']);
    const renamed = await api(`${groups}/${outfalls!.id}`, 'PUT', {
      name: 'Outfall checks',
      layout_type: 'TABLE',
    });
    expect(groupNames(renamed.body)).toContain('Outfall checks');
    const read = await api<{ name: string; layout_type: string }>(`${groups}/${outfalls!.id}`);
    expect(read.body).toMatchObject({ name: 'Outfall checks', layout_type: 'TABLE' });

    const published = await api(`/api/inspection-templates/${copy.id}/publish`, 'POST');
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toMatchObject({ currentVersion: 1, draft: { unpublished: false } });
    const again = await api(`/api/inspection-templates/${copy.id}/publish`, 'POST');
    expect(again).toMatchObject({ status: 400, body: { message: 'There are no changes to publish' } });

    const deleted = await api(`${groups}/${outfalls!.id}`, 'DELETE');
    expect(groupNames(deleted.body)).not.toContain('Outfall checks');
    expect(deleted.body.draft).toMatchObject({ unpublished: true });
  });

  it("refuses a group without a name: 'Question group name and layout_type are required', nothing written", async () => {
    const copy = await copyOfEpa();
    const refused = await api(`/api/inspection-templates/${copy.id}/question-groups`, 'POST', {
      name: '  ',
      layout_type: 'FORM',
    });
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as { message: string }).message).toContain(
      'Question group name and layout_type are required',
    );
    expect((await api(`/api/inspection-templates/${copy.id}`)).body.draft!.version).toBe(0);
  });
});

interface Content {
  question_groups: {
    id: string;
    questions: {
      id: string;
      input_label: string;
      options: { id: string; name: string; child_questions: { id: string }[] }[];
    }[];
  }[];
  finding_types: {
    id: string;
    name: string;
    code: string;
    details: { is_enabled: boolean; is_required_for_cert: boolean };
  }[];
  condition_options: { code: string }[];
}
const contentOf = (view: View) => view.content as unknown as Content;

describe('questions, finding types and the Condition Group', () => {
  it('adds a question with options, a child question under one, moves and deletes them', async () => {
    const copy = await copyOfEpa();
    const groupId = contentOf(copy).question_groups[0]!.id;
    const added = await api('/api/questions', 'POST', {
      groupId,
      input_label: 'Silt fence in place?',
      question_type_id: 'radio_group',
      options: [{ name: 'Yes' }, { name: 'No' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const silt = contentOf(added.body).question_groups[0]!.questions.find(
      (q) => q.input_label === 'Silt fence in place?',
    )!;
    const no = silt.options.find((o) => o.name === 'No')!;
    const child = await api('/api/questions', 'POST', {
      groupId,
      parentQuestionId: silt.id,
      optionId: no.id,
      input_label: 'Why not?',
      question_type_id: 'textarea',
    });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    const childId = contentOf(child.body)
      .question_groups[0]!.questions.find((q) => q.id === silt.id)!
      .options.find((o) => o.id === no.id)!.child_questions[0]!.id;
    const read = await api<{ parentQuestionId: string; optionId: string; question: { input_label: string } }>(
      `/api/questions/${childId}`,
    );
    expect(read.body).toMatchObject({
      parentQuestionId: silt.id,
      optionId: no.id,
      question: { input_label: 'Why not?' },
    });

    const moved = await api(`/api/questions/${silt.id}`, 'PUT', {
      input_label: 'Silt fence in place?',
      question_type_id: 'radio_group',
      options: [{ id: no.id, name: 'No' }, { name: 'Yes' }],
      groupId,
      sort_order: 0,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(
      contentOf(moved.body).question_groups[0]!.questions.find((q) => q.id === silt.id)!.options[0]!
        .child_questions,
    ).toHaveLength(1);

    const refused = await api('/api/questions', 'POST', {
      groupId,
      input_label: 'Notes',
      question_type_id: 'text',
      options: [{ name: 'A' }],
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'An options list applies only to option-based types' },
    });
    const deleted = await api(`/api/questions/${silt.id}`, 'DELETE');
    expect(deleted.status).toBe(200);
    expect((await api(`/api/questions/${childId}`)).status).toBe(404);
  });

  it("keeps finding types to the spec's rules", async () => {
    const copy = await copyOfEpa();
    const added = await api('/api/finding-types', 'POST', {
      inspection_template_id: copy.id,
      name: 'Washout',
      color: '#123456',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const washout = contentOf(added.body).finding_types.find((t) => t.name === 'Washout')!;
    expect(
      await api('/api/finding-types', 'POST', { inspection_template_id: copy.id, name: 'washout' }),
    ).toMatchObject({
      status: 400,
      body: { message: 'This finding type name already exist. Please try another.' },
    });
    const required = await api('/api/finding-types', 'PUT', { id: washout.id, is_required_for_cert: true });
    expect(
      contentOf(required.body).finding_types.find((t) => t.id === washout.id)!.details.is_required_for_cert,
    ).toBe(true);
    const off = await api('/api/finding-types', 'PUT', { id: washout.id, is_enabled: false });
    expect(contentOf(off.body).finding_types.find((t) => t.id === washout.id)!.details).toEqual(
      expect.objectContaining({ is_enabled: false, is_required_for_cert: false }),
    );
    expect(
      await api('/api/finding-types', 'PUT', { id: washout.id, is_required_for_cert: true }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Include must be enabled' },
    });
    expect((await api('/api/finding-types', 'DELETE', { id: washout.id })).status).toBe(200);
  });

  it("applies the Condition Group once: 'Condition Group already applied'", async () => {
    const copy = await copyOfEpa();
    const applied = await api(`/api/inspection-templates/${copy.id}/condition-group`, 'POST');
    expect(contentOf(applied.body).condition_options.map((o) => o.code)).toEqual([
      'I',
      'M',
      'S',
      'C',
      'A',
      'R',
    ]);
    expect(await api(`/api/inspection-templates/${copy.id}/condition-group`, 'POST')).toMatchObject({
      status: 400,
      body: { message: 'Condition Group already applied' },
    });
  });

  it('saves signature lines and attestations, adds the acknowledgement once, and turns on compliance', async () => {
    const copy = await copyOfEpa();
    const signatures = `/api/templates/${copy.id}/signatures`;
    const refused = await api(signatures, 'POST', { group: 'inspection', lines: [] });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'A signature line can be deleted only while another remains in its group' },
    });
    const noLabel = await api(signatures, 'POST', {
      group: 'inspection',
      lines: [{ roleFieldLabel: '', userFieldLabel: 'Name' }],
    });
    expect(noLabel).toMatchObject({
      status: 400,
      body: { message: 'Signature line role and user labels are required' },
    });
    const saved = await api(signatures, 'POST', {
      group: 'inspection',
      lines: [{ label: 'Inspector', roleFieldLabel: 'Qualification', userFieldLabel: 'Name' }],
      attestations: [{ content: 'I **certify** this inspection.' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const content = saved.body.content as unknown as {
      signature_groups: { inspection: { label: string; roleFieldLabel: string }[] };
      attestations: { content: string; signatureType: string }[];
    };
    expect(content.signature_groups.inspection).toEqual([
      expect.objectContaining({ label: 'Inspector', roleFieldLabel: 'Qualification' }),
    ]);
    expect(
      content.attestations.filter((a) => a.signatureType === 'inspection').map((a) => a.content),
    ).toEqual(['I **certify** this inspection.']);
    const acknowledgement = `/api/templates/${copy.id}/acknowledgement`;
    const first = await api(acknowledgement, 'PUT');
    const again = await api(acknowledgement, 'PUT');
    // EPA's template has no acknowledgement: Add Acknowledgement is offered once.
    expect(first.body).toMatchObject({ content: { has_acknowledgement: true } });
    expect(again).toMatchObject({
      status: 400,
      body: { message: 'The template has an acknowledgement already' },
    });
    const compliance = await api(`/api/inspection-templates/${copy.id}`, 'PUT', {
      name: copy.name,
      has_compliance_cert: true,
    });
    expect(compliance.body).toMatchObject({
      content: { has_compliance_cert: true, signature_groups: { compliance: [expect.anything()] } },
    });
  });

  it('lists the picker’s question types and the inspection types', async () => {
    const types = await api<{ pageData: { label: string }[] }>('/api/question-types');
    expect(types.body.pageData.map((t) => t.label)).not.toContain('Single Checkbox');
    const inspection = await api<{ pageData: { name: string }[] }>('/api/inspection-types');
    expect(inspection.body.pageData.map((t) => t.name)).toEqual([
      'Routine',
      'Post Storm',
      'Routine + Post Storm',
    ]);
  });

  it("refuses finding types and questions of another division's template, unchanged", async () => {
    const southId = randomUUID();
    const south = await createUserTemplate(db, {
      divisionId: SOUTH,
      id: southId,
      content: emptyContent(`South types ${southId.slice(0, 6)}`, () =>
        partId(southId, randomUUID().slice(0, 8)),
      ),
      by: 'test',
      now: new Date(),
    });
    const typeId = south.draft!.content.finding_types[0]!.id;
    const groupId = south.draft!.content.question_groups[0]!.id;
    const before = await storedItem(db, draftKey(southId));
    for (const [method, path, body] of [
      ['POST', '/api/finding-types', { inspection_template_id: southId, name: 'Taken' }],
      ['PUT', '/api/finding-types', { id: typeId, is_enabled: false }],
      ['DELETE', '/api/finding-types', { id: typeId }],
      ['POST', '/api/questions', { groupId, input_label: 'Taken', question_type_id: 'text' }],
    ] as const) {
      const refused = await api(path, method, body);
      expect(refused, `${method} ${path}`).toMatchObject({ status: 404 });
    }
    expect(await storedItem(db, draftKey(southId))).toEqual(before);
  });
});

describe('what the server refuses', () => {
  it("a system template: read-only, 'Editing of System templates is not currently allowed.'", async () => {
    const before = await storedItem(db, templateKeys.template(EPA_CGP.templateId));
    const view = await api(`/api/inspection-templates/${EPA_CGP.templateId}`);
    expect(view.body).toMatchObject({
      isUserTemplate: false,
      draft: null,
      currentVersion: expect.any(Number),
    });
    for (const [path, method, body] of [
      [`/api/inspection-templates/${EPA_CGP.templateId}`, 'PUT', { name: 'Mine now' }],
      [
        `/api/inspection-templates/${EPA_CGP.templateId}/question-groups`,
        'POST',
        { name: 'X', layout_type: 'FORM' },
      ],
      [`/api/inspection-templates/${EPA_CGP.templateId}/publish`, 'POST', undefined],
      [`/api/inspection-templates/${EPA_CGP.templateId}`, 'DELETE', undefined],
    ] as const) {
      const refused = await api(path, method, body);
      expect(refused, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: 'Editing of System templates is not currently allowed.' },
      });
    }
    expect(await storedItem(db, templateKeys.template(EPA_CGP.templateId))).toEqual(before);
  });

  it('a role the Inspection Templates page is hidden from (spec 000 §2), whatever its grants', async () => {
    const copy = await api('/api/inspection-templates', 'POST', {
      name: `Kept ${randomUUID().slice(0, 8)}`,
      copyOf: EPA_CGP.templateId,
    });
    expect(copy.status).toBe(201);
    const before = await storedItem(db, draftKey(copy.body.id));
    // An SWMP Admin holds every right on Inspection Templates (the permission table), yet not the page.
    const swmp = await signInAs(await createTestUser('SWMP Admin', [NORTH]));
    for (const [path, method, body] of [
      ['/api/inspection-templates', 'GET', undefined],
      [`/api/inspection-templates/${copy.body.id}`, 'PUT', { name: 'Renamed by SWMP' }],
      [`/api/inspection-templates/${copy.body.id}`, 'DELETE', undefined],
      [`/api/inspection-templates/${copy.body.id}/export`, 'GET', undefined],
    ] as const) {
      const refused = await call(path, { method, token: swmp, divisionId: NORTH, body });
      expect(refused, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: TEMPLATE_EDITOR_REFUSAL },
      });
    }
    expect(await storedItem(db, draftKey(copy.body.id))).toEqual(before);
  });

  it("a copy of another division's template: not found, and nothing created", async () => {
    const southId = randomUUID();
    await createUserTemplate(db, {
      divisionId: SOUTH,
      id: southId,
      content: emptyContent(`South secret ${southId.slice(0, 6)}`, () =>
        partId(southId, randomUUID().slice(0, 8)),
      ),
      by: 'test',
      now: new Date(),
    });
    const name = `Stolen ${randomUUID().slice(0, 6)}`;
    const refused = await api('/api/inspection-templates', 'POST', { name, copyOf: southId });
    expect(refused).toMatchObject({ status: 404, body: { message: 'Inspection template not found' } });
    const listed = await api<{ pageData: unknown[] }>(
      `/api/inspection-templates?s=${encodeURIComponent(name)}`,
    );
    expect(listed.body.pageData).toEqual([]);
  });

  it('a deleted template is gone from the editor', async () => {
    const copy = await copyOfEpa();
    expect((await api(`/api/inspection-templates/${copy.id}`, 'DELETE')).status).toBe(200);
    expect((await api(`/api/inspection-templates/${copy.id}`)).status).toBe(404);
  });
});
