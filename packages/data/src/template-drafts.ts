import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import {
  assertTemplateSize,
  TEMPLATE_EDIT_MESSAGES,
  type TemplateContent,
} from '@stormline/domain/template-editing';
import { templateIssues } from '@stormline/domain/template-rules';
import type { TemplateVersion } from '@stormline/domain/template-model';
import { batchGet, itemAt } from './batch-get';
import { projectsOnLink, templateCountStep, templateKeys, templateLinkItem } from './divisions-resources';
import type { Db } from './dynamo';
import { nameOrder } from './keys';
import { logoPinStep } from './template-logos';
import { offeredFindingTypes, TEMPLATE_NOT_FOUND, versionKey } from './templates';
import { allVersionUses, noOpenInspectionsCheck } from './template-uses';
import {
  anchoredUpdateStep,
  deleteStep,
  putNewStep,
  transact,
  versionedUpdateStep,
  type TransactionStep,
} from './transact';

/**
 * User templates as the editor changes them (docs/decisions/0036): the template record, one draft
 * item holding the content every editor call changes, and the immutable versions Publish writes
 * (0018). Inspections read versions only, so no edit reaches an inspector before it is published.
 */

export const draftKey = (templateId: string) => ({ pk: `TEMPLATE#${templateId}`, sk: 'DRAFT' });

/** What the editor reads: the record's state, and the draft it changes. */
export interface TemplateForEditing {
  id: string;
  name: string;
  isUserTemplate: boolean;
  /** The version new inspections use; 0 when the template was never published. */
  currentVersion: number;
  /** The draft: its content and `version`, raised by one at each change. Absent for system templates. */
  draft: {
    content: TemplateContent;
    version: number;
    publishedVersion: number | null;
    updatedAt: string;
  } | null;
}

const notFound = () => new NotFoundError(TEMPLATE_NOT_FOUND);

/** The template, if the division holds it: its record, the division's link and the draft, in one BatchGet. */
export async function getTemplateForEditing(
  db: Db,
  divisionId: string,
  templateId: string,
): Promise<TemplateForEditing> {
  const items = await batchGet(db, [
    templateKeys.template(templateId),
    templateKeys.divisionLink(divisionId, templateId),
    draftKey(templateId),
  ]);
  const record = itemAt(items, templateKeys.template(templateId));
  if (!record || !itemAt(items, templateKeys.divisionLink(divisionId, templateId))) throw notFound();
  const draft = itemAt(items, draftKey(templateId));
  return {
    id: templateId,
    name: record.name as string,
    isUserTemplate: record.isUserTemplate === true,
    currentVersion: (record.currentVersion as number | undefined) ?? 0,
    draft: draft
      ? {
          content: draft.content as TemplateContent,
          version: draft.version as number,
          publishedVersion: (draft.publishedVersion as number | null | undefined) ?? null,
          updatedAt: draft.updatedAt as string,
        }
      : null,
  };
}

/** A write to a system template is refused on the server too (spec 002 §8). */
export function assertEditable(template: TemplateForEditing): asserts template is TemplateForEditing & {
  draft: NonNullable<TemplateForEditing['draft']>;
} {
  if (!template.isUserTemplate || !template.draft)
    throw new ForbiddenError(TEMPLATE_EDIT_MESSAGES.systemReadOnly);
}

function recordItem(id: string, content: TemplateContent, now: Date) {
  return {
    ...templateKeys.template(id),
    type: 'Template',
    gsi1pk: templateKeys.allTemplates(),
    gsi1sk: nameOrder(content.name, id),
    id,
    name: content.name,
    isUserTemplate: true,
    has_compliance_cert: content.has_compliance_cert,
    has_acknowledgement: content.has_acknowledgement,
    projectOptions: { ccr: false, optionalCompliance: false, cgp: false },
    currentVersion: 0,
    createdAt: now.toISOString(),
    version: 0,
  };
}

/**
 * A new user template in the division: its record, its draft (unpublished: projects cannot choose
 * it until its first version) and the division's link, in one transaction.
 */
