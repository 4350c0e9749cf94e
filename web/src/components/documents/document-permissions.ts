import type { Profile } from '@stormline/contract/areas/profile';
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
