import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@stormline/data/clients';
import { addDocument, projectOwnerStep } from '@stormline/data/documents';
import { createProject } from '@stormline/data/projects';
import { getConversion } from '@stormline/data/site-maps';
import { SITE_MAP_DOC_TYPE_ID } from '@stormline/domain/project-rules';
import { startConversion } from '@stormline/functions/lib/conversion-start';
import { getDeps } from '@stormline/functions/lib/deps';
import { fileStoreOf } from '@stormline/functions/lib/file-store';
import { startRuntime } from '@stormline/local/runtime';
import { sampleClient, sampleProject } from '@stormline/local/sample-records';
import { makeSiteMapPdf } from '@stormline/local/seed/demo-files';
import { markdownTable, writeResults, writeResultsText } from './report';
import { median, round } from './stats';

/**
 * Issue 20's conversion bench: a 2-page and a 20-page site-map PDF (A3 sheets) converted on one
 * machine through the whole state machine (the same ASL as in the cloud, run by
 * aws-local-stepfunctions: validate, count, the Map of renders four at a time, record), timed from
 * StartExecution to done, three runs each; and the render task's peak memory, measured in a process
 * of its own rendering one page as a Lambda does. Nothing is asserted; the numbers are written.
 *
 *   npx tsx bench/convert-pdf.ts   # -> results/pdf-conversion.json and results/pdf-conversion.md
 */

const SIZES = [2, 20] as const;
const RUNS = 3;
const NORTH = 'north-region';

async function main(): Promise<void> {
  const runtime = await startRuntime({ port: 0, seed: true });
  try {
    const deps = await getDeps();
    const store = fileStoreOf(deps);
    const client = await createClient(
      deps.db,
      NORTH,
      sampleClient(`Bench client ${randomUUID().slice(0, 6)}`),
    );
    const project = await createProject(
      deps.db,
      sampleProject({ divisionId: NORTH, client_id: client.id, name: 'Bench site' }),
    );
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'stormline-convert-bench-'));
    const results = [];
    for (const pages of SIZES) {
      const bytes = await makeSiteMapPdf(`Bench ${pages}`, pages);
      const file = path.join(scratch, `${pages}.pdf`);
      writeFileSync(file, bytes);
      const id = randomUUID();
      const objectKey = `files/${id}/${randomUUID()}`;
      await store.put(objectKey, bytes, 'application/pdf');
      const doc = await addDocument(
        deps.db,
        {
          id,
          guid: randomUUID(),
          name: `Bench ${pages}.pdf`,
          mimeType: 'application/pdf',
          size: bytes.byteLength,
          width: null,
          height: null,
          objectKey,
          owner: {
            kind: 'project',
            divisionId: NORTH,
            projectId: project.id,
            docTypeId: SITE_MAP_DOC_TYPE_ID,
          },
          createdAt: new Date().toISOString(),
          createdBy: 'bench',
        },
        projectOwnerStep(deps.db, NORTH, project.id),
      );
      const seconds: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        // As a replaced file does: a convert of an unchanged, converted file is refused (0038).
        await startConversion(deps, doc, 'bench', { supersede: true });
        await runtime.stepFunctions.drained();
        seconds.push((performance.now() - started) / 1000);
        const conversion = await getConversion(deps.db, NORTH, doc.id);
        if (conversion?.status !== 'done')
          throw new Error(`Conversion of ${pages} pages: ${conversion?.status} ${conversion?.message}`);
      }
      const render = JSON.parse(
        execFileSync('npx', ['tsx', path.join(import.meta.dirname, 'convert-pdf-render.ts'), file, '1'], {
          encoding: 'utf8',
        })
          .trim()
          .split('\n')
          .at(-1)!,
      ) as { ms: number; width: number; pngBytes: number; maxRssMb: number };
      const mid = median(seconds);
      results.push({
        pages,
        pdfBytes: bytes.byteLength,
        secondsMedian: round(mid),
        seconds: seconds.map((s) => round(s)),
        pagesPerSecond: round(pages / mid),
        renderTask: {
          pageWidthPx: render.width,
          pagePngKb: round(render.pngBytes / 1024, 1),
          renderMs: round(render.ms),
          peakRssMb: round(render.maxRssMb, 1),
        },
      });
    }
    const md = [
      '# PDF-to-PNG conversion (bench/convert-pdf.ts)',
      '',
      `One machine, the whole state machine (aws-local-stepfunctions, renders four at a time), ${RUNS} runs each; the render task's peak memory from a process of its own rendering one page (page 1) and its thumbnail.`,
      '',
      markdownTable(
        ['', ...results.map((r) => `${r.pages} pages`)],
        [
          ['PDF size (KB)', ...results.map((r) => String(round(r.pdfBytes / 1024, 1)))],
          ['seconds to done (median)', ...results.map((r) => String(r.secondsMedian))],
          ['pages per second', ...results.map((r) => String(r.pagesPerSecond))],
          ['page image width (px)', ...results.map((r) => String(r.renderTask.pageWidthPx))],
          ['page PNG (KB)', ...results.map((r) => String(r.renderTask.pagePngKb))],
          ['render task: one page (ms)', ...results.map((r) => String(r.renderTask.renderMs))],
          ['render task: peak RSS (MB)', ...results.map((r) => String(r.renderTask.peakRssMb))],
        ],
      ),
    ].join('\n');
    const json = await writeResults('pdf-conversion', { runs: RUNS, results });
    const text = await writeResultsText('pdf-conversion.md', md);
    console.log(md);
    console.log(`Wrote ${json} and ${text}.`);
  } finally {
    await runtime.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
