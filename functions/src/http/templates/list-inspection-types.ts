import { templatesRoutes } from '@stormline/contract/areas/templates';
import { INSPECTION_TYPE_CODES, INSPECTION_TYPES } from '@stormline/domain/template-model';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = templatesRoutes.listInspectionTypes;

/** Spec 000 §3's inspection types, for the options of an 'Inspection Type' question. */
export function main(_request: RouteRequest<typeof route>) {
  return Promise.resolve({
    pageData: INSPECTION_TYPES.map((name) => ({ id: INSPECTION_TYPE_CODES[name], name })),
  });
}

export const handler = httpRoute(route, main);
