import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { changeLogStep } from '@stormline/data/changelog';
import { createInspectionNote } from '@stormline/data/inspection-notes';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, inspectionLabel, readInspection } from '../../lib/inspection-context';
import { inspectionNoteView } from '../../lib/note-view';
import { assertProjectWritable } from '../../lib/project-access';

const route = inspectionsRoutes.createInspectionNote;

/**
 * Adds a note to an inspection (create Inspection Notes; 'Note text is required'). Notes are a
 * conversation about the inspection, not part of what is certified: they may be added while the
 * project is active, certified or not (0018).
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const actor = actorOf(caller);
  const now = deps.now();
  const note = await createInspectionNote(
    deps.db,
    divisionId!,
    { inspectionId: inspection.id, content: body.note.content, authorId: caller.user.id },
    [
      changeLogStep(
        deps.db,
        {
          divisionId: divisionId!,
          projectId: project.id,
          actor,
          entity: 'note',
          entityId: inspection.id,
          label: inspectionLabel(inspection),
          action: 'note added',
          changes: [{ field: 'note', from: null, to: body.note.content }],
        },
        now,
      ),
    ],
    now,
  );
  return { status: 201, body: inspectionNoteView(note, actor.name, caller, project) };
}

export const handler = httpRoute(route, main);
