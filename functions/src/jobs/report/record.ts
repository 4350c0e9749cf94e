import { finishReport, reportFileKeys } from '@stormline/data/reports';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { postReport } from '../../lib/reports/report-job';
import { ReportRefused, runningReport, type ReportInput, reportTaskDeps } from './report-task';

/** The Record state: the merged file is in, the job is done; its channel gets the view with a link. */
export async function handler(input: ReportInput): Promise<void> {
  const deps = reportTaskDeps();
  const report = await runningReport(deps, input);
  const done = await finishReport(
    deps.db,
    report,
    reportFileKeys.file(report.divisionId, report.id),
    deps.now(),
  );
  if (!done) throw new ReportRefused(REPORT_MESSAGES.notFound);
  await postReport(deps, done);
}