export async function createUserTemplate(
  db: Db,
  input: { divisionId: string; id: string; content: TemplateContent; by: string; now: Date },
): Promise<TemplateForEditing> {
  const name = input.content.name.trim();
  if (!name) throw new ValidationError('Template name is required');
  const content = assertTemplateSize({ ...input.content, name });
  const record = recordItem(input.id, content, input.now);
  await transact(db, [
    putNewStep(db, record),
    putNewStep(db, {
      ...draftKey(input.id),
      type: 'TemplateDraft',
      templateId: input.id,
      content,
      version: 0,
      publishedVersion: null,
      updatedAt: input.now.toISOString(),
      updatedBy: input.by,
    }),
    putNewStep(db, templateLinkItem(input.divisionId, record)),
    templateCountStep(db, input.divisionId, 1),
  ]);
  return getTemplateForEditing(db, input.divisionId, input.id);
}

/** A change that lost a race is applied again up to three times. */
const DRAFT_RETRIES = 3;

/**
 * Applies one editor change to the draft: read, change (the domain's rules may refuse it), write on
 * the condition that nobody changed the draft meanwhile, else read again and apply the change to
 * their result. Adds, deletes and swaps of two authors both land; two edits of the same question,
 * group, finding type or signature group end as the later one wrote it (docs/decisions/0036).
 */
export async function changeDraft(
  db: Db,
  divisionId: string,
  templateId: string,
  change: (content: TemplateContent) => TemplateContent,
  by: string,
  now: Date,
  /** Writes that go with the change, given the draft's content before it (the logo's item). */
  also?: (before: TemplateContent) => Promise<TransactionStep[]>,
): Promise<TemplateForEditing> {
  for (let attempt = 0; ; attempt++) {
    const template = await getTemplateForEditing(db, divisionId, templateId);
    assertEditable(template);
    const content = assertTemplateSize(change(template.draft.content));
    const steps: TransactionStep[] = [
      versionedUpdateStep(
        db,
        draftKey(templateId),
        { content, updatedAt: now.toISOString(), updatedBy: by },
        template.draft.version,
        notFound,
      ),
      ...((await also?.(template.draft.content)) ?? []),
    ];
    if (content.name !== template.name) steps.push(...(await renameSteps(db, templateId, content, now)));
    try {
      await transact(db, steps);
    } catch (error) {
      if (error instanceof ConflictError && attempt < DRAFT_RETRIES) continue;
      throw error;
    }
    return getTemplateForEditing(db, divisionId, templateId);
  }
}

/** A new name shows in the company's list and in every division's (their link rows sort by it). */
async function renameSteps(
  db: Db,
  templateId: string,
  content: TemplateContent,
  now: Date,
): Promise<TransactionStep[]> {
  const links = await divisionLinks(db, templateId);
  // The record and each link must still be there: one removed meanwhile is the template gone.
  const set = (key: { pk: string; sk: string }, fields: Record<string, unknown>): TransactionStep => ({
    ...anchoredUpdateStep(db, key, fields),
    onConditionFailed: notFound,
  });
  const order = nameOrder(content.name, templateId);
  return [
    set(templateKeys.template(templateId), {
      name: content.name,
      gsi1sk: order,
      updatedAt: now.toISOString(),
    }),
    ...links.map((link) =>
      set({ pk: link.pk as string, sk: link.sk as string }, { name: content.name, gsi1sk: order }),
    ),
  ];
}

/** Every division's link to the template (a Query of the template's own partition, a few items). */
async function divisionLinks(db: Db, templateId: string): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :division)',
      ExpressionAttributeValues: { ':pk': templateKeys.template(templateId).pk, ':division': 'DIVISION#' },
      ConsistentRead: true,
    }),
  );
  return Items;
}

export const PUBLISH_MESSAGES = {
  unchanged: 'There are no changes to publish',
} as const;

/**
 * Publishes the draft as the template's next version: checked first (templateIssues: the spec's
 * messages), then the version item, the record's `currentVersion` and the draft's
 * `publishedVersion` in one transaction, on the condition that neither the draft nor the current
 * version moved meanwhile. New inspections use it; existing ones keep the version they pinned.
 */
