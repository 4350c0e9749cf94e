/**
 * A server list's place in the URL's search params, so Back, a reload and a shared link all show
 * the same page: `page` (1-based), `cursor` (the server's cursor for that page), `search` and
 * `sort` ('name' ascending, '-name' descending). Spec 001 links to lists by search, e.g.
 * /admin/?search={email}.
 */
export interface ListPlace {
  page: number;
  cursor: string | undefined;
  search: string;
  sort: ListSort | null;
}

export interface ListSort {
  id: string;
  desc: boolean;
}

export const LIST_PARAMS = { page: 'page', cursor: 'cursor', search: 'search', sort: 'sort' } as const;

/** More pages than anyone pages through by hand; a larger number in a URL is not a page. */
export const MAX_PAGE = 1000;

export function readListPlace(params: URLSearchParams): ListPlace {
  const page = Number(params.get(LIST_PARAMS.page));
  const cursor = params.get(LIST_PARAMS.cursor) || undefined;
  // A page without its cursor cannot be fetched: it is the first page.
  const onLaterPage = Number.isInteger(page) && page > 1 && page <= MAX_PAGE && cursor !== undefined;
  return {
    page: onLaterPage ? page : 1,
    cursor: onLaterPage ? cursor : undefined,
    search: params.get(LIST_PARAMS.search) ?? '',
    sort: readSort(params.get(LIST_PARAMS.sort)),
  };
}

function readSort(value: string | null): ListSort | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return id ? { id, desc } : null;
}

/**
 * The params after a change of place: the list's own params are rewritten, any other param of
 * the page (a tab, a filter) is kept. A new search or sort starts again at page 1.
 */
export function writeListPlace(params: URLSearchParams, change: Partial<ListPlace>): URLSearchParams {
  const next = new URLSearchParams(params);
  const current = readListPlace(params);
  const restart = ('search' in change && change.search !== current.search) || 'sort' in change;
  const place: ListPlace = { ...current, ...change, ...(restart ? { page: 1, cursor: undefined } : {}) };

  setOrDelete(next, LIST_PARAMS.page, place.page > 1 && place.cursor ? String(place.page) : null);
  setOrDelete(next, LIST_PARAMS.cursor, place.page > 1 ? (place.cursor ?? null) : null);
  setOrDelete(next, LIST_PARAMS.search, place.search.trim() || null);
  setOrDelete(next, LIST_PARAMS.sort, place.sort ? `${place.sort.desc ? '-' : ''}${place.sort.id}` : null);
  return next;
}

function setOrDelete(params: URLSearchParams, name: string, value: string | null): void {
  if (value === null) params.delete(name);
  else params.set(name, value);
}
