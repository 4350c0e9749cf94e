import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { createGroup, groupView } from '@stormline/data/regulations';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = regulationsRoutes.createGroup;

export async function main({ body, divisionId, deps }: RouteRequest<typeof route>) {
  const group = await createGroup(deps.db, divisionId!, { name: body.name }, deps.now());
  return { status: 201, body: groupView(group) };
}

export const handler = httpRoute(route, main);
