import { templatesRoutes } from '@stormline/contract/areas/templates';
import { deleteUserTemplate } from '@stormline/data/template-drafts';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = templatesRoutes.deleteTemplate;

/**
 * Deletes a user template: refused (409, naming the projects) while any project uses it; its
 * versions stay, so inspections created on it keep reading theirs (docs/decisions/0036).
 */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  await deleteUserTemplate(deps.db, divisionId!, params.id);
  return { message: 'Inspection template deleted' };
}

export const handler = httpRoute(route, main);
