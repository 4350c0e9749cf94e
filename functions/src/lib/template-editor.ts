import { randomUUID } from 'node:crypto';
import type { Db } from '@stormline/data/dynamo';
import { changeDraft, getTemplateForEditing, type TemplateForEditing } from '@stormline/data/template-drafts';
import { getTemplateVersion } from '@stormline/data/templates';
import { recentVersionUses } from '@stormline/data/template-uses';
import { NotFoundError } from '@stormline/domain/errors';
import {
  featureWarnings,
  partId,
  templateIdOfPart,
  type TemplateContent,
} from '@stormline/domain/template-editing';

/**
 * What the template editor's handlers share (docs/decisions/0036): the view every call answers,
 * new ids that name their template, and one change applied to the draft.
 */

/** A new id for a part of the template (group, question, option, finding type, attestation). */
export const newPartId = (templateId: string) => () =>
  partId(templateId, randomUUID().replaceAll('-', '').slice(0, 12));

/** The content the editor shows: a user template's draft, a system template's current version. */
export async function contentOf(
  db: Db,
  divisionId: string,
  template: TemplateForEditing,
): Promise<TemplateContent> {
  if (template.draft) return template.draft.content;
  const {
    templateId: _id,
    version: _version,
    ...content
  } = await getTemplateVersion(db, divisionId, template.id);
  return content;
}

export async function editorView(db: Db, divisionId: string, template: TemplateForEditing) {
  const [content, versions] = await Promise.all([
    contentOf(db, divisionId, template),
    recentVersionUses(db, template.id, template.currentVersion),
  ]);
  return {
    id: template.id,
    name: template.name,
    isUserTemplate: template.isUserTemplate,
    currentVersion: template.currentVersion,
    draft: template.draft
      ? {
          version: template.draft.version,
          unpublished: template.draft.publishedVersion !== template.draft.version,
          updatedAt: template.draft.updatedAt,
        }
      : null,
    content,
    warnings: featureWarnings(content),
    versions,
  };
}

/** The content the editor shows, if the division holds the template (the calls that answer a part of it). */
export async function readEditorContent(db: Db, divisionId: string, templateId: string) {
  return contentOf(db, divisionId, await getTemplateForEditing(db, divisionId, templateId));
}

/** The template as the editor reads it, if the division holds it. */
export async function readEditorView(db: Db, divisionId: string, templateId: string) {
  return editorView(db, divisionId, await getTemplateForEditing(db, divisionId, templateId));
}

/** Applies one change to a user template's draft (system templates refused) and answers the view. */
export async function editDraft(
  db: Db,
  divisionId: string,
  templateId: string,
  userId: string,
  now: Date,
  change: (content: TemplateContent, newId: () => string) => TemplateContent,
) {
  const newId = newPartId(templateId);
  const template = await changeDraft(
    db,
    divisionId,
    templateId,
    (content) => change(content, newId),
    userId,
    now,
  );
  return editorView(db, divisionId, template);
}

/**
 * The template a part's id names (`<templateId>_<suffix>`: docs/decisions/0036), for the calls
 * whose path has no template; an id of another form names no user template's part.
 */
export function templateOf(partId: string, notFound: string): string {
  const templateId = templateIdOfPart(partId);
  if (!templateId) throw new NotFoundError(notFound);
  return templateId;
}