export async function publishDraft(
  db: Db,
  divisionId: string,
  templateId: string,
  now: Date,
): Promise<TemplateForEditing> {
  const template = await getTemplateForEditing(db, divisionId, templateId);
  assertEditable(template);
  if (template.draft.publishedVersion === template.draft.version && template.currentVersion > 0)
    throw new ValidationError(PUBLISH_MESSAGES.unchanged);
  const version: TemplateVersion = {
    ...template.draft.content,
    templateId,
    version: template.currentVersion + 1,
  };
  const issues = templateIssues(version);
  if (issues.length > 0) throw new ValidationError(issues.join('\n'));
  await transact(db, [
    putNewStep(
      db,
      {
        ...versionKey(templateId, version.version),
        type: 'TemplateVersion',
        ...version,
        publishedAt: now.toISOString(),
      },
      () => new ConflictError(),
    ),
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: templateKeys.template(templateId),
          UpdateExpression:
            'SET currentVersion = :next, has_acknowledgement = :ack, has_compliance_cert = :cc, findingTypes = :types',
          ConditionExpression: 'currentVersion = :current',
          ExpressionAttributeValues: {
            ':next': version.version,
            ':current': template.currentVersion,
            ':ack': version.has_acknowledgement,
            ':cc': version.has_compliance_cert,
            ':types': offeredFindingTypes(version),
          },
        },
      },
      onConditionFailed: () => new ConflictError(),
    },
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: draftKey(templateId),
          UpdateExpression: 'SET publishedVersion = :draft',
          ConditionExpression: 'version = :draft',
          ExpressionAttributeValues: { ':draft': template.draft.version },
        },
      },
      onConditionFailed: () => new ConflictError(),
    },
    // The version names the draft's logo: it stays while the version does (docs/decisions/0036).
    ...(version.logo_GUID ? [logoPinStep(db, templateId, version.logo_GUID)] : []),
  ]);
  return getTemplateForEditing(db, divisionId, templateId);
}

/** Why a template cannot be deleted: projects of some division use it for their inspections. */
export const templateDeleteRefusal = (name: string, projects: number) =>
  `${name} is used by ${projects} ${projects === 1 ? 'project' : 'projects'} (archived ones included), so it cannot be deleted.`;

/** Why a template cannot be deleted: inspections not yet certified read it (0036). */
export const templateOpenInspectionsRefusal = (name: string, open: number) =>
  `${name} is used by ${open} open ${open === 1 ? 'inspection' : 'inspections'}. Certify or delete ${open === 1 ? 'it' : 'them'} before deleting the template.`;

/**
 * Deletes a user template: refused while inspections not yet certified use any of its versions
 * (the versions' counters, 0036), and while any project of any division uses it (a project keeps
 * its template, so no inspection reads it then). Its record, draft and division links go; its
 * versions and their counters stay in the table as the record of what was published.
 */
export async function deleteUserTemplate(db: Db, divisionId: string, templateId: string): Promise<void> {
  const template = await getTemplateForEditing(db, divisionId, templateId);
  assertEditable(template);
  const [links, uses] = await Promise.all([divisionLinks(db, templateId), allVersionUses(db, templateId)]);
  const open = uses.reduce((sum, v) => sum + Math.max(0, v.open), 0);
  if (open > 0) throw new ConflictError(templateOpenInspectionsRefusal(template.name, open));
  const projects = links.reduce((sum, link) => sum + projectsOnLink(link), 0);
  if (projects > 0) throw new ConflictError(templateDeleteRefusal(template.name, projects));
  // An inspection created (on the current version) or reopened (on a version that has some)
  // meanwhile fails the delete: the counters it moves are checked in the same transaction.
  const checked = new Set([
    ...(template.currentVersion > 0 ? [template.currentVersion] : []),
    ...uses.filter((v) => v.inspections > 0).map((v) => v.version),
  ]);
  const openMeanwhile = (stored: Record<string, unknown> | undefined) =>
    new ConflictError(
      templateOpenInspectionsRefusal(template.name, (stored?.open as number | undefined) ?? 1),
    );
  await transact(db, [
    ...[...checked].map((version) => noOpenInspectionsCheck(db, templateId, version, openMeanwhile)),
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: templateKeys.template(templateId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: notFound,
    },
    deleteStep(db, draftKey(templateId)),
    ...links.flatMap((link) => [
      {
        write: {
          Delete: {
            TableName: db.tableName,
            Key: { pk: link.pk as string, sk: link.sk as string },
            // A project that started using it meanwhile keeps it.
            ConditionExpression:
              '(attribute_not_exists(projectCount) OR projectCount <= :zero) AND (attribute_not_exists(archivedProjectCount) OR archivedProjectCount <= :zero)',
            ExpressionAttributeValues: { ':zero': 0 },
          },
        },
        onConditionFailed: () => new ConflictError(templateDeleteRefusal(template.name, 1)),
      } satisfies TransactionStep,
      templateCountStep(db, link.divisionId as string, -1),
    ]),
  ]);
}
