import type { DocumentOwner } from '@stormline/data/documents';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import type { Caller } from './authenticate';

/** The resource whose update right changes a document of this owner (spec 001 §6, ADR 0015). */
export function ownerResource(owner: DocumentOwner): 'Regulations' | 'Legend Item' | 'Project' {
  return owner.kind === 'group' ? 'Regulations' : owner.kind === 'legend' ? 'Legend Item' : 'Project';
}

/** Project documents are read-only until the site-map work brings their editing (0018). */
export const PROJECT_DOCUMENTS_READ_ONLY = 'Project documents cannot be changed yet';

/**
 * Uploading, sorting, replacing, renaming or destroying a document changes its owner's list: the
 * caller needs update on the owner's resource too (update Regulations for a regulation group's
 * document, update Legend Item for a legend item's), not only update Documents.
 */
export function requireOwnerUpdate(caller: Caller, owner: DocumentOwner): void {
  // Their writers (project visibility, the archived rule) come with the site-map editor; until
  // then no one renames, replaces or removes them through the generic document routes.
  if (owner.kind === 'project') throw new ForbiddenError(PROJECT_DOCUMENTS_READ_ONLY);
  const resource = ownerResource(owner);
  if (!can(caller.grants, 'update', resource))
    throw new ForbiddenError(`Your role does not allow update on ${resource}`);
}
