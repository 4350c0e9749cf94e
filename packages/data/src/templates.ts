import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { NotFoundError } from '@stormline/domain/errors';
import type { TemplateVersion } from '@stormline/domain/template-model';
import { batchGet, itemAt } from './batch-get';
import { templateKeys } from './divisions-resources';
import type { Db } from './dynamo';
import { nameOrder } from './keys';

/**
 * Inspection templates as versioned data (docs/decisions/0018): the template item names its
 * `currentVersion`; each version is one immutable item holding the whole questionnaire, finding
 * types, signature groups and attestations. Inspections read the version they pinned.
 */

export const TEMPLATE_NOT_FOUND = 'Inspection template not found';

export const versionKey = (templateId: string, version: number) => ({
  pk: `TEMPLATE#${templateId}`,
  sk: `VERSION#${String(version).padStart(6, '0')}`,
});

/**
 * The finding types a version offers (enabled ones), as the widgets' type filters name them: kept
 * on the template item for its current version, so the filters read template items, not versions.
 */
export const offeredFindingTypes = (version: Pick<TemplateVersion, 'finding_types'>) =>
  version.finding_types.filter((t) => t.details.is_enabled).map((t) => ({ code: t.code, name: t.name }));

/** What projects read of a template (Create project modal, docs/decisions/0014). */
export interface TemplateProjectFlags {
  ccr: boolean;
  optionalCompliance: boolean;
  cgp: boolean;
}

/**
 * Puts a version item once (never rewritten) and moves the template's `currentVersion` to it when
 * it is newer, creating the template item on first install. Idempotent: safe on every start of
 * the local runtime and in the cloud's first-admin script.
 */
export async function installTemplateVersion(
  db: Db,
  version: TemplateVersion,
  flags: TemplateProjectFlags,
  now: Date,
): Promise<void> {
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...versionKey(version.templateId, version.version),
          type: 'TemplateVersion',
          ...version,
          publishedAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: templateKeys.template(version.templateId),
        UpdateExpression:
          'SET #type = :type, gsi1pk = :all, gsi1sk = :order, id = :id, #name = :name, isUserTemplate = :false, has_compliance_cert = :cc, has_acknowledgement = :ack, projectOptions = :options, currentVersion = :version, findingTypes = :types, createdAt = if_not_exists(createdAt, :now), version = if_not_exists(version, :zero)',
        ConditionExpression: 'attribute_not_exists(currentVersion) OR currentVersion <= :version',
        ExpressionAttributeNames: { '#type': 'type', '#name': 'name' },
        ExpressionAttributeValues: {
          ':type': 'Template',
          ':all': templateKeys.allTemplates(),
          ':order': nameOrder(version.name, version.templateId),
          ':id': version.templateId,
          ':name': version.name,
          ':false': false,
          ':cc': version.has_compliance_cert,
          ':ack': version.has_acknowledgement,
          ':options': flags,
          ':version': version.version,
          ':types': offeredFindingTypes(version),
          ':now': now.toISOString(),
          ':zero': 0,
        },
      }),
    )
    .catch((error: unknown) => {
      // A newer version is already current: nothing to move.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

function toVersion(item: Record<string, unknown>): TemplateVersion {
  const { pk: _pk, sk: _sk, type: _type, publishedAt: _at, ...version } = item;
  return version as unknown as TemplateVersion;
}

/**
 * A version of a template the division holds (the division link is read in the same BatchGet;
 * another division's template is not found). Without `version`, the current one.
 */
export async function getTemplateVersion(
  db: Db,
  divisionId: string,
  templateId: string,
  version?: number,
): Promise<TemplateVersion> {
  let wanted = version;
  if (wanted === undefined) {
    const items = await batchGet(db, [
      templateKeys.template(templateId),
      templateKeys.divisionLink(divisionId, templateId),
    ]);
    const template = itemAt(items, templateKeys.template(templateId));
    if (
      !template ||
      !itemAt(items, templateKeys.divisionLink(divisionId, templateId)) ||
      !template.currentVersion
    )
      throw new NotFoundError(TEMPLATE_NOT_FOUND);
    wanted = template.currentVersion as number;
    const { Item } = await db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: versionKey(templateId, wanted) }),
    );
    if (!Item) throw new NotFoundError(TEMPLATE_NOT_FOUND);
    return toVersion(Item);
  }
  // A pinned version is immutable: the division link still decides whether the division may read it.
  const items = await batchGet(
    db,
    [versionKey(templateId, wanted), templateKeys.divisionLink(divisionId, templateId)],
    false,
  );
  const item = itemAt(items, versionKey(templateId, wanted));
  if (!item || !itemAt(items, templateKeys.divisionLink(divisionId, templateId)))
    throw new NotFoundError(TEMPLATE_NOT_FOUND);
  return toVersion(item);
}
