import * as z from 'zod/mini';
import { ACTIONS, RESOURCES } from '@stormline/domain/permissions';
import { ROLE_NAMES } from '@stormline/domain/roles';
import { Id } from './schemas';

/** Roles, permissions and divisions as the profile and the roles list show them. */

export const PermissionEntry = z.strictObject({
  perm: z.enum(ACTIONS),
  pageId: z.enum(RESOURCES.map((r) => r.id) as [string, ...string[]]),
});

export const RoleSummary = z.strictObject({
  id: z.string(),
  name: z.enum(ROLE_NAMES),
  isAdmin: z.boolean(),
  permissions: z.array(PermissionEntry),
});

export const DivisionSummary = z.strictObject({ id: Id, name: z.string() });
