/** The server page size of list calls (spec 001 §9: "Pagination uses the server page size"). */
export const PAGE_SIZE = 25;

/** One page of an already bounded list, in the `{ pageData, paginationState }` shape of spec 001 §7. */
export function paginate<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE) {
  return {
    pageData: items.slice((page - 1) * pageSize, page * pageSize),
    paginationState: { numModels: items.length, pageSize, page },
  };
}
