import { mapRoutes } from '@stormline/contract/areas/map';
import { createMapNote, mapNoteView } from '@stormline/data/map-notes';
import { projectLiveCheck } from '@stormline/data/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf } from '../../lib/inspection-context';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';

const route = mapRoutes.createMapNote;

/** A map note of the project (spec 002 §5: title at most 100, content at most 500, both required). */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const note = await createMapNote(
    deps.db,
    { divisionId: divisionId!, projectId: project.id, createdBy: actorOf(caller).name },
    body,
    [projectLiveCheck(deps.db, project)],
    deps.now(),
  );
  return { status: 201, body: mapNoteView(note) };
}

export const handler = httpRoute(route, main);
