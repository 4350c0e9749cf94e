import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { ACTIONS, RESOURCES } from '@stormline/domain/permissions';
import { ROLE_NAMES } from '@stormline/domain/roles';

/**
 * Shared field schemas, with the spec's limits and messages (spec 001 §5 and §9). zod/mini: the
 * same validation as classic zod in a fifth of the bytes, which every Lambda's cold start pays
 * for (docs/decisions/0007).
 */

// zod/mini ships no messages of its own ("Invalid input" for everything); English, and only it,
// for the failures a schema gives no message for: 'Unrecognized key: "roleId"' and the like.
z.config(en());

export const Email = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.maxLength(200, 'Email must be at most 200 characters'),
    ),
  z.email('Please enter a valid email address'),
);

export const PersonName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(100, `${label} must be at most 100 characters`),
    );

/**
 * Record ids: letters, digits, '-' and '_' only. Ids become parts of keys ("USER#<id>") and URLs,
 * so a '#' or '/' smuggled into one could address another item.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const Id = z.string({ error: 'The id is required' }).check(z.regex(ID_PATTERN, 'The id is not valid'));

/** Records that can be edited carry a version; a write with a stale version answers 409. */
export const Version = z.number().check(z.int(), z.nonnegative());

export const Count = z.number().check(z.int(), z.nonnegative());

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

export const Division = z.strictObject({
  id: Id,
  name: z.string(),
  createdAt: z.iso.datetime(),
  version: Version,
});

/**
 * The opaque position in a list that the server signed (docs/decisions/0008); base64url with a
 * dot between payload and signature.
 */
export const Cursor = z
  .string()
  .check(
    z.maxLength(2000, 'The cursor is not valid'),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'The cursor is not valid'),
  );

/**
 * The list shape spec 001 §7 names, `{ paginationState: { numModels, pageSize }, pageData }`,
 * paged by key: `nextCursor` asks for the next page; `numModels` is the total where the server
 * keeps it as a counter, else null.
 */
export function Page<T extends z.ZodMiniType>(item: T) {
  return z.strictObject({
    pageData: z.array(item),
    paginationState: z.strictObject({
      pageSize: z.number().check(z.int(), z.positive()),
      numModels: z.nullable(Count),
      nextCursor: z.nullable(z.string()),
    }),
  });
}

/** Search text as list calls send it (`s`): trimmed; an empty one lists everything. */
export const SearchText = z.string().check(z.trim(), z.maxLength(100, 'The search is too long'));

/** A list call's query: the cursor of the page wanted (none for the first) and the search `s`. */
export const ListQuery = z.strictObject({
  cursor: z.optional(Cursor),
  s: z.optional(SearchText),
});
