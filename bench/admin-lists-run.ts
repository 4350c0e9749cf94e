import os from 'node:os';
import { measureAdminLists } from './admin-lists';
import { adminListsMarkdown, adminListsTable, writeResults, writeResultsText } from './report';

/**
 * The administration lists only (`npm run bench` runs them too):
 *
 *   npx tsx bench/admin-lists-run.ts    # -> results/admin-lists.json and results/admin-lists.md
 */

const started = performance.now();
const log = (line: string) => console.log(line);
const load1 = os.loadavg()[0] ?? 0;
if (load1 > os.cpus().length)
  log(
    `The machine is busy (load average ${load1.toFixed(1)} on ${os.cpus().length} CPUs): expect noisy latencies.`,
  );
log('Administration lists at two division sizes (a fresh runtime)…');
const report = await measureAdminLists(log);
const file = await writeResults('admin-lists', { ...report });
const markdown = await writeResultsText(
  'admin-lists.md',
  adminListsMarkdown({ ...report, measuredAt: new Date().toISOString() }),
);
log('');
log(adminListsTable(report));
log('');
log(`Wrote ${file} and ${markdown} in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
