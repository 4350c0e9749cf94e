import { getReport, reportFileKeys, type ReportRecord } from '@stormline/data/reports';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { deploymentRegion, getTableDb, type Deps } from '../../lib/deps';
import type { FileStore } from '../../lib/file-store';
import type { ReportPlan } from '../../lib/reports/report-plan';
import { ReportRefused } from '../../lib/reports/report-refused';

/** What the state machine carries from task to task: the rest is the REPORT item and the stored plan. */
export interface ReportInput {
  divisionId: string;
  reportId: string;
}

export { ReportRefused };

/**
 * What the report tasks run with: the table and the clock, and no signing secret. Nothing a task
 * makes is a token (the download link is made when the job is read, GET /api/reports/{id}), so
 * the state machine's Lambdas are granted no secret, like every other job (0021, 0042).
 */
export function reportTaskDeps(): Deps {
  return {
    db: getTableDb(),
    get jwtSecret(): string {
      throw new Error('The report tasks sign nothing: read the job through the API for its link');
    },
    region: deploymentRegion(),
    now: () => new Date(),
  };
}

/** The job this execution prints, while it runs; a job gone or ended is refused. */
export async function runningReport(deps: Pick<Deps, 'db'>, input: ReportInput): Promise<ReportRecord> {
  const report = await getReport(deps.db, input.divisionId, input.reportId);
  if (!report || (report.status !== 'requested' && report.status !== 'progress'))
    throw new ReportRefused(REPORT_MESSAGES.notFound);
  return report;
}

export async function readPlan(store: FileStore, input: ReportInput): Promise<ReportPlan> {
  const key = reportFileKeys.plan(input.divisionId, input.reportId);
  const size = await store.size(key);
  if (!size) throw new Error(`The report's plan is missing (${key})`);
  return JSON.parse(new TextDecoder().decode(await store.readRange(key, 0, size - 1))) as ReportPlan;
}

/** A whole stored object, or null when there is none. */
export async function readObject(store: FileStore, key: string): Promise<Uint8Array | null> {
  const size = await store.size(key);
  if (!size) return null;
  return store.readRange(key, 0, size - 1);
}
