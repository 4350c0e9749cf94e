import { createDb } from '@stormline/data/dynamo';
import { rebuildAllStatistics } from './statistics-upgrade';

/**
 * `npm run stats:rebuild`: recomputes the statistics of every project of every division from its
 * records (docs/decisions/0019), and rewrites each division's project directory from its active
 * projects (0021), and recounts the inspections of every template version (0036). Against the local store (`npm start` running: its DYNAMODB_ENDPOINT is printed;
 * `npm start` also runs it by itself on a store built in an older layout) or, with AWS credentials
 * and TABLE_NAME, the deployed table.
 */
async function main() {
  const tableName = process.env.TABLE_NAME ?? 'stormline';
  const db = createDb({ tableName, endpoint: process.env.DYNAMODB_ENDPOINT });
  const { projects, directories } = await rebuildAllStatistics(db);
  db.doc.destroy();
  console.log(
    `Rebuilt the statistics of ${projects} projects and the project directories of ${directories} divisions in ${tableName}.`,
  );
}

await main();
