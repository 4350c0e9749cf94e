import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { changeLogStep } from '@stormline/data/changelog';
import { getInspectionNote, updateInspectionNote } from '@stormline/data/inspection-notes';
import { ForbiddenError } from '@stormline/domain/errors';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, inspectionLabel, readInspection, userNames } from '../../lib/inspection-context';
import { inspectionNoteView, mayEditNote } from '../../lib/note-view';
import { assertProjectWritable } from '../../lib/project-access';

const route = inspectionsRoutes.updateInspectionNote;

/** Edits a note: its author, or anyone with all on adminInspectionNotes (spec 002 §6). */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const note = await getInspectionNote(deps.db, divisionId!, inspection.id, params.noteId);
  if (!mayEditNote(caller, note.authorId)) throw new ForbiddenError('Only the note’s author may change it');
  const now = deps.now();
  const updated = await updateInspectionNote(
    deps.db,
    divisionId!,
    note,
    body.note.content,
    [
      changeLogStep(
        deps.db,
        {
          divisionId: divisionId!,
          projectId: project.id,
          actor: actorOf(caller),
          entity: 'note',
          entityId: inspection.id,
          label: inspectionLabel(inspection),
          action: 'note edited',
          changes: [{ field: 'note', from: note.content, to: body.note.content }],
        },
        now,
      ),
    ],
    now,
  );
  const names = await userNames(deps, [note.authorId]);
  return inspectionNoteView(updated, names.get(note.authorId) ?? 'Former user', caller, project);
}

export const handler = httpRoute(route, main);
