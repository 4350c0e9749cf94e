import { createDb } from '@stormline/data/dynamo';
import { listDivisions } from '@stormline/data/divisions';
import { listProjects, rebuildProjectDirectory } from '@stormline/data/projects';
import { rebuildProjectStatistics } from '@stormline/data/statistics-rebuild';

/**
 * `npm run stats:rebuild`: recomputes the statistics of every project of every division from its
 * records (docs/decisions/0019), and rewrites each division's project directory from its active
 * projects (0021), so data written before the directory existed gets one. Against the local store
 * (`npm start` running: its DYNAMODB_ENDPOINT is printed) or, with AWS credentials and
 * TABLE_NAME, the deployed table. Queries only: divisions, then each division's active and
 * archived projects, a page at a time.
 */
async function main() {
  const tableName = process.env.TABLE_NAME ?? 'stormline';
  const db = createDb({ tableName, endpoint: process.env.DYNAMODB_ENDPOINT });
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
  db.doc.destroy();
  console.log(
    `Rebuilt the statistics of ${projects} projects and the project directories of ${directories} divisions in ${tableName}.`,
  );
}

await main();
