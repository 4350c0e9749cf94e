import { reportsRoutes } from '@stormline/contract/areas/reports';
import { findReport } from '@stormline/data/reports';
import { NotFoundError } from '@stormline/domain/errors';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { callerOf } from '../../lib/authenticate';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import { assertMayStillRead } from '../../lib/reports/report-access';
import type { RouteRequest } from '../../lib/http-route';

const route = reportsRoutes.downloadReport;

/** How long the storage URL the browser is sent to works: just long enough to follow the redirect. */
const DOWNLOAD_URL_SECONDS = 60;

/**
 * A finished report's PDF (spec 001 §7-§8; docs/decisions/0042): the caller (a download link's
 * token for exactly this path, or the session) must be the job's owner and still a member of its
 * division, and the job done; the answer is a redirect to a presigned URL of the private bucket,
 * valid one minute, saved as '<title>.pdf'. Anything else is 404 'Report Not Found', so an id
 * tells a stranger nothing.
 */
export async function main({ params, caller, deps }: RouteRequest<typeof route>) {
  const notFound = new NotFoundError(REPORT_MESSAGES.notFound);
  const report = await findReport(deps.db, params.reportId);
  if (!report || report.userId !== caller.user.id || report.status !== 'done' || !report.fileKey)
    throw notFound;
  // Still a member of the job's division, still shown what it prints (a member removed, a project
  // unpublished or taken from a client user since printing reads nothing of it).
  const inDivision = await callerOf(deps, caller.token, report.divisionId);
  if (!inDivision.inRequestedDivision) throw notFound;
  await assertMayStillRead(deps, inDivision, report);
  const url = await fileStoreOf(deps).presignGet(report.fileKey, DOWNLOAD_URL_SECONDS, {
    fileName: `${report.title}.pdf`,
    contentType: 'application/pdf',
  });
  return { status: 302, body: { url }, headers: { location: url } };
}

export const handler = httpRoute(route, main);
