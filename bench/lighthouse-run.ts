import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWebIfStale } from '@stormline/local/web-build';
import {
  lighthouseMarkdown,
  lighthouseTable,
  measureLighthouseOnFreshRuntime,
  readLighthouseResults,
} from './lighthouse';
import { writeResults, writeResultsText } from './report';

/**
 * Lighthouse only (`npm run bench` runs it too, last):
 *
 *   npx tsx bench/lighthouse-run.ts                     # web/dist (built if stale) -> results/lighthouse.json
 *   npx tsx bench/lighthouse-run.ts --web-dist <dir> --label before --uncompressed   # -> results/lighthouse-before.json
 *   npx tsx bench/lighthouse-run.ts --runs 1 --reports /tmp/lh        # and each run's full report
 */

const { values } = parseArgs({
  options: {
    'web-dist': { type: 'string' },
    label: { type: 'string' },
    runs: { type: 'string' },
    /** Also keep each run's full Lighthouse report (JSON, opens in the Lighthouse viewer) here. */
    reports: { type: 'string' },
    /** Every file uncompressed, as the gateway served them before it compressed (for the before run). */
    uncompressed: { type: 'boolean' },
  },
});

const log = (line: string) => console.log(line);
const webDist = values['web-dist'] ? path.resolve(values['web-dist']) : undefined;
if (!webDist) buildWebIfStale();
log(`Lighthouse on /login and the dashboard (${webDist ?? 'web/dist'})…`);
const report = await measureLighthouseOnFreshRuntime(log, {
  webDist,
  runs: values.runs ? Number(values.runs) : undefined,
  reportDir: values.reports ? path.resolve(values.reports) : undefined,
  uncompressed: values.uncompressed,
});
const name = values.label ? `lighthouse-${values.label}` : 'lighthouse';
const file = await writeResults(name, { ...report });
log('');
log(lighthouseTable(report));
if (values.label) log(`Wrote ${file}.`);
else {
  const markdown = lighthouseMarkdown(
    (await readLighthouseResults('lighthouse'))!,
    await readLighthouseResults('lighthouse-before'),
  );
  log(`Wrote ${file} and ${await writeResultsText('lighthouse.md', markdown)}.`);
}
