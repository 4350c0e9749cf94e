/**
 * Forgetting the lists' remembered pages when a session ends, apart from the lists themselves:
 * signing out is on every first load, the lists' cursor keeping (list-places.ts) is not.
 */
export const LIST_PLACES_KEY = 'listPlaces';

let generation = 0;

/** Moves on each time a session ends: list-places.ts drops what it held in memory. */
export const listPlacesGeneration = () => generation;

/** A session ended: the next user's lists start from nothing. */
export function forgetListPlaces(): void {
  generation++;
  try {
    window.sessionStorage.removeItem(LIST_PLACES_KEY);
  } catch {
    // nothing stored
  }
}
