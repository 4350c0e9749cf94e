import { userReachesDocument, type DocumentRecord } from '@stormline/data/documents';
import { can } from '@stormline/domain/permissions';
import { LEGEND_DOCUMENT_READ_RESOURCES } from '@stormline/domain/legend-documents';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { readVisibleProject } from './project-access';

/**
 * A document, if the caller reaches its owner through one of their divisions and may read it: the
 * one rule behind its download (/dl/{GUID}) and its realtime channels (conversion status,
 * annotations). The public account reads a published project's documents only (0015).
 */
export async function readableDocument(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  divisionId: string | null,
  doc: DocumentRecord,
): Promise<DocumentRecord | null> {
  const { owner } = doc;
  if (caller.role.isReadOnly && owner.kind !== 'project') return null;
  const mayRead =
    owner.kind === 'group'
      ? can(caller.grants, 'read', 'Regulations')
      : owner.kind === 'legend'
        ? LEGEND_DOCUMENT_READ_RESOURCES.some((resource) => can(caller.grants, 'read', resource))
        : can(caller.grants, 'read', 'Project');
  if (!mayRead || !(await userReachesDocument(deps.db, doc, caller.user.id, divisionId))) return null;
  // A project's documents go only to those who see the project (its access rows; published for the public).
  if (owner.kind === 'project') {
    const visible = await readVisibleProject(deps, caller, owner.divisionId, owner.projectId).then(
      () => true,
      () => false,
    );
    if (!visible) return null;
  }
  return doc;
}
