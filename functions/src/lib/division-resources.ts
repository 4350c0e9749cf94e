import type { NamedResourceRow, UserResourceRow } from '@stormline/contract/areas/divisions';
import { batchGet } from '@stormline/data/batch-get';
import type {
  NamedKind,
  NamedResource,
  ResourceKind,
  UserResource,
} from '@stormline/data/divisions-resources';
import type { Db } from '@stormline/data/dynamo';
import { keys } from '@stormline/data/keys';
import type { PageOf } from '@stormline/data/paging';
import { can } from '@stormline/domain/permissions';
import type { ResourceLabel } from '@stormline/domain/permissions';
import { TEMPLATE_EDITOR_ROLES } from '@stormline/domain/roles';
import type { Caller } from './authenticate';
import { roleOfUser } from './user-admin';

/** The page each kind's detail link opens needs read on this resource (spec 001 §2). */
const PAGE_RESOURCE: Record<ResourceKind, ResourceLabel> = {
  users: 'Admin',
  clients: 'Client',
  regulations: 'Regulations',
  inspectionTemplates: 'Inspection Templates',
};

/**
 * Whether the caller may open the rows' pages: spec 001 §2 shows the detail link only to a member
 * of the division (its pages live under it), and the page itself needs read on its resource.
 */
export async function mayOpenRows(
  db: Db,
  caller: Caller,
  kind: ResourceKind,
  divisionId: string,
): Promise<boolean> {
  if (!can(caller.grants, 'read', PAGE_RESOURCE[kind])) return false;
  if (kind === 'inspectionTemplates' && !TEMPLATE_EDITOR_ROLES.includes(caller.role.name)) return false;
  const membership = await batchGet(db, [keys.membership(caller.user.id, divisionId)], false);
  return membership.length > 0;
}

export function namedRows(page: PageOf<NamedResource>, mayOpen: boolean): PageOf<NamedResourceRow> {
  return {
    ...page,
    items: page.items.map((r) => ({ ...r, canOpen: mayOpen && r.inDivision })),
  };
}

export function userRows(page: PageOf<UserResource>, mayOpen: boolean): PageOf<UserResourceRow> {
  return {
    ...page,
    items: page.items.map(({ user, inDivision }) => ({
      id: user.id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      roleName: roleOfUser(user).name,
      inDivision,
      canOpen: mayOpen && inDivision,
    })),
  };
}

export type { NamedKind };
