import { countReportPart, reportFileKeys } from '@stormline/data/reports';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { fileStoreOf } from '../../lib/file-store';
import { MissingAssetError, printPart } from '../../lib/reports/chromium';
import { postReport } from '../../lib/reports/report-job';
import { readPlan, ReportRefused, runningReport, type ReportInput, reportTaskDeps } from './report-task';

/**
 * The RenderPart state (one per part, a few at once): an HTML part is printed by Chromium to
 * reports/<division>/<report>/part-<n>.pdf; a stored PDF part is checked to be there (Merge reads
 * it where it is). Each part is counted once as it lands, and the job's progress pushed.
 */
export async function handler(input: ReportInput & { part: number }): Promise<void> {
  const deps = reportTaskDeps();
  const report = await runningReport(deps, input);
  const store = fileStoreOf(deps);
  const plan = await readPlan(store, input);
  const part = plan.parts[input.part];
  if (!part) throw new Error(`The plan has no part ${input.part}`);
  if (part.kind === 'html') {
    const pdf = await printPart({
      html: part.html,
      assets: part.assets,
      store,
      orientation: part.orientation,
      paper: plan.paper,
      onRefused: (refused) => console.warn('A report part asked for a refused URL', refused),
    }).catch((error: unknown) => {
      if (error instanceof MissingAssetError) throw new ReportRefused(REPORT_MESSAGES.photoMissing);
      throw error;
    });
    await store.put(reportFileKeys.part(report.divisionId, report.id, input.part), pdf, 'application/pdf');
  } else if (!(await store.size(part.key))) {
    throw new ReportRefused(REPORT_MESSAGES.photoMissing);
  }
  const counted = await countReportPart(deps.db, report, input.part, deps.now());
  if (counted) await postReport(deps, counted);
}
