import { publicRoutes } from '@stormline/contract/areas/public';
import { getClientInDivision } from '@stormline/data/clients';
import { NotFoundError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readInspection } from '../../lib/inspection-context';

const route = publicRoutes.getPublicInspectionHeader;

/** The public inspection view's header: the inspection of a published project, by its project's id. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.inspectionId);
  if (project.id !== params.id) throw new NotFoundError('Inspection not found');
  const client = await getClientInDivision(deps.db, divisionId!, project.client_id);
  return {
    id: inspection.id,
    number: inspection.number,
    title: inspection.templateName,
    projectId: project.id,
    projectName: project.name,
    clientName: client.name,
  };
}

export const handler = httpRoute(route, main);
