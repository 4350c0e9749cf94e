import type { InspectionNoteRecord } from '@stormline/data/inspection-notes';
import type { ProjectRecord } from '@stormline/data/projects';
import { can } from '@stormline/domain/permissions';
import type { Caller } from './authenticate';

/** Spec 002 §6: a note is edited and deleted by its author, or by anyone with all on adminInspectionNotes. */
export function mayEditNote(caller: Caller, authorId: string): boolean {
  return caller.user.id === authorId || can(caller.grants, 'all', 'adminInspectionNotes');
}

/**
 * Whether the caller may change a note or an observation as it is shown: never through a
 * read-only account, nor under an archived project (spec 002 §4), which refuses the write anyway.
 */
export function mayChangeNote(
  caller: Caller,
  authorId: string,
  project: Pick<ProjectRecord, 'archivedAt'>,
): boolean {
  return !caller.role.isReadOnly && !project.archivedAt && mayEditNote(caller, authorId);
}

export function inspectionNoteView(
  note: InspectionNoteRecord,
  authorName: string,
  caller: Caller,
  project: Pick<ProjectRecord, 'archivedAt'>,
) {
  return {
    id: note.id,
    commentable_id: note.inspectionId,
    content: note.content,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    author: { id: note.authorId, name: authorName },
    mayEdit: mayChangeNote(caller, note.authorId, project),
  };
}
