import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { inspectionDetail, readInspection } from '../../lib/inspection-context';

const route = inspectionsRoutes.getInspection;

/** One inspection with its project and client (the detail's header, the public view's too). */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  return inspectionDetail(deps, caller, inspection, project);
}

export const handler = httpRoute(route, main);
