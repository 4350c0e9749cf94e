import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { deleteInspection, findingLinksOf } from '@stormline/data/inspections';
import { ConflictError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import {
  actorOf,
  assertInspectionWritable,
  inspectionLogStep,
  readInspection,
} from '../../lib/inspection-context';

const route = inspectionsRoutes.deleteInspection;

/**
 * Delete Inspection (delete Inspection): refused once it is read-only, and while findings raised
 * in it exist (they have numbers and histories of their own: delete them first, 0018). Its
 * answers, notes, signatures and carried-over links go with it; the change log keeps a line.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertInspectionWritable(inspection, project);
  const links = await findingLinksOf(deps.db, divisionId!, inspection.id);
  if (links.some((link) => !link.carriedOver))
    throw new ConflictError('Delete the findings raised in this inspection before deleting it.');
  await deleteInspection(deps.db, inspection, [
    inspectionLogStep(deps, actorOf(caller), inspection, 'deleted', []),
  ]);
  return { id: inspection.id };
}

export const handler = httpRoute(route, main);
