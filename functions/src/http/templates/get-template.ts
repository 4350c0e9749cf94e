import { templatesRoutes } from '@stormline/contract/areas/templates';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readEditorView } from '../../lib/template-editor';

const route = templatesRoutes.getTemplate;

/**
 * /inspection-templates/{id}: a user template's draft with its state (current version, unpublished
 * changes, the spec's feature warnings), or a system template's current version, read-only.
 */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  return readEditorView(deps.db, divisionId!, params.id);
}

export const handler = httpRoute(route, main);
