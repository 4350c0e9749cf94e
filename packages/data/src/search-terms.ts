import type { Db } from './dynamo';
import { deleteStep, putStep } from './transact';
import type { TransactionStep } from './transact';

/**
 * Search without a Scan (docs/decisions/0008): a searchable record keeps one small row per
 * search term in its list's search partition, sort key `<term>#<id>`, so "starts with" is one
 * Query. Terms are the lower-cased whole values and each of their words: 'Acme Construction' is
 * found by 'acme', 'constr' and 'acme con'.
 */

const MAX_TERM_LENGTH = 100;

/** The text a term or a query is compared as: lower case, single spaces, no key separator. */
export function normalizeSearch(text: string): string {
  return text.toLowerCase().replace(/#/g, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_TERM_LENGTH);
}

export function searchTerms(...values: (string | null | undefined)[]): string[] {
  const terms = new Set<string>();
  for (const value of values) {
    const whole = normalizeSearch(value ?? '');
    if (!whole) continue;
    terms.add(whole);
    for (const word of whole.split(' ')) terms.add(word);
  }
  return [...terms].sort();
}

export const searchPartition = (listPartition: string) => `${listPartition}#SEARCH`;

function termKey(listPartition: string, term: string, recordId: string) {
  return { pk: searchPartition(listPartition), sk: `${term}#${recordId}` };
}

/**
 * The writes that take a record's term rows from `before` to `after` (either may be empty): new
 * terms are added and gone ones deleted; rows of terms that stay are left alone.
 */
export function termRowSteps(
  db: Db,
  listPartition: string,
  recordId: string,
  before: readonly string[],
  after: readonly string[],
): TransactionStep[] {
  const had = new Set(before);
  const has = new Set(after);
  return [
    ...before.filter((t) => !has.has(t)).map((t) => deleteStep(db, termKey(listPartition, t, recordId))),
    ...after
      .filter((t) => !had.has(t))
      .map((t) => putStep(db, { ...termKey(listPartition, t, recordId), type: 'SearchTerm', recordId })),
  ];
}

/** The term a search row stands for. */
export function rowTerm(row: Record<string, unknown>): string {
  return String(row.sk).slice(0, -(String(row.recordId).length + 1));
}

/**
 * A record that matches through several of its terms is shown once, at its first matching term
 * in sort order: the page reads the records anyway, so it knows each one's terms and skips a
 * later row of the same record wherever the page boundaries fall, with nothing remembered.
 */
export function isFirstMatch(term: string, recordTerms: readonly string[], query: string): boolean {
  return recordTerms.filter((t) => t.startsWith(query)).sort()[0] === term;
}
