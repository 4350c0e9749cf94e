import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { listCompanyNamed, listDivisionNamed } from '@stormline/data/divisions-resources';
import { createProject, listProjectTemplates, readProjectReferences } from '@stormline/data/projects';
import { createGroup } from '@stormline/data/regulations';
import {
  changeDraft,
  createUserTemplate,
  deleteUserTemplate,
  getTemplateForEditing,
  publishDraft,
} from '@stormline/data/template-drafts';
import { getTemplateVersion, versionKey } from '@stormline/data/templates';
import { createClient } from '@stormline/data/clients';
import {
  addGroup,
  addQuestion,
  copyContent,
  deleteQuestion,
  emptyContent,
  partId,
} from '@stormline/domain/template-editing';
import { allQuestions } from '@stormline/domain/template-model';
import { ROUTINE_STORMWATER } from '@stormline/domain/system-templates/routine-stormwater';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { NORTH, SOUTH } from '../support/api';
import { storedItem, testTable } from '../support/table';

/**
 * User templates in the table (docs/decisions/0036): a draft the editor changes, versions that
 * Publish writes, the division's link, and what stays when a template goes.
 */

const db = testTable();
afterAll(() => db.doc.destroy());

const by = 'template-author';
const now = new Date('2026-11-29T09:00:00Z');

async function newTemplate(name = `Site template ${randomUUID().slice(0, 6)}`) {
  const id = randomUUID();
  const ids = () => partId(id, randomUUID().slice(0, 8));
  const template = await createUserTemplate(db, {
    divisionId: NORTH,
    id,
    content: emptyContent(name, ids),
    by,
    now,
  });
  return { id, ids, template };
}

describe('a user template in the table', () => {
  it('starts unpublished in its division, listed by name, editable only as a draft', async () => {
    const { id, template } = await newTemplate('Alpha site checks');
    expect(template).toMatchObject({ id, isUserTemplate: true, currentVersion: 0, draft: { version: 0 } });
    const listed = await listDivisionNamed(db, 'inspectionTemplates', NORTH, { pageSize: 100 }, 'Alpha site');
    expect(listed.page.items.map((i) => i.id)).toContain(id);
    await expect(getTemplateVersion(db, NORTH, id)).rejects.toThrow('Inspection template not found');
  });

  it('is not found from another division', async () => {
    const { id } = await newTemplate();
    await expect(getTemplateForEditing(db, SOUTH, id)).rejects.toThrow('Inspection template not found');
    await expect(changeDraft(db, SOUTH, id, (c) => ({ ...c, name: 'Taken over' }), by, now)).rejects.toThrow(
      'Inspection template not found',
    );
    expect((await getTemplateForEditing(db, NORTH, id)).name).not.toBe('Taken over');
  });

  it('refuses every change to a system template (spec 002 §8)', async () => {
    await expect(changeDraft(db, NORTH, ROUTINE_STORMWATER.templateId, (c) => c, by, now)).rejects.toThrow(
      'Editing of System templates is not currently allowed.',
    );
    await expect(publishDraft(db, NORTH, ROUTINE_STORMWATER.templateId, now)).rejects.toThrow(
      'Editing of System templates is not currently allowed.',
    );
  });

  it('takes two authors’ changes made at once, both, in some order', async () => {
    const { id, ids } = await newTemplate();
    const [a, b] = ['Perimeter', 'Outfalls'].map(
      (name) => (c: Parameters<typeof addGroup>[0]) => addGroup(c, ids(), { name, layout_type: 'FORM' }),
    );
    await Promise.all([changeDraft(db, NORTH, id, a!, by, now), changeDraft(db, NORTH, id, b!, by, now)]);
    const after = await getTemplateForEditing(db, NORTH, id);
    expect(after.draft!.version).toBe(2);
    expect(after.draft!.content.question_groups.map((g) => g.name).sort()).toEqual([
      'Inspection',
      'Outfalls',
      'Perimeter',
    ]);
  });

  it('renames everywhere the name is listed', async () => {
    const { id } = await newTemplate();
    const name = `Renamed ${randomUUID().slice(0, 6)}`;
    await changeDraft(db, NORTH, id, (c) => ({ ...c, name }), by, now);
    const company = await listCompanyNamed(db, 'inspectionTemplates', NORTH, { pageSize: 100 }, name);
    const division = await listDivisionNamed(db, 'inspectionTemplates', NORTH, { pageSize: 100 }, name);
    expect(company.items.map((i) => i.name)).toEqual([name]);
    expect(division.page.items.map((i) => i.name)).toEqual([name]);
  });
});

