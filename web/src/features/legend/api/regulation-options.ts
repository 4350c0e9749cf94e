import useSWR from 'swr';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { callApi } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useDivisionId } from '../../../lib/division-context';

/** Pages read at most for the choice (25 each): a legend item lists at most 40 regulations. */
const MAX_PAGES = 20;

/**
 * The division's regulation groups to choose a legend item's regulations from (GET /api/groups,
 * every page up to 500 groups), as { value: id, label: name }.
 */
export function useRegulationOptions(enabled: boolean) {
  const divisionId = useDivisionId();
  return useSWR(enabled ? cacheKey(divisionId, 'legend/regulation-options') : null, async () => {
    const options: { value: string; label: string }[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await callApi(regulationsRoutes.listGroups, { divisionId, query: { cursor } });
      options.push(...answer.pageData.map((group) => ({ value: group.id, label: group.name })));
      cursor = answer.paginationState.nextCursor ?? undefined;
      if (!cursor) break;
    }
    return options;
  });
}
