import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { removeTemplatesFromDivision } from '@stormline/data/divisions-resources';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.removeInspectionTemplates;

/**
 * Takes inspection templates out of the division: refused (409) while projects of the division
 * use one (docs/decisions/0016). A template is the company's: it is never deleted here.
 */
export async function main({ params, body, deps }: RouteRequest<typeof route>) {
  return {
    removed: await removeTemplatesFromDivision(deps.db, params.id, body.inspectionTemplateIds),
    deleted: [],
  };
}

export const handler = httpRoute(route, main);
