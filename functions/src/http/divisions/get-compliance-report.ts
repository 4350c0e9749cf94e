import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { reportDateIssues } from '@stormline/domain/compliance-report';
import { assertNoIssues } from '@stormline/domain/region';
import { complianceReport } from '../../lib/compliance-report';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.getComplianceReport;

/**
 * The compliance report (spec 001 §2, §3; docs/decisions/0021): a page of the division's active
 * projects the caller sees, by name, each with its figures over the dates asked. A role without
 * read on Dashboard is refused 403 by the guard, and the page shows spec 001 §8's message.
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  assertNoIssues(reportDateIssues(query, deps.now()));
  return complianceReport(deps, caller, divisionId!, {
    search: query.s,
    page: Number(query.p),
    rows: query.r,
    clientIds: query.client ? query.client.split(',') : [],
    minDate: query.minDate,
    maxDate: query.maxDate,
    findingType: query.findings,
  });
}

export const handler = httpRoute(route, main);
