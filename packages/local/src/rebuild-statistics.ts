import { createDb } from '@stormline/data/dynamo';
import { listDivisions } from '@stormline/data/divisions';
import { listProjects } from '@stormline/data/projects';
import { rebuildProjectStatistics } from '@stormline/data/statistics-rebuild';

/**
 * `npm run stats:rebuild`: recomputes the statistics of every project of every division from its
 * records (docs/decisions/0019). Against the local store (`npm start` running: its
 * DYNAMODB_ENDPOINT is printed) or, with AWS credentials and TABLE_NAME, the deployed table.
 * Queries only: divisions, then each division's active and archived projects, a page at a time.
 */
async function main() {
  const tableName = process.env.TABLE_NAME ?? 'stormline';
  const db = createDb({ tableName, endpoint: process.env.DYNAMODB_ENDPOINT });
  let projects = 0;
  for (let divisions = await listDivisions(db, { pageSize: 100 }); ;) {
    for (const division of divisions.items)
      for (const state of ['ACTIVE', 'ARCHIVED'] as const)
        for (let page = await listProjects(db, division.id, state, { pageSize: 100 }); ;) {
          for (const project of page.items) {
            await rebuildProjectStatistics(db, division.id, project.id);
            projects++;
          }
          if (!page.nextCursor) break;
          page = await listProjects(db, division.id, state, { pageSize: 100, cursor: page.nextCursor });
        }
    if (!divisions.nextCursor) break;
    divisions = await listDivisions(db, { pageSize: 100, cursor: divisions.nextCursor });
  }
  db.doc.destroy();
  console.log(`Rebuilt the statistics of ${projects} projects in ${tableName}.`);
}

await main();
