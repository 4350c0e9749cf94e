/**
 * Reads a select's choices to the end, page by page (the server's pages are cursors), up to
 * `maxPages`: a division holds a handful of templates, tens of inspectors and regulation groups.
 */
export async function loadAllPages<Row>(
  load: (
    cursor: string | undefined,
  ) => Promise<{ pageData: Row[]; paginationState: { nextCursor: string | null } }>,
  maxPages = 10,
): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const answer = await load(cursor);
    rows.push(...answer.pageData);
    if (!answer.paginationState.nextCursor) break;
    cursor = answer.paginationState.nextCursor;
  }
  return rows;
}
