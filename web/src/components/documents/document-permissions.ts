import type { Profile } from '@stormline/contract/areas/profile';
import { mayDeleteProjectDocument } from '@stormline/domain/project-rules';
import { hasPermission } from '../../lib/page-access';
import type { DocumentPermissions } from './document-list';

type Session = Parameters<typeof hasPermission>[0] & Pick<Profile, 'isReadOnly'>;

/**
 * Spec 001 §6 as the server checks it (ADR 0015): uploading needs create Uploads and update on
 * the owner's resource, dragging update Documents and update on the owner's, renaming update
 * Documents and update on the owner's, replacing update Documents, update on the owner's and
 * create Uploads (a new file is sent), destroying delete Documents and update on the owner's. A read-only account changes
 * nothing.
 */
export function documentPermissions(
  profile: Session,
  owner: 'Regulations' | 'Legend Item',
): DocumentPermissions {
  const may = (action: Parameters<typeof hasPermission>[1], resource: Parameters<typeof hasPermission>[2]) =>
    !profile.isReadOnly && hasPermission(profile, action, resource);
  return {
    upload: may('create', 'Uploads') && may('update', owner),
    sort: may('update', 'Documents') && may('update', owner),
    rename: may('update', 'Documents') && may('update', owner),
    replace: may('update', 'Documents') && may('update', owner) && may('create', 'Uploads'),
    destroy: may('delete', 'Documents') && may('update', owner),
    download:
      hasPermission(profile, 'read', 'Regulations') ||
      (owner === 'Legend Item' && hasPermission(profile, 'read', 'Legend Item')),
    // Spec 002 §6: annotating needs all Annotations (docs/decisions/0039).
    annotate: may('all', 'Annotations'),
  };
}

/**
 * A project document type's list (docs/decisions/0037), as the server checks it: uploading needs
 * create Uploads and update Project, dragging and renaming update Documents and update Project,
 * replacing both and create Uploads, destroying delete Documents and update Project, and an
 * active site map is not destroyed by the roles spec 002 §6 lists. An archived project and the
 * public view change nothing; whoever sees the project downloads.
 */
export function projectDocumentPermissions(
  profile: Session & Pick<Profile, 'roleName'>,
  { docTypeId, readOnly }: { docTypeId: string; readOnly: boolean },
): DocumentPermissions {
  const may = (action: Parameters<typeof hasPermission>[1], resource: Parameters<typeof hasPermission>[2]) =>
    !readOnly && !profile.isReadOnly && hasPermission(profile, action, resource);
  const changes = may('update', 'Project');
  return {
    upload: changes && may('create', 'Uploads'),
    sort: changes && may('update', 'Documents'),
    rename: changes && may('update', 'Documents'),
    replace: changes && may('update', 'Documents') && may('create', 'Uploads'),
    destroy: changes && may('delete', 'Documents') && mayDeleteProjectDocument(profile.roleName, docTypeId),
    download: hasPermission(profile, 'read', 'Project'),
    // The viewer is a signed-in screen; the public view has no twin of it and downloads (0039).
    view: !profile.isReadOnly,
    // Spec 002 §6: all Annotations; an archived project's and the public view's stay as they are (0039).
    annotate: may('all', 'Annotations'),
  };
}
