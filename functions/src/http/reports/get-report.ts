import { reportsRoutes } from '@stormline/contract/areas/reports';
import { getReport } from '@stormline/data/reports';
import { NotFoundError } from '@stormline/domain/errors';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertMayStillRead } from '../../lib/reports/report-access';
import { reportViewFor } from '../../lib/reports/report-job';

const route = reportsRoutes.getReport;

/**
 * A print job as it stands (docs/decisions/0042), read when its screen's channel turns live so it
 * never shows old news as current: its owner's only, in its division, while they may still view
 * what it prints (report-access.ts); anyone else 404.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const report = await getReport(deps.db, divisionId!, params.reportId);
  if (!report || report.userId !== caller.user.id) throw new NotFoundError(REPORT_MESSAGES.notFound);
  await assertMayStillRead(deps, caller, report);
  return reportViewFor(report, caller.token, deps.jwtSecret, deps.now());
}

export const handler = httpRoute(route, main);
