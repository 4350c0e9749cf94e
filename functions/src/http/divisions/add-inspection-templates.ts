import { divisionsRoutes } from '@stormline/contract/areas/divisions';
import { addTemplatesToDivision } from '@stormline/data/divisions-resources';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = divisionsRoutes.addInspectionTemplates;

/** Adds inspection templates of the company to the division: its projects may then use them. */
export async function main({ params, body, deps }: RouteRequest<typeof route>) {
  return { added: await addTemplatesToDivision(deps.db, params.id, body.inspectionTemplateIds) };
}

export const handler = httpRoute(route, main);
