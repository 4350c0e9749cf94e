/**
 * The cursors of the pages a list has shown, so Previous and the page links go back without the
 * server remembering anything. Kept per list (its division, resource, search and sort) in this
 * tab's session storage, so a reload keeps them; a link opened elsewhere knows only its own page.
 */
import { MAX_PAGE } from './list-url';

const STORAGE_KEY = 'listPlaces';

type Cursors = Record<number, string>;
let places: Record<string, Cursors> | null = null;

function load(): Record<string, Cursors> {
  if (places) return places;
  try {
    places = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, Cursors>;
  } catch {
    places = {};
  }
  return places;
}

function save(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(places));
  } catch {
    // Kept in memory for this page only.
  }
}

/** The known cursor of each page after the first (page 1 needs none). */
export function knownCursors(list: string): Cursors {
  return load()[list] ?? {};
}

/** Remembers the cursors a list has just learnt (this page's, and the next page's). */
export function rememberCursors(list: string, cursors: Cursors): void {
  const all = load();
  const known = all[list] ?? {};
  const fresh = Object.entries(cursors).filter(
    ([page, cursor]) => Number(page) > 1 && Number(page) <= MAX_PAGE && known[Number(page)] !== cursor,
  );
  if (fresh.length === 0) return;
  all[list] = { ...known, ...Object.fromEntries(fresh) };
  save();
}

/** A session ended: the next user's lists start from nothing. */
export function forgetListPlaces(): void {
  places = {};
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