describe('publishing', () => {
  it('writes the draft as the next version; inspections of the first keep theirs', async () => {
    const { id, ids } = await newTemplate();
    const first = await publishDraft(db, NORTH, id, now);
    expect(first.currentVersion).toBe(1);
    await expect(publishDraft(db, NORTH, id, now)).rejects.toThrow('There are no changes to publish');
    await changeDraft(
      db,
      NORTH,
      id,
      (c) =>
        addQuestion(
          c,
          { groupId: c.question_groups[0]!.id },
          ids(),
          { input_label: 'Silt fence in place?', question_type_id: 'boolean' },
          ids,
        ),
      by,
      now,
    );
    // Until it is published, inspections get version 1 as it was.
    expect(allQuestions(await getTemplateVersion(db, NORTH, id)).map((q) => q.input_label)).toEqual([
      'Inspection Date',
      'Inspection Type',
    ]);
    const second = await publishDraft(db, NORTH, id, now);
    expect(second.currentVersion).toBe(2);
    expect(allQuestions(await getTemplateVersion(db, NORTH, id)).map((q) => q.input_label)).toContain(
      'Silt fence in place?',
    );
    expect(allQuestions(await getTemplateVersion(db, NORTH, id, 1))).toHaveLength(2);
  });

  it('refuses a draft without its required features, with the spec’s words, and writes nothing', async () => {
    const { id } = await newTemplate();
    await publishDraft(db, NORTH, id, now);
    await changeDraft(
      db,
      NORTH,
      id,
      (c) => deleteQuestion(c, allQuestions(c).find((q) => q.features.includes('inspection_date'))!.id),
      by,
      now,
    );
    await expect(publishDraft(db, NORTH, id, now)).rejects.toThrow(
      "Template must contain question with 'Inspection Date' feature",
    );
    expect((await getTemplateForEditing(db, NORTH, id)).currentVersion).toBe(1);
    expect(await storedItem(db, versionKey(id, 2))).toBeUndefined();
  });

  it('lets projects choose a template only once it has a version', async () => {
    const { id } = await newTemplate();
    const client = await createClient(db, NORTH, sampleClient(`Template client ${randomUUID().slice(0, 6)}`));
    const group = await createGroup(db, NORTH, { name: `Template regulations ${randomUUID().slice(0, 6)}` });
    const references = () =>
      readProjectReferences(db, NORTH, {
        clientId: client.id,
        templateId: id,
        groupId: group.id,
        inspectorId: null,
      });
    // The Create project modal's select (and the widgets' type filters) leave it out until then.
    const offered = async () => {
      let cursor: string | undefined;
      do {
        const page = await listProjectTemplates(db, NORTH, { pageSize: 100, cursor });
        if (page.items.some((t) => t.id === id)) return true;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return false;
    };
    await expect(references()).rejects.toThrow(
      'This inspection form type has no published version yet: publish it in the template editor first',
    );
    expect(await offered()).toBe(false);
    await publishDraft(db, NORTH, id, now);
    await expect(references()).resolves.toMatchObject({ inspector: null });
    expect(await offered()).toBe(true);
  });
});

describe('deleting', () => {
  it('is refused while a project uses the template; otherwise its versions stay for inspections', async () => {
    const { id, template } = await newTemplate();
    await publishDraft(db, NORTH, id, now);
    const client = await createClient(db, NORTH, sampleClient(`Template client ${randomUUID().slice(0, 6)}`));
    await createProject(
      db,
      sampleProject({
        divisionId: NORTH,
        client_id: client.id,
        name: `Site ${randomUUID().slice(0, 6)}`,
        inspection_template_id: id,
      }),
    );
    await expect(deleteUserTemplate(db, NORTH, id)).rejects.toThrow(
      `${template.name} is used by 1 project (archived ones included), so it cannot be deleted.`,
    );

    const unused = await newTemplate();
    await publishDraft(db, NORTH, unused.id, now);
    await deleteUserTemplate(db, NORTH, unused.id);
    await expect(getTemplateForEditing(db, NORTH, unused.id)).rejects.toThrow(
      'Inspection template not found',
    );
    expect(await storedItem(db, versionKey(unused.id, 1))).toMatchObject({
      templateId: unused.id,
      version: 1,
    });
  });
});

describe('a copy', () => {
  it('of a system template is a new unpublished user template with fresh ids', async () => {
    const id = randomUUID();
    const { templateId: _t, version: _v, ...source } = ROUTINE_STORMWATER;
    const copy = await createUserTemplate(db, {
      divisionId: NORTH,
      id,
      content: copyContent(source, `Copy ${randomUUID().slice(0, 6)}`, () =>
        partId(id, randomUUID().slice(0, 8)),
      ),
      by,
      now,
    });
    expect(copy.currentVersion).toBe(0);
    expect(allQuestions(copy.draft!.content)).toHaveLength(allQuestions(ROUTINE_STORMWATER).length);
    expect((await publishDraft(db, NORTH, id, now)).currentVersion).toBe(1);
  });
});
