import * as z from 'zod/mini';
import { plainMessage } from './messages';

/**
 * The schemas nearly every route uses: ids, versions, counts and the list shape. zod/mini: the
 * same validation as classic zod in a fifth of the bytes. Schemas only some areas use live in
 * modules of their own (person.ts, access.ts), so a Lambda builds no schema it never uses: each
 * one built at load is start-up time (docs/decisions/0007).
 */

// zod/mini ships no messages ("Invalid input" for everything): ours, for the failures a schema
// gives no message of its own, such as 'Unrecognized key: "roleId"'.
z.config({ customError: plainMessage });

/**
 * Record ids: letters, digits, '-' and '_' only. Ids become parts of keys ("USER#<id>") and URLs,
 * so a '#' or '/' smuggled into one could address another item.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const Id = z.string({ error: 'The id is required' }).check(z.regex(ID_PATTERN, 'The id is not valid'));

/** Records that can be edited carry a version; a write with a stale version answers 409. */
export const Version = z.number().check(z.int(), z.nonnegative());

export const Count = z.number().check(z.int(), z.nonnegative());

/**
 * A moment as the server writes it (`Date.toISOString()`, UTC). A plain pattern rather than
 * zod's iso.datetime(), whose regex is built at load, in every Lambda.
 */
export const IsoDateTime = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/, 'Expected a UTC ISO 8601 date-time'));

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
/** The longest list search the API takes; the SPA's search boxes stop there too. */
export const SEARCH_TEXT_MAX_LENGTH = 100;
export const SearchText = z
  .string()
  .check(z.trim(), z.maxLength(SEARCH_TEXT_MAX_LENGTH, 'The search is too long'));

/** A list call's query: the cursor of the page wanted (none for the first) and the search `s`. */
export const ListQuery = z.strictObject({
  cursor: z.optional(Cursor),
  s: z.optional(SearchText),
});
