import { listProjectTemplates } from '@stormline/data/projects';
import { getTemplateVersion, offeredFindingTypes } from '@stormline/data/templates';
import type { Deps } from './deps';

/**
 * The finding types a widget's type filter offers (spec 000 §7 fetchFindingTypesUsed): those of
 * the division's inspection templates, by code (the statistics count findings by code), named as
 * the first template naming the code does. The template items the list reads carry their current
 * version's types (set by Publish and by installing a version, 0036), so no version is read; only
 * an item written before that reads its version.
 */
export async function findingTypesUsed(deps: Deps, divisionId: string) {
  const byCode = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await listProjectTemplates(deps.db, divisionId, { pageSize: 50, cursor });
    const offered = await Promise.all(
      page.items.map(
        async (t) =>
          t.findingTypes ?? offeredFindingTypes(await getTemplateVersion(deps.db, divisionId, t.id)),
      ),
    );
    for (const types of offered)
      for (const type of types) if (!byCode.has(type.code)) byCode.set(type.code, type.name);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return {
    pageData: [...byCode]
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}
