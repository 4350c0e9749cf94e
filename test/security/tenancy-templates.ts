import { randomUUID } from 'node:crypto';
import type { Db } from '@stormline/data/dynamo';
import { draftKey, createUserTemplate, publishDraft } from '@stormline/data/template-drafts';
import { templateKeys } from '@stormline/data/divisions-resources';
import { emptyContent, partId } from '@stormline/domain/template-editing';
import { SOUTH } from '../support/api';
import { storedItem } from '../support/table';

interface ForeignCase {
  path: string;
  body?: unknown;
  snapshot: () => Promise<unknown>;
}

/**
 * A user template South alone holds (record, draft, link), pointed at from North by every template
 * editor route (docs/decisions/0036): each answers 403 or 404, and the template is unchanged.
 */
async function southTemplate(db: Db, { published = false } = {}) {
  const id = randomUUID();
  const template = await createUserTemplate(db, {
    divisionId: SOUTH,
    id,
    content: emptyContent(`South only ${id.slice(0, 8)}`, () => partId(id, randomUUID().slice(0, 8))),
    by: 'tenancy',
    now: new Date(),
  });
  // The inspection side reads published versions only: a draft alone would be a 404 of no meaning.
  if (published) await publishDraft(db, SOUTH, id, new Date());
  const groups = template.draft!.content.question_groups;
  return {
    id,
    groupId: groups[0]!.id,
    questionId: groups[0]!.questions[0]!.id,
    snapshot: async () => [
      await storedItem(db, templateKeys.template(id)),
      await storedItem(db, draftKey(id)),
      await storedItem(db, templateKeys.divisionLink(SOUTH, id)),
    ],
  };
}

type SouthTemplate = Awaited<ReturnType<typeof southTemplate>>;

export function templateEditorCases(db: Db): Record<string, () => Promise<ForeignCase>> {
  const onTemplate =
    (path: (t: SouthTemplate) => string, body?: (t: SouthTemplate) => unknown, published = false) =>
    async (): Promise<ForeignCase> => {
      const template = await southTemplate(db, { published });
      return { path: path(template), body: body?.(template), snapshot: template.snapshot };
    };
  const groups = (t: { id: string }) => `/api/inspection-templates/${t.id}/question-groups`;
  const group = { name: 'Taken', layout_type: 'FORM' };
  return {
    'GET /api/inspection-templates/{id}': onTemplate((t) => `/api/inspection-templates/${t.id}`),
    'PUT /api/inspection-templates/{id}': onTemplate(
      (t) => `/api/inspection-templates/${t.id}`,
      () => ({ name: 'Taken' }),
    ),
    'DELETE /api/inspection-templates/{id}': onTemplate((t) => `/api/inspection-templates/${t.id}`),
    'POST /api/inspection-templates/{id}/publish': onTemplate(
      (t) => `/api/inspection-templates/${t.id}/publish`,
    ),
    'GET /api/inspection-templates/{templateId}/question-groups': onTemplate(groups),
    'GET /api/inspection-templates/{templateId}/question-groups/{groupId}': onTemplate(
      (t) => `${groups(t)}/${t.groupId}`,
    ),
    'POST /api/inspection-templates/{templateId}/question-groups': onTemplate(groups, () => group),
    'PUT /api/inspection-templates/{templateId}/question-groups/{groupId}': onTemplate(
      (t) => `${groups(t)}/${t.groupId}`,
      () => group,
    ),
    'DELETE /api/inspection-templates/{templateId}/question-groups/{groupId}': onTemplate(
      (t) => `${groups(t)}/${t.groupId}`,
    ),
    'POST /api/inspection-templates/{id}/condition-group': onTemplate(
      (t) => `/api/inspection-templates/${t.id}/condition-group`,
    ),
    'POST /api/templates/{id}/signatures': onTemplate(
      (t) => `/api/templates/${t.id}/signatures`,
      () => ({ group: 'inspection', lines: [{ roleFieldLabel: 'Taken', userFieldLabel: 'Taken' }] }),
    ),
    'PUT /api/templates/{id}/acknowledgement': onTemplate((t) => `/api/templates/${t.id}/acknowledgement`),
    'GET /api/questions/{id}': onTemplate((t) => `/api/questions/${t.questionId}`),
    'PUT /api/questions/{id}': onTemplate(
      (t) => `/api/questions/${t.questionId}`,
      () => ({ input_label: 'Taken', question_type_id: 'text' }),
    ),
    'DELETE /api/questions/{id}': onTemplate((t) => `/api/questions/${t.questionId}`),
    ...Object.fromEntries(
      ['/api/inspection-templat', '/api/inspection-templates'].flatMap((prefix) => {
        const logo = (t: { id: string }) => `${prefix}/${t.id}/upload-logo`;
        const key = `${prefix}/{templateId}/upload-logo`;
        return [
          [`GET ${key}`, onTemplate(logo)],
          [`POST ${key}`, onTemplate(logo, () => ({ upload: 'eyJrIjoiZm9yZWlnbiJ9.c2lnbmF0dXJl' }))],
          [`DELETE ${key}`, onTemplate(logo)],
        ];
      }),
    ),
    'GET /api/inspection-templates/{id}/export': onTemplate(
      (t) => `/api/inspection-templates/${t.id}/export`,
    ),
    'PUT /api/questions/{questionId}/config': onTemplate(
      (t) => `/api/questions/${t.questionId}/config`,
      () => ({ items: [] }),
    ),
    'GET /api/inspection-templates/{templateId}/questions/config': onTemplate(
      (t) => `/api/inspection-templates/${t.id}/questions/config`,
      undefined,
      true,
    ),
    'GET /api/questions/{questionId}/config': onTemplate(
      (t) => `/api/questions/${t.questionId}/config`,
      undefined,
      true,
    ),
    'PUT /api/inspection-templates/{templateId}/question-groups-swap': onTemplate(
      (t) => `/api/inspection-templates/${t.id}/question-groups-swap`,
      (t) => ({ groupId1: t.groupId, groupId2: t.groupId }),
    ),
  };
}
