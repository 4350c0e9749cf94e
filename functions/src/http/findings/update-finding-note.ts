import { findingsRoutes } from '@stormline/contract/areas/findings';
import { findingNoteUpdateStep, getFindingNote } from '@stormline/data/findings';
import { transact } from '@stormline/data/transact';
import { ForbiddenError } from '@stormline/domain/errors';
import { findingLogStep, observationView, readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, userNames } from '../../lib/inspection-context';
import { mayEditNote } from '../../lib/note-view';
import { assertProjectWritable } from '../../lib/project-access';

const route = findingsRoutes.updateFindingNote;

/** Edits an observation: its author, or anyone with all on adminInspectionNotes (spec 002 §6). */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const note = await getFindingNote(deps.db, divisionId!, params.id);
  const { finding, project } = await readFinding(deps, caller, divisionId!, note.findingId);
  assertProjectWritable(project);
  if (!mayEditNote(caller, note.authorId)) throw new ForbiddenError('Only the note’s author may change it');
  const now = deps.now();
  await transact(deps.db, [
    findingNoteUpdateStep(deps.db, divisionId!, note, body.content, now),
    findingLogStep({ db: deps.db, now: () => now }, actorOf(caller), finding, 'note edited', [
      { field: 'note', from: note.content, to: body.content },
    ]),
  ]);
  const names = await userNames(deps, [note.authorId]);
  return observationView(
    { ...note, content: body.content, updatedAt: now.toISOString(), version: note.version + 1 },
    names.get(note.authorId) ?? 'Former user',
    caller,
    project,
  );
}

export const handler = httpRoute(route, main);
