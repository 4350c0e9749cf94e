import { applyAnnotationChange, listAnnotations, readAnnotationStates } from '@stormline/data/annotations';
import { documentKeys, findDocumentById, type DocumentRecord } from '@stormline/data/documents';
import { annotationElement, MAX_TITLE, xfdfCommand, xfdfDocument } from '@stormline/contract/xfdf';
import { parseXfdfCommand } from '@stormline/contract/xfdf-read';
import { ConflictError, ForbiddenError, NotFoundError, type AppError } from '@stormline/domain/errors';
import { INSPECTION_MESSAGES } from '@stormline/domain/inspection-rules';
import { can } from '@stormline/domain/permissions';
import type { UserRecord } from '@stormline/data/users';
import type { Caller } from './authenticate';
import { readableDocument } from './document-access';
import type { Deps } from './deps';
import { readVisibleProject } from './project-access';

/**
 * PDF annotations of a document (docs/decisions/0039): whoever may read a document reads its
 * annotations; annotating needs all Annotations (spec 002 §6), not the public view, and a writable
 * owner (not an archived project). The GET route and the socket's 'xfdf' action share these.
 */

const notFound = () => new NotFoundError('Document not found');

/**
 * The document an annotation call names by id (the spec's uploadId), if the caller may read it;
 * with `projectId`, it must be a document of that project. Anything else is 404, as /dl's is.
 */
export async function readableDocumentById(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  uploadId: string,
  projectId?: string | null,
): Promise<DocumentRecord> {
  const doc = await findDocumentById(deps.db, divisionId, uploadId);
  if (!doc || !(await readableDocument(deps, caller, divisionId, doc))) throw notFound();
  if (projectId && (doc.owner.kind !== 'project' || doc.owner.projectId !== projectId)) throw notFound();
  return doc;
}

/** Why the caller may not annotate this (readable) document, or null when they may. */
export async function annotateRefusal(
  deps: Deps,
  caller: Caller,
  doc: DocumentRecord,
): Promise<AppError | null> {
  if (caller.role.isReadOnly) return new ForbiddenError('The public view is read-only');
  if (!can(caller.grants, 'all', 'Annotations'))
    return new ForbiddenError('Your role does not allow all on Annotations');
  if (doc.owner.kind === 'project') {
    const project = await readVisibleProject(deps, caller, doc.owner.divisionId, doc.owner.projectId);
    if (project.archivedAt) return new ConflictError(INSPECTION_MESSAGES.archived);
  }
  return null;
}

/** A document's stored annotations as one XFDF file. */
export async function documentXfdf(deps: Deps, doc: DocumentRecord): Promise<string> {
  const stored = await listAnnotations(deps.db, documentKeys.ownerPartition(doc.owner), doc.id);
  return xfdfDocument(stored.map((a) => a.element));
}

/** The author's name an annotation is stamped with: the user's name, else their email. */
export function authorName(user: UserRecord): string {
  return (`${user.first_name} ${user.last_name}`.trim() || user.email).slice(0, MAX_TITLE);
}

/**
 * Stores an annotation command (already checked: the caller may annotate the document): the XFDF
 * is parsed and refused whole if anything in it is unknown ('Unknown annotation action'), the
 * annotations without a title are left out (spec 001 §5), and the rest are stored as the
 * canonical elements. The title is the server's, not the sender's: a new annotation is stamped
 * with the caller's name, a changed one keeps its stored author (updatedBy records who changed
 * it). Answers the command as stored, for the other viewers, or null when it changed nothing.
 */
export async function saveAnnotationCommand(
  deps: Deps,
  caller: Caller,
  doc: DocumentRecord,
  xfdfValue: string,
): Promise<string | null> {
  const command = parseXfdfCommand(xfdfValue);
  const partition = documentKeys.ownerPartition(doc.owner);
  const sent = [...command.add, ...command.modify].filter((a) => a.title !== '');
  const states = await readAnnotationStates(deps.db, partition, doc.id, [
    ...sent.map((a) => a.name),
    ...command.delete,
  ]);
  const author = authorName(caller.user);
  const titled = sent.map((a) => ({ ...a, title: states.get(a.name)?.title || author }));
  const applied = await applyAnnotationChange(
    deps.db,
    partition,
    doc.id,
    {
      put: titled.map((a) => ({ name: a.name, element: annotationElement(a), page: a.page, title: a.title })),
      remove: command.delete,
    },
    { userId: caller.user.id, now: deps.now() },
    [
      {
        write: {
          ConditionCheck: {
            TableName: deps.db.tableName,
            Key: documentKeys.row(doc.owner, doc.id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        onConditionFailed: notFound,
      },
    ],
    states,
  );
  if (applied.put.length === 0 && applied.removed.length === 0) return null;
  return xfdfCommand({
    add: applied.put.filter((p) => p.added).map((p) => p.element),
    modify: applied.put.filter((p) => !p.added).map((p) => p.element),
    delete: applied.removed,
  });
}
