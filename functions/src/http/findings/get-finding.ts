import { findingsRoutes } from '@stormline/contract/areas/findings';
import { NotFoundError } from '@stormline/domain/errors';
import { findingDetail } from '../../lib/finding-detail';
import { readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readInspection } from '../../lib/inspection-context';

const route = findingsRoutes.getFinding;

/**
 * The finding detail; `inspectionId` names the inspection whose Previous and Next to follow,
 * which must be of the finding's own project.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { finding, project } = await readFinding(deps, caller, divisionId!, params.id);
  if (query.inspectionId) {
    const { inspection } = await readInspection(deps, caller, divisionId!, query.inspectionId);
    if (inspection.projectId !== finding.projectId)
      throw new NotFoundError('Finding not found in this inspection');
  }
  return findingDetail(deps, caller, finding, project, query.inspectionId);
}

export const handler = httpRoute(route, main);
