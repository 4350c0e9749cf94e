import { failReport, getReport, reportFileKeys } from '@stormline/data/reports';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { fileStoreOf } from '../../lib/file-store';
import { postReport } from '../../lib/reports/report-job';
import { reportTaskDeps, type ReportInput } from './report-task';

/** What a state's Catch hands on: the error's name and its cause (Lambda: a JSON error body). */
interface CaughtError {
  Error?: string;
  Cause?: string;
}

/** The reason the user reads: a refusal's own message, anything else the general one. */
export function failureMessage(error: CaughtError | undefined): string {
  if (error?.Error !== 'ReportRefused') return REPORT_MESSAGES.failed;
  const cause = error.Cause ?? '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    // Not a Lambda error body: the local runner passes the message itself.
  }
  return cause || REPORT_MESSAGES.failed;
}

/**
 * The RecordFailure state (every state's Catch): the job ends in error with the reason, and the
 * parts printed so far are removed (fixed keys: no listing). The browser offers Retry: a new begin.
 */
export async function handler(input: ReportInput & { error?: CaughtError }): Promise<{ message: string }> {
  const deps = reportTaskDeps();
  const message = failureMessage(input.error);
  if (message === REPORT_MESSAGES.failed) console.error('Report failed', { input });
  const before = await getReport(deps.db, input.divisionId, input.reportId);
  const failed = before ? await failReport(deps.db, before, message, deps.now()) : null;
  const store = fileStoreOf(deps);
  const parts = Array.from({ length: before?.total ?? 0 }, (_, i) =>
    reportFileKeys.part(input.divisionId, input.reportId, i),
  );
  for (const key of [...parts, reportFileKeys.plan(input.divisionId, input.reportId)])
    await store
      .remove(key)
      .catch((error: unknown) => console.warn('A report part was not removed', { key, error }));
  if (failed) await postReport(deps, failed);
  return { message };
}
