import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { findingTypesUsed } from '../../lib/finding-types-used';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.listFindingTypes;

/** The compliance report's Finding Type filter: the types of the division's inspection templates, by code. */
export async function main({ divisionId, deps }: RouteRequest<typeof route>) {
  return findingTypesUsed(deps, divisionId!);
}

export const handler = httpRoute(route, main);
