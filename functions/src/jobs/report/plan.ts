import { reportFileKeys, setReportPlanned } from '@stormline/data/reports';
import { paperOf } from '@stormline/domain/report-rules';
import { MAX_REPORT_PARTS, REPORT_MESSAGES } from '@stormline/domain/reports';
import { fileStoreOf } from '../../lib/file-store';
import { PLANNERS } from '../../lib/reports/planners';
import type { PlanRequest } from '../../lib/reports/plans/plan-request';
import { postReport } from '../../lib/reports/report-job';
import { ReportRefused, runningReport, type ReportInput, reportTaskDeps } from './report-task';

/**
 * The Plan state: the job's planner reads the records and builds every part (escaped HTML, stored
 * PDFs); the plan is stored as JSON beside the report's files, the job becomes progress 0 of its
 * parts, and the Map state gets the parts' indexes.
 */
export async function handler(input: ReportInput): Promise<{ parts: number[] }> {
  const deps = reportTaskDeps();
  const report = await runningReport(deps, input);
  const request = {
    reportId: report.id,
    divisionId: report.divisionId,
    userId: report.userId,
    job: report.job,
    body: report.body,
  } as PlanRequest;
  // The paper is the deployment's (US Letter, UK A4): one choice for the whole report.
  const plan = { ...(await PLANNERS[report.job](deps, request as never)), paper: paperOf(deps.region) };
  if (plan.parts.length === 0) throw new ReportRefused(REPORT_MESSAGES.nothingToPrint);
  if (plan.parts.length > MAX_REPORT_PARTS) throw new ReportRefused(REPORT_MESSAGES.tooManyParts);
  await fileStoreOf(deps).put(
    reportFileKeys.plan(report.divisionId, report.id),
    new TextEncoder().encode(JSON.stringify(plan)),
    'application/json',
  );
  const planned = await setReportPlanned(deps.db, report, plan.parts.length, deps.now());
  if (!planned) throw new ReportRefused(REPORT_MESSAGES.notFound);
  await postReport(deps, planned);
  return { parts: plan.parts.map((_, i) => i) };
}
