import useSWR from 'swr';
import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { complianceQueryOf, type ReportQuery } from '../report-query';

export type ComplianceReport = ApiResponse<typeof divisionsRoutes.getComplianceReport>;
export type ReportRow = ComplianceReport['pageData'][number];

/**
 * GET /api/divisions/{id}/compliance (spec 001 §7; docs/decisions/0021): one page of report rows
 * for the filters in the URL. The last page stays on show while the next one loads.
 */
export function useComplianceReport(divisionId: string, query: ReportQuery) {
  const request = complianceQueryOf(query);
  return useSWR(
    cacheKey(divisionId, 'reports/compliance', request),
    () =>
      callApi(divisionsRoutes.getComplianceReport, {
        divisionId,
        params: { id: divisionId },
        query: request,
      }),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
