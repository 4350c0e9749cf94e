import type { Route } from '@stormline/contract/route';
import type { PageOf } from '@stormline/data/paging';

/**
 * A data-layer page in the list shape of spec 001 §7: `{ pageData, paginationState }`. The
 * total is given only where the server keeps it as a counter (docs/decisions/0008), else null.
 */
export function pageOf<T>(route: Route & { pageSize: number }, page: PageOf<T>, numModels: number | null) {
  return {
    pageData: page.items,
    paginationState: { pageSize: route.pageSize, numModels, nextCursor: page.nextCursor },
  };
}
