import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '@stormline/domain/errors';
import { templateKeys } from './divisions-resources';
import { documentKeys, storedFileOf, type StoredFile } from './documents';
import type { Db } from './dynamo';
import { readPartition } from './read-partition';
import { putNewStep, type TransactionStep } from './transact';

/**
 * Template logos (spec 002 §2; docs/decisions/0036): one item per uploaded logo in its template's
 * partition, found by its GUID through the lookup index as documents are (/dl/{GUID}). The draft
 * names its logo (`logo_GUID`); Publish pins it, so a logo a published version names is never
 * deleted, while one only the draft named goes when the draft's logo is replaced or removed.
 */

export const logoKey = (templateId: string, guid: string) => ({
  pk: templateKeys.template(templateId).pk,
  sk: `LOGO#${guid}`,
});

/** Whether a key findGuidKey answered is a template logo's. */
export const isLogoKey = (key: { pk: string; sk: string }) =>
  key.pk.startsWith('TEMPLATE#') && key.sk.startsWith('LOGO#');

export interface TemplateLogoRecord extends StoredFile {
  templateId: string;
  /** A published version names it: it stays, whatever the draft does. */
  pinned: boolean;
  createdAt: string;
  createdBy: string;
}

function toLogo(item: Record<string, unknown>): TemplateLogoRecord {
  return {
    templateId: item.templateId as string,
    ...storedFileOf(item),
    pinned: item.pinned === true,
    createdAt: item.createdAt as string,
    createdBy: item.createdBy as string,
  };
}

/** The logo at a key (logoKey, or what findGuidKey answered), read consistently; null when gone. */
export async function logoAt(db: Db, key: { pk: string; sk: string }): Promise<TemplateLogoRecord | null> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
  );
  return Item ? toLogo(Item) : null;
}

/** A new logo item, in the transaction that makes it the draft's. */
export function logoPutStep(db: Db, logo: TemplateLogoRecord): TransactionStep {
  return putNewStep(db, {
    ...logoKey(logo.templateId, logo.guid),
    type: 'TemplateLogo',
    lookup: documentKeys.guid(logo.guid),
    ...logo,
  });
}

/** Publish pins the draft's logo in the transaction that writes the version naming it. */
export function logoPinStep(db: Db, templateId: string, guid: string): TransactionStep {
  return {
    write: {
      Update: {
        TableName: db.tableName,
        Key: logoKey(templateId, guid),
        UpdateExpression: 'SET pinned = :true',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':true': true },
      },
    },
    // Removed meanwhile: the draft changed too, so the publish is stale.
    onConditionFailed: () => new ConflictError(),
  };
}

/**
 * Deletes a logo only the draft named, on the condition that no Publish pinned it meanwhile (a
 * conflict then: the change is tried again and keeps the logo).
 */
export function unpinnedLogoDeleteStep(db: Db, templateId: string, guid: string): TransactionStep {
  return {
    write: {
      Delete: {
        TableName: db.tableName,
        Key: logoKey(templateId, guid),
        ConditionExpression: 'attribute_exists(pk) AND pinned = :false',
        ExpressionAttributeValues: { ':false': false },
      },
    },
    onConditionFailed: () => new ConflictError(),
  };
}

/** The divisions holding a template (its link items, in its own partition: a few items). */
export async function templateDivisions(db: Db, templateId: string): Promise<string[]> {
  const links = await readPartition(db, templateKeys.template(templateId).pk, 'DIVISION#', 'divisionId');
  return links.map((link) => link.divisionId as string);
}
