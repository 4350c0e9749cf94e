import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWebIfStale } from '@stormline/local/web-build';
import {
  lighthouseMarkdown,
  lighthouseTable,
  measureLighthouseOnFreshRuntime,
  readLighthouseBefore,
} from './lighthouse';
import { writeResults, writeResultsText } from './report';

/**
 * Lighthouse only (`npm run bench` runs it too, last):
 *
 *   npx tsx bench/lighthouse-run.ts                     # web/dist (built if stale) -> results/lighthouse.json
 *   npx tsx bench/lighthouse-run.ts --web-dist <dir> --label before   # -> results/lighthouse-before.json
 */

const { values } = parseArgs({
  options: {
    'web-dist': { type: 'string' },
    label: { type: 'string' },
    runs: { type: 'string' },
  },
});

const log = (line: string) => console.log(line);
const webDist = values['web-dist'] ? path.resolve(values['web-dist']) : undefined;
if (!webDist) buildWebIfStale();
log(`Lighthouse on /login and the dashboard (${webDist ?? 'web/dist'})…`);
const report = await measureLighthouseOnFreshRuntime(log, {
  webDist,
  runs: values.runs ? Number(values.runs) : undefined,
});
const name = values.label ? `lighthouse-${values.label}` : 'lighthouse';
const file = await writeResults(name, { ...report });
log('');
log(lighthouseTable(report));
if (!values.label) {
  const before = await readLighthouseBefore();
  log(`Wrote ${file} and ${await writeResultsText('lighthouse.md', lighthouseMarkdown(report, before))}.`);
} else log(`Wrote ${file}.`);
