import { AREAS } from '@stormline/contract/route-table';
import { getDivision } from '@stormline/data/divisions';
import { NotFoundError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = AREAS.divisions.getDivision;

export async function main({ params, deps }: RouteRequest<typeof route>) {
  const division = await getDivision(deps.db, params.id);
  if (!division) throw new NotFoundError('Division not found');
  return division;
}

export const handler = httpRoute(route, main);
