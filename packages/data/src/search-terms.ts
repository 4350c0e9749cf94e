import type { Db } from './dynamo';
import { deleteStep, putStep } from './transact';
import type { TransactionStep } from './transact';

/**
 * Search without a Scan (docs/decisions/0008): a searchable record keeps one small row per
 * search term in its list's search partition, sort key `<term>#<list order>`, so "starts with"
 * is one Query. Terms are the lower-cased values from each of their words on: 'Acme Area 00' is
 * found by 'acme', 'acme ar', 'area 0' and '00'.
 */

const MAX_TERM_LENGTH = 100;

/** The text a term or a query is compared as: lower case, single spaces, no key separator. */
export function normalizeSearch(text: string): string {
  return text.toLowerCase().replace(/#/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_TERM_LENGTH);
}

/** What a record is found by, and where it sorts among the results of one term (its list order). */
export interface SearchEntry {
  terms: string[];
  order: string;
}

/** The text a search asks for, or null when nothing searchable is left ('#', spaces). */
export function searchQuery(text: string | undefined): string | null {
  return normalizeSearch(text ?? '') || null;
}

/**
 * Each value from each of its words to its end: every place a search may start matching. A term
 * that begins another term is left out, since every search it matches matches the longer one.
 */
export function searchTerms(...values: (string | null | undefined)[]): string[] {
  const terms = new Set<string>();
  for (const value of values) {
    const words = normalizeSearch(value ?? '')
      .split(' ')
      .filter(Boolean);
    words.forEach((_, i) => terms.add(words.slice(i).join(' ')));
  }
  const all = [...terms];
  return all
    .filter((term) => !all.some((other) => other !== term && other.startsWith(term)))
    .sort(byKeyOrder);
}

/**
 * The order DynamoDB reads the rows in: by the UTF-8 bytes of the sort key `<term>#...`, where
 * ' ' (0x20) comes before '#' (0x23), so 'zeta block#' is read before 'zeta#'.
 */
function byKeyOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(`${a}#`), Buffer.from(`${b}#`));
}

export const searchPartition = (listPartition: string) => `${listPartition}#SEARCH`;

/** `<term>#<order>`: the rows of one term come out in the list's own order (by name). */
function termKey(listPartition: string, term: string, order: string) {
  return { pk: searchPartition(listPartition), sk: `${term}#${order}` };
}

/**
 * The writes that take a record's term rows from `before` to `after` (either may be null): rows
 * whose key changed are deleted and written anew; rows that stay as they were are left alone.
 */
export function termRowSteps(
  db: Db,
  listPartition: string,
  recordId: string,
  before: SearchEntry | null,
  after: SearchEntry | null,
): TransactionStep[] {
  const keyOf = (entry: SearchEntry, term: string) => termKey(listPartition, term, entry.order).sk;
  const had = new Set(before ? before.terms.map((t) => keyOf(before, t)) : []);
  const has = new Set(after ? after.terms.map((t) => keyOf(after, t)) : []);
  return [
    ...(before?.terms ?? [])
      .filter((t) => !has.has(keyOf(before!, t)))
      .map((t) => deleteStep(db, termKey(listPartition, t, before!.order))),
    ...(after?.terms ?? [])
      .filter((t) => !had.has(keyOf(after!, t)))
      .map((term) =>
        putStep(db, { ...termKey(listPartition, term, after!.order), type: 'SearchTerm', recordId, term }),
      ),
  ];
}

/**
 * A record that matches through several of its terms is shown once, at its first matching term
 * in sort order: the page reads the records anyway, so it knows each one's current terms and
 * skips a later row of the same record wherever the page boundaries fall, with nothing
 * remembered. A row whose term the record no longer has (a copy a rename has not reached yet)
 * is skipped the same way.
 */
export function isFirstMatch(
  row: Record<string, unknown>,
  recordTerms: readonly string[],
  query: string,
): boolean {
  return recordTerms.filter((t) => t.startsWith(query)).sort()[0] === row.term;
}
