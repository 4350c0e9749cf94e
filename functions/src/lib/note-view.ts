import type { InspectionNoteRecord } from '@stormline/data/inspection-notes';
import { can } from '@stormline/domain/permissions';
import type { Caller } from './authenticate';

/** Spec 002 §6: a note is edited and deleted by its author, or by anyone with all on adminInspectionNotes. */
export function mayEditNote(caller: Caller, authorId: string): boolean {
  return caller.user.id === authorId || can(caller.grants, 'all', 'adminInspectionNotes');
}

export function inspectionNoteView(note: InspectionNoteRecord, authorName: string, caller: Caller) {
  return {
    id: note.id,
    commentable_id: note.inspectionId,
    content: note.content,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    author: { id: note.authorId, name: authorName },
    mayEdit: !caller.role.isReadOnly && mayEditNote(caller, note.authorId),
  };
}
