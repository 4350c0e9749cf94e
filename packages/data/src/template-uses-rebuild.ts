import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';
import { templateKeys } from './divisions-resources';
import { listDivisions } from './divisions';
import { inspectionKeys } from './inspections';
import { listProjects } from './projects';
import { readIndexPartition } from './read-partition';
import { offeredFindingTypes, versionKey } from './templates';
import type { TemplateVersion } from '@stormline/domain/template-model';
import { allVersionUses, usesKey } from './template-uses';

/**
 * Recomputes every template version's counters from the inspections stored (docs/decisions/0036):
 * for a store written before the counters existed, or a repair. Walks each division's projects
 * (active and archived) and each project's inspections (byParent), then writes each version's
 * `inspections` and `open` whole, and 0 on a counter no inspection backs any more. Also gives
 * template items written before they carried them their current version's finding types.
 * Run it with nothing writing inspections meanwhile (as `npm start` does before it serves): an
 * inspection created between the walk and the write would not be counted.
 */
export async function rebuildTemplateUses(db: Db): Promise<{ versions: number; inspections: number }> {
  const counted = new Map<
    string,
    { templateId: string; version: number; inspections: number; open: number }
  >();
  let inspections = 0;
  for (let divisions = await listDivisions(db, { pageSize: 100 }); ;) {
    for (const division of divisions.items)
      for (const state of ['ACTIVE', 'ARCHIVED'] as const)
        for (let page = await listProjects(db, division.id, state, { pageSize: 100 }); ;) {
          for (const project of page.items)
            for (const item of await readIndexPartition(
              db,
              inspectionKeys.ofProject(division.id, project.id),
            )) {
              if (item.type !== 'Inspection') continue;
              const templateId = item.templateId as string;
              const version = item.templateVersion as number;
              const key = `${templateId}|${version}`;
              const entry = counted.get(key) ?? { templateId, version, inspections: 0, open: 0 };
              entry.inspections += 1;
              if (item.countsAsOpen !== false) entry.open += 1;
              counted.set(key, entry);
              inspections++;
            }
          if (!page.nextCursor) break;
          page = await listProjects(db, division.id, state, { pageSize: 100, cursor: page.nextCursor });
        }
    if (!divisions.nextCursor) break;
    divisions = await listDivisions(db, { pageSize: 100, cursor: divisions.nextCursor });
  }

  const templates = await readIndexPartition(db, templateKeys.allTemplates());
  for (const template of templates) {
    const templateId = template.id as string;
    for (const stale of await allVersionUses(db, templateId))
      if (!counted.has(`${templateId}|${stale.version}`))
        counted.set(`${templateId}|${stale.version}`, {
          templateId,
          version: stale.version,
          inspections: 0,
          open: 0,
        });
    if (template.findingTypes === undefined && template.currentVersion)
      await keepFindingTypes(db, templateId, template.currentVersion as number);
  }
  for (const entry of counted.values())
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...usesKey(entry.templateId, entry.version),
          type: 'TemplateUses',
          templateId: entry.templateId,
          templateVersion: entry.version,
          inspections: entry.inspections,
          open: entry.open,
        },
      }),
    );
  return { versions: counted.size, inspections };
}

/** Sets a template item's finding types from its current version, unless it moved meanwhile. */
async function keepFindingTypes(db: Db, templateId: string, currentVersion: number): Promise<void> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: versionKey(templateId, currentVersion) }),
  );
  if (!Item) return;
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: templateKeys.template(templateId),
        UpdateExpression: 'SET findingTypes = :types',
        ConditionExpression: 'currentVersion = :version',
        ExpressionAttributeValues: {
          ':types': offeredFindingTypes(Item as unknown as TemplateVersion),
          ':version': currentVersion,
        },
      }),
    )
    .catch((error: unknown) => {
      // Published again meanwhile: Publish wrote the new version's types.
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}
