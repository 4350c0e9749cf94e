import { listDivisions } from '@stormline/data/divisions';
import type { Db } from '@stormline/data/dynamo';

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
