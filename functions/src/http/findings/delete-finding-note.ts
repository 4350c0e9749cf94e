import { findingsRoutes } from '@stormline/contract/areas/findings';
import { findingNoteDeleteStep, getFindingNote } from '@stormline/data/findings';
import { transact } from '@stormline/data/transact';
import { ForbiddenError } from '@stormline/domain/errors';
import { findingLogStep, readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf } from '../../lib/inspection-context';
import { mayEditNote } from '../../lib/note-view';
import { assertProjectWritable } from '../../lib/project-access';

const route = findingsRoutes.deleteFindingNote;

/** Deletes an observation: its author, or anyone with all on adminInspectionNotes; the log keeps its text. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const note = await getFindingNote(deps.db, divisionId!, params.id);
  const { finding, project } = await readFinding(deps, caller, divisionId!, note.findingId);
  assertProjectWritable(project);
  if (!mayEditNote(caller, note.authorId)) throw new ForbiddenError('Only the note’s author may delete it');
  await transact(deps.db, [
    findingNoteDeleteStep(deps.db, divisionId!, note),
    findingLogStep(deps, actorOf(caller), finding, 'note deleted', [
      { field: 'note', from: note.content, to: null },
    ]),
  ]);
  return { id: note.id };
}

export const handler = httpRoute(route, main);
