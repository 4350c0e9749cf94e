import { AREAS } from '@stormline/contract/route-table';
import { listDivisions } from '@stormline/data/divisions';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { paginate } from '../../lib/paginate';

const route = AREAS.divisions.listDivisions;

export async function main({ query, deps }: RouteRequest<typeof route>) {
  const search = query.s?.trim().toLowerCase();
  const divisions = await listDivisions(deps.db);
  const matching = search ? divisions.filter((d) => d.name.toLowerCase().includes(search)) : divisions;
  return paginate(matching, query.p);
}

export const handler = httpRoute(route, main);
