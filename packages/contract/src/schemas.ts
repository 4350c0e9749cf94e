import * as z from 'zod';
import { ACTIONS, RESOURCES } from '@stormline/domain/permissions';
import { ROLE_NAMES } from '@stormline/domain/roles';

/** Shared field schemas, with the spec's limits and messages (spec 001 §5 and §9). */

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(200, 'Email must be at most 200 characters')
  .pipe(z.email('Please enter a valid email address'));

export const PersonName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const Id = z.string().min(1).max(100);

/** Records that can be edited carry a version; a write with a stale version answers 409. */
export const Version = z.number().int().nonnegative();

export const PermissionEntry = z.object({
  perm: z.enum(ACTIONS),
  pageId: z.enum(RESOURCES.map((r) => r.id) as [string, ...string[]]),
});

export const RoleSummary = z.object({
  id: z.string(),
  name: z.enum(ROLE_NAMES),
  isAdmin: z.boolean(),
  permissions: z.array(PermissionEntry),
});

export const DivisionSummary = z.object({ id: Id, name: z.string() });

export const Division = z.object({
  id: Id,
  name: z.string(),
  createdAt: z.iso.datetime(),
  version: Version,
});

/** The list shape spec 001 §7 names: `{ paginationState: { numModels, pageSize }, pageData }`. */
export function Page<T extends z.ZodType>(item: T) {
  return z.object({
    pageData: z.array(item),
    paginationState: z.object({
      numModels: z.number().int().nonnegative(),
      pageSize: z.number().int().positive(),
      page: z.number().int().positive(),
    }),
  });
}

/** Page number `p` and search `s`, as the spec's list calls send them. */
export const ListQuery = z.strictObject({
  p: z.coerce.number().int().min(1).max(100000).default(1),
  s: z.string().max(200).optional(),
});
