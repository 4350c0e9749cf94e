import { reportsRoutes } from '@stormline/contract/areas/reports';
import type { ReportView } from '@stormline/contract/reports';
import { callApi, apiUrl } from '../../../lib/api-client';

/** GET /api/reports/{reportId}: one of the caller's print jobs as stored, with a fresh link once done. */
export function getReport(divisionId: string, reportId: string, signal?: AbortSignal): Promise<ReportView> {
  return callApi(reportsRoutes.getReport, { divisionId, params: { reportId }, signal });
}

/**
 * The address a finished report's `url` names: the API's own path (GET /api/download/...), under
 * the configured API base like every call, or an absolute address as given (a presigned one).
 */
export function reportFileHref(url: string): string {
  return url.startsWith('/') ? apiUrl(url) : url;
}
