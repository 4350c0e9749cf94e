import type { DocumentOwner } from '@stormline/data/documents';
import type { ProjectRecord } from '@stormline/data/projects';
import { ForbiddenError, ValidationError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import {
  isProjectDocType,
  PROJECT_DOCUMENT_MESSAGES,
  SITE_MAP_DOC_TYPE_ID,
} from '@stormline/domain/project-rules';
import { projectUploadLimits, type UploadLimits } from '@stormline/domain/uploads';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { requireOwnerUpdate } from './document-owner';
import { assertProjectWritable, readVisibleProject } from './project-access';

export type ProjectOwner = Extract<DocumentOwner, { kind: 'project' }>;

/**
 * A project whose documents the caller may change (docs/decisions/0037): not the public account,
 * update Project (besides the route's own Uploads or Documents right), the project one the caller
 * sees in this division (404 otherwise, as for reading it), and not archived (409: read-only).
 */
export async function writableProject(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  projectId: string,
): Promise<ProjectRecord> {
  if (caller.role.isReadOnly) throw new ForbiddenError('The public view is read-only');
  if (!can(caller.grants, 'update', 'Project'))
    throw new ForbiddenError('Your role does not allow update on Project');
  const project = await readVisibleProject(deps, caller, divisionId, projectId);
  assertProjectWritable(project);
  return project;
}

/** The owner of one of the project's document types; a type the project does not keep is a 400. */
export function projectOwnerOf(project: ProjectRecord, docTypeId: string): ProjectOwner {
  if (!project.docTypes.includes(docTypeId) || !isProjectDocType(docTypeId))
    throw new ValidationError(PROJECT_DOCUMENT_MESSAGES.unknownDocType, [
      { path: 'project_doc_type_id', message: PROJECT_DOCUMENT_MESSAGES.unknownDocType },
    ]);
  return { kind: 'project', divisionId: project.divisionId, projectId: project.id, docTypeId };
}

export const isSiteMap = (owner: DocumentOwner): boolean =>
  owner.kind === 'project' && owner.docTypeId === SITE_MAP_DOC_TYPE_ID;

/** What a new or replacing file of this owner must meet (spec 001 §5, spec 002 §5). */
export function limitsFor(owner: DocumentOwner, replacing: boolean): UploadLimits {
  return projectUploadLimits(isSiteMap(owner), replacing);
}

/**
 * Renaming or replacing a document changes its owner's list: update on the owner's resource
 * (Regulations, Legend Item), and for a project's document the project rules of writableProject.
 */
export async function requireDocumentWritable(
  deps: Deps,
  caller: Caller,
  owner: DocumentOwner,
): Promise<void> {
  if (owner.kind !== 'project') return requireOwnerUpdate(caller, owner);
  await writableProject(deps, caller, owner.divisionId, owner.projectId);
}
