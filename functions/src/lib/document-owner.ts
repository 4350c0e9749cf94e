import type { DocumentOwner } from '@stormline/data/documents';
import { ForbiddenError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import type { Caller } from './authenticate';

/** The resource whose update right changes a document of this owner (spec 001 §6, ADR 0015). */
export function ownerResource(owner: DocumentOwner): 'Regulations' | 'Legend Item' | 'Project' {
  return owner.kind === 'group' ? 'Regulations' : owner.kind === 'legend' ? 'Legend Item' : 'Project';
}

/**
 * Uploading, sorting, replacing, renaming or destroying a document changes its owner's list: the
 * caller needs update on the owner's resource too (update Regulations for a regulation group's
 * document, update Legend Item for a legend item's), not only update Documents. A project's
 * document has more rules (visibility, archived): project-documents.ts requireDocumentWritable.
 */
export function requireOwnerUpdate(caller: Caller, owner: Exclude<DocumentOwner, { kind: 'project' }>): void {
  const resource = ownerResource(owner);
  if (!can(caller.grants, 'update', resource))
    throw new ForbiddenError(`Your role does not allow update on ${resource}`);
}
