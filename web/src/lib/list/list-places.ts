/**
 * The cursors of the pages a list has shown, so Previous and the page links go back without the
 * server remembering anything. Kept per list (its division, resource, search and sort) in this
 * tab's session storage, so a reload keeps them; a link opened elsewhere knows only its own page.
 */
import { MAX_PAGE } from './list-url';
import { LIST_PLACES_KEY as STORAGE_KEY, listPlacesGeneration } from './list-session';

export { forgetListPlaces } from './list-session';

type Cursors = Record<number, string>;
let places: Record<string, Cursors> | null = null;
let loadedGeneration = -1;

function load(): Record<string, Cursors> {
  if (places && loadedGeneration === listPlacesGeneration()) return places;
  loadedGeneration = listPlacesGeneration();
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
