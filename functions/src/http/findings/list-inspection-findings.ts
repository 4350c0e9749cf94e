import { findingsRoutes } from '@stormline/contract/areas/findings';
import { listInspectionFindings } from '@stormline/data/findings';
import { controlMeasureNames, findingView } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readInspection } from '../../lib/inspection-context';

const route = findingsRoutes.listInspectionFindings;

/** The findings list of an inspection (spec 002 §2): by number, filtered by type and completion. */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection } = await readInspection(deps, caller, divisionId!, params.id);
  const page = await listInspectionFindings(deps.db, divisionId!, inspection.id, {
    pageSize: route.pageSize,
    cursor: query.cursor,
    typeCode: query.type,
    excludeCompleted: query.excludeCompleted === 'true',
  });
  const names = await controlMeasureNames(deps, divisionId!, page.items);
  return {
    pageData: page.items.map((f) => findingView(f, names, inspection.id)),
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: page.nextCursor },
  };
}

export const handler = httpRoute(route, main);
