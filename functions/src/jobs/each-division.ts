import { listDivisions } from '@stormline/data/divisions';
import type { Db } from '@stormline/data/dynamo';
import { listProjects } from '@stormline/data/projects';
import type { ProjectWithCounts } from '@stormline/data/projects';

const PAGE = 100;

/**
 * A scheduled job's whole run: `perDivision` for every division, one after another (Queries
 * only); answers how many divisions it saw and the sum of what each recorded.
 */
export async function overEveryDivision(
  db: Db,
  perDivision: (divisionId: string) => Promise<number>,
): Promise<{ divisions: number; recorded: number }> {
  let divisions = 0;
  let recorded = 0;
  let cursor: string | undefined;
  do {
    const page = await listDivisions(db, { pageSize: PAGE, cursor });
    for (const division of page.items) {
      recorded += await perDivision(division.id);
      divisions++;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { divisions, recorded };
}

/**
 * `perPage` for each page of one division's active projects (byParent, 100 a page; Queries only),
 * one page after another; answers the sum of what each page recorded.
 */
export async function overActiveProjects(
  db: Db,
  divisionId: string,
  perPage: (projects: readonly ProjectWithCounts[]) => Promise<number>,
): Promise<number> {
  let recorded = 0;
  let cursor: string | undefined;
  do {
    const page = await listProjects(db, divisionId, 'ACTIVE', { pageSize: PAGE, cursor });
    recorded += await perPage(page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return recorded;
}
