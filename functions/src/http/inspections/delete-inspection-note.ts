import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { changeLogStep } from '@stormline/data/changelog';
import { deleteInspectionNote, getInspectionNote } from '@stormline/data/inspection-notes';
import { ForbiddenError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, inspectionLabel, readInspection } from '../../lib/inspection-context';
import { mayEditNote } from '../../lib/note-view';
import { assertProjectWritable } from '../../lib/project-access';

const route = inspectionsRoutes.deleteInspectionNote;

/** Deletes a note: its author, or anyone with all on adminInspectionNotes; the log keeps its text. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const note = await getInspectionNote(deps.db, divisionId!, inspection.id, params.noteId);
  if (!mayEditNote(caller, note.authorId)) throw new ForbiddenError('Only the note’s author may delete it');
  await deleteInspectionNote(deps.db, divisionId!, note, [
    changeLogStep(
      deps.db,
      {
        divisionId: divisionId!,
        projectId: project.id,
        actor: actorOf(caller),
        entity: 'note',
        entityId: inspection.id,
        label: inspectionLabel(inspection),
        action: 'note deleted',
        changes: [{ field: 'note', from: note.content, to: null }],
      },
      deps.now(),
    ),
  ]);
  return { id: note.id };
}

export const handler = httpRoute(route, main);
