import { findingsRoutes } from '@stormline/contract/areas/findings';
import { affectedInspections, assertMayReopen } from '../../lib/finding-reopen';
import { readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = findingsRoutes.getFindingReopenImpact;

/** Edit Finding's confirmation: the inspections whose compliance signatures would be removed. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { finding } = await readFinding(deps, caller, divisionId!, params.id);
  assertMayReopen(caller, finding);
  const affected = await affectedInspections(deps, finding);
  return {
    affectedInspections: affected.map((i) => ({ id: i.id, number: i.number, created_date: i.created_date })),
  };
}

export const handler = httpRoute(route, main);
