import { mapRoutes } from '@stormline/contract/areas/map';
import { isSourcePlaced } from '@stormline/data/map-features';
import { deleteMapNote, getMapNote } from '@stormline/data/map-notes';
import { projectLiveCheck } from '@stormline/data/projects';
import { ConflictError } from '@stormline/domain/errors';
import { MAP_MESSAGES } from '@stormline/domain/map-features';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';

const route = mapRoutes.deleteMapNote;

/**
 * Destroys a map note: refused (409) while it stands on a map now (remove it from the map first);
 * the earlier inspections' maps it stood on show it as deleted.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const note = await getMapNote(deps.db, divisionId!, project.id, params.noteId);
  assertProjectWritable(project);
  if (await isSourcePlaced(deps.db, divisionId!, note.id)) throw new ConflictError(MAP_MESSAGES.standsOnMap);
  await deleteMapNote(deps.db, note, query.version === undefined ? null : Number(query.version), [
    projectLiveCheck(deps.db, project),
  ]);
  return { id: note.id };
}

export const handler = httpRoute(route, main);
