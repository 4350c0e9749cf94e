import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { useDebouncedValue } from '@mantine/hooks';
import { ApiError } from '../api-client';
import { cacheKey } from '../cache-keys';
import { knownCursors, rememberCursors } from './list-places';
import { MAX_PAGE, readListPlace, writeListPlace, type ListSort } from './list-url';

/** Spec 001 §9: the list search asks the server 120 ms after the last keystroke. */
export const LIST_SEARCH_DELAY_MS = 120;

/** The route pattern's page: `Page(item)` in packages/contract/src/schemas.ts. */
export interface ServerPage<Row> {
  pageData: Row[];
  paginationState: { pageSize: number; numModels: number | null; nextCursor: string | null };
}

export interface ListRequest {
  cursor?: string;
  s?: string;
  sort?: ListSort;
}

export type ListStatus = 'loading' | 'ready' | 'error' | 'forbidden';

export interface ServerList<Row> {
  status: ListStatus;
  /** The rows of the page in the URL; while another page loads, the last ones (`refreshing`). */
  rows: Row[] | undefined;
  refreshing: boolean;
  error: unknown;
  reload: () => void;
  /** All rows that match, when the server counts them. */
  total: number | null;
  pageSize: number | null;
  page: number;
  pageCount: number | null;
  /** The pages a link can open: the server pages by cursor, so only the ones whose cursor is known. */
  reachablePages: number[];
  /** Where Previous and Next go; null when there is no such page (yet: Next waits for the answer). */
  previousPage: number | null;
  nextPage: number | null;
  goToPage: (page: number) => void;
  /** What is typed in the search box; the server is asked LIST_SEARCH_DELAY_MS later. */
  searchText: string;
  setSearchText: (text: string) => void;
  search: string;
  sort: ListSort | null;
  setSort: (sort: ListSort | null) => void;
}

/**
 * One server list: page, search and sort live in the URL (Back and links restore them), the
 * answer is cached under [division, resource, place], and the status says what the table shows.
 * Every list screen uses it with its own loader:
 *
 *   const list = useServerList({ resource: 'divisions/list', divisionId: null, load: getDivisions });
 */
export function useServerList<Row>({
  resource,
  divisionId,
  load,
}: {
  resource: string;
  divisionId: string | null;
  load: (request: ListRequest) => Promise<ServerPage<Row>>;
}): ServerList<Row> {
  const [params, setParams] = useSearchParams();
  const place = readListPlace(params);
  const listId = JSON.stringify([divisionId, resource, place.search, place.sort]);

  const request: ListRequest = {
    ...(place.cursor ? { cursor: place.cursor } : {}),
    ...(place.search ? { s: place.search } : {}),
    ...(place.sort ? { sort: place.sort } : {}),
  };
  const query = useSWR(cacheKey(divisionId, resource, request), () => load(request), {
    keepPreviousData: true,
  });
  // Typing on replaces the history entry the last keystrokes wrote; a search begun from a settled
  // page (a first visit, after paging or Back) adds one, so Back returns to that page.
  const lastSearchUrl = useRef<string | null>(null);
  const search = useListSearch(place.search, (text) => {
    const next = writeListPlace(params, { search: text });
    const replace = params.toString() === lastSearchUrl.current;
    lastSearchUrl.current = next.toString();
    setParams(next, { replace });
  });

  // The answer for the page in the URL (not the last page's, kept on show while this one loads).
  const shown = query.data && !query.isLoading && !query.error ? query.data : undefined;
  const state = (shown ?? query.data)?.paginationState;
  const nextCursor = shown?.paginationState.nextCursor ?? null;
  const cursors: Record<number, string> = {
    ...knownCursors(listId),
    ...cursorsLearnt(place.page, place.cursor, nextCursor),
  };
  useEffect(
    () => rememberCursors(listId, cursorsLearnt(place.page, place.cursor, nextCursor)),
    [listId, place.page, place.cursor, nextCursor],
  );

  const pageCount =
    state && state.numModels !== null ? Math.max(1, Math.ceil(state.numModels / state.pageSize)) : null;
  // A page number past the last page (an edited or stale link) is not a page: back to the first.
  const shownPageCount = shown
    ? Math.max(1, Math.ceil((shown.paginationState.numModels ?? 0) / shown.paginationState.pageSize))
    : null;
  const pastLastPage =
    shownPageCount !== null && shown?.paginationState.numModels !== null && place.page > shownPageCount;
  useEffect(() => {
    if (pastLastPage)
      setParams((current) => writeListPlace(current, { page: 1, cursor: undefined }), { replace: true });
  }, [pastLastPage, setParams]);
  const reachable = (page: number) =>
    page === 1 || (cursors[page] !== undefined && page <= (pageCount ?? MAX_PAGE));
  const goToPage = (page: number) => {
    if (!reachable(page)) return;
    setParams((current) => writeListPlace(current, { page, cursor: cursors[page] }));
  };

  return {
    status: statusOf(query.error, query.data),
    rows: query.error ? undefined : query.data?.pageData,
    refreshing: query.isLoading && query.data !== undefined,
    error: query.error,
    reload: () => void query.mutate(),
    total: state?.numModels ?? null,
    pageSize: state?.pageSize ?? null,
    page: place.page,
    pageCount,
    reachablePages: [1, ...Object.keys(cursors).map(Number)]
      .filter((page, index, all) => reachable(page) && all.indexOf(page) === index)
      .sort((a, b) => a - b),
    // Without the cursor of the page before (a link opened in a new tab), Previous goes to the first.
    previousPage: place.page === 1 ? null : reachable(place.page - 1) ? place.page - 1 : 1,
    nextPage: nextCursor ? place.page + 1 : null,
    goToPage,
    searchText: search.text,
    setSearchText: search.setText,
    search: place.search,
    sort: place.sort,
    setSort: (sort) => setParams((current) => writeListPlace(current, { sort })),
  };
}

/** What the page on show tells of cursors: its own, and the next page's once it has answered. */
function cursorsLearnt(page: number, cursor: string | undefined, nextCursor: string | null) {
  return {
    ...(cursor ? { [page]: cursor } : {}),
    ...(nextCursor ? { [page + 1]: nextCursor } : {}),
  };
}

function statusOf(error: unknown, data: unknown): ListStatus {
  if (error instanceof ApiError && error.status === 403) return 'forbidden';
  if (error) return 'error';
  return data === undefined ? 'loading' : 'ready';
}

/**
 * The search box's text, debounced into the URL. The URL wins when it changes from outside
 * (Back, a link), so the box always shows what the list is searching for.
 */
function useListSearch(inUrl: string, write: (text: string) => void) {
  const [text, setText] = useState(inUrl);
  const [debounced] = useDebouncedValue(text.trim(), LIST_SEARCH_DELAY_MS);
  const written = useRef(inUrl);

  useEffect(() => {
    if (inUrl === written.current) return;
    written.current = inUrl;
    setText(inUrl);
  }, [inUrl]);

  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    write(debounced);
    // `write` is a new function each render; the debounced text is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return { text, setText };
}
