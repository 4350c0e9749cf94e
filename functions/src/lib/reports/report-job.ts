import type { ReportView } from '@stormline/contract/reports';
import type { Db } from '@stormline/data/dynamo';
import type { ReportRecord } from '@stormline/data/reports';
import {
  REPORT_DOWNLOAD_TOKEN_SECONDS,
  REPORT_MESSAGES,
  REPORT_RUNNING_LIMIT_MS,
  reportChannel,
} from '@stormline/domain/reports';
import { postToChannel } from '../realtime';
import { issueDownloadToken } from '../tokens';
import { authorizeReportChannel } from './report-channel-access';

/**
 * A print job as the browser sees it (docs/decisions/0042): the begin's reply, GET
 * /api/reports/{reportId} (with the download link once done), and every push on
 * status:report:{job}:{key} (without it).
 */

/** The download route's path of a report (the download token is bound to exactly this path). */
export const reportDownloadPath = (reportId: string) => `/api/download/${reportId}.pdf`;

/**
 * The download link of a done report for one session: a fresh token bound to this path, this user
 * and the session that will use it (signing that session out voids it), valid
 * REPORT_DOWNLOAD_TOKEN_SECONDS. Made whenever the view is read or pushed, never stored.
 */
export function reportDownloadUrl(
  report: Pick<ReportRecord, 'id'>,
  session: { userId: string; tokenId: string },
  jwtSecret: string,
  now: Date,
): string {
  const path = reportDownloadPath(report.id);
  const token = issueDownloadToken(session, path, jwtSecret, now, REPORT_DOWNLOAD_TOKEN_SECONDS);
  return `${path}?token=${encodeURIComponent(token)}`;
}

export function reportView(report: ReportRecord, url: string | null): ReportView {
  return {
    reportId: report.id,
    job: report.job,
    key: report.key,
    status: report.status,
    completed: report.completed,
    total: report.total,
    message: report.status === 'error' ? (report.message ?? null) : null,
    title: report.title,
    url: report.status === 'done' ? url : null,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
  };
}

/** A job that has been running past the state machine's limit: it ended without recording why. */
function overdue(report: ReportRecord, now: Date): boolean {
  const running = report.status === 'requested' || report.status === 'progress';
  return running && now.getTime() - Date.parse(report.updatedAt) > REPORT_RUNNING_LIMIT_MS;
}

/**
 * The view for one session: with its own download link once done; a job overdue (above) reads as
 * failed, so neither the progress display nor the download page waits for ever.
 */
export function reportViewFor(
  report: ReportRecord,
  session: { userId: string; tokenId: string },
  jwtSecret: string,
  now: Date,
): ReportView {
  if (overdue(report, now))
    return reportView({ ...report, status: 'error', message: REPORT_MESSAGES.failed }, null);
  return reportView(
    report,
    report.status === 'done' && session.userId === report.userId
      ? reportDownloadUrl(report, session, jwtSecret, now)
      : null,
  );
}

/**
 * Pushes the job as it now stands to its channel (only the owner may listen:
 * report-channel-access.ts). A push carries no download link (`url` null): the tasks that push
 * hold no signing secret; a done push tells the screen to read the job (GET /api/reports/{id}),
 * whose answer carries a fresh link for that session. A push is a courtesy: the stored job is the
 * truth a read returns, so a failed push is logged, not thrown.
 */
export async function postReport(deps: { db: Db }, report: ReportRecord): Promise<void> {
  await postToChannel(
    deps,
    reportChannel(report.job, report.key),
    { report: reportView(report, null) },
    { authorize: authorizeReportChannel },
  ).catch((error: unknown) => {
    console.warn('Report progress could not be posted', { error });
  });
}
