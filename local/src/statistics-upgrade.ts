import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '@stormline/data/dynamo';
import { listDivisions } from '@stormline/data/divisions';
import { keys } from '@stormline/data/keys';
import { listProjects, rebuildProjectDirectory } from '@stormline/data/projects';
import { rebuildProjectStatistics } from '@stormline/data/statistics-rebuild';
import { rebuildTemplateUses } from '@stormline/data/template-uses-rebuild';
import { isSeeded } from './seed';

/**
 * The shape of the statistics items and project directories (docs/decisions/0019, 0021). Bump it
 * whenever they change, so a store written by an older version is rebuilt when `npm start` opens
 * it, instead of showing its dashboards wrong: 1 the first counters, 2 the project-wide figures
 * and missed inspections, 3 the directory in eight items, 4 the template versions' counters of
 * inspections and the template items' finding types (0036).
 */
export const STATISTICS_LAYOUT = 4;

/** The layout the store was last built in; 0 for a store from before the marker. */
export async function storedStatisticsLayout(db: Db): Promise<number> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.statisticsLayout(), ConsistentRead: true }),
  );
  return typeof Item?.layout === 'number' ? Item.layout : 0;
}

/** Marks the store as built in the current layout (after seeding, or a whole rebuild). */
export async function markStatisticsLayout(db: Db): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...keys.statisticsLayout(), type: 'StatisticsLayout', layout: STATISTICS_LAYOUT },
    }),
  );
}

/**
 * Recomputes the statistics of every project of every division from its records, rewrites each
 * division's project directory from its active projects, and recounts the inspections of every
 * template version (rebuildTemplateUses). Queries only: divisions, then each division's active
 * and archived projects, a page at a time.
 */
export async function rebuildAllStatistics(db: Db): Promise<{ projects: number; directories: number }> {
  let projects = 0;
  let directories = 0;
  for (let divisions = await listDivisions(db, { pageSize: 100 }); ;) {
    for (const division of divisions.items) {
      await rebuildProjectDirectory(db, division.id);
      directories++;
      for (const state of ['ACTIVE', 'ARCHIVED'] as const)
        for (let page = await listProjects(db, division.id, state, { pageSize: 100 }); ;) {
          for (const project of page.items) {
            await rebuildProjectStatistics(db, division.id, project.id);
            projects++;
          }
          if (!page.nextCursor) break;
          page = await listProjects(db, division.id, state, { pageSize: 100, cursor: page.nextCursor });
        }
    }
    if (!divisions.nextCursor) break;
    divisions = await listDivisions(db, { pageSize: 100, cursor: divisions.nextCursor });
  }
  await rebuildTemplateUses(db);
  await markStatisticsLayout(db);
  return { projects, directories };
}

/**
 * A kept store written in an older layout is rebuilt once, before the stream readers start: nothing
 * else writes meanwhile, and with the rewritten ledger the stream's replay of older records ends at
 * the same totals (as on every start). A failed rebuild is reported and the product starts anyway (the marker is not
 * written, so the next start tries again; `npm run stats:rebuild` does it by hand).
 */
export async function upgradeStatistics(db: Db): Promise<void> {
  if (!(await isSeeded(db)) || (await storedStatisticsLayout(db)) >= STATISTICS_LAYOUT) return;
  console.log('Rebuilding the statistics of data written by an older version...');
  try {
    const { projects } = await rebuildAllStatistics(db);
    console.log(`Rebuilt the statistics of ${projects} projects.`);
  } catch (error) {
    console.error(
      'The statistics could not be rebuilt; dashboards may be wrong until `npm run stats:rebuild` runs.',
      error,
    );
  }
}
