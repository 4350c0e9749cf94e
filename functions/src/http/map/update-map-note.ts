import { mapRoutes } from '@stormline/contract/areas/map';
import { getMapNote, mapNoteView, updateMapNote } from '@stormline/data/map-notes';
import { projectLiveCheck } from '@stormline/data/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';

const route = mapRoutes.updateMapNote;

/** A map note's title and content, at the version read (409 when someone else saved it since). */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const note = await getMapNote(deps.db, divisionId!, project.id, params.noteId);
  assertProjectWritable(project);
  const after = await updateMapNote(
    deps.db,
    note,
    { title: body.title, content: body.content },
    body.version,
    [projectLiveCheck(deps.db, project)],
    deps.now(),
  );
  return mapNoteView(after);
}

export const handler = httpRoute(route, main);
