import { listProjectTemplates } from '@stormline/data/projects';
import { getTemplateVersion } from '@stormline/data/templates';
import type { Deps } from './deps';

/**
 * The finding types a widget's type filter offers (spec 000 §7 fetchFindingTypesUsed): those of
 * the division's inspection templates, by code (the statistics count findings by code), named as
 * the first template naming the code does. A division holds a handful of templates.
 */
export async function findingTypesUsed(deps: Deps, divisionId: string) {
  const byCode = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await listProjectTemplates(deps.db, divisionId, { pageSize: 50, cursor });
    const versions = await Promise.all(page.items.map((t) => getTemplateVersion(deps.db, divisionId, t.id)));
    for (const version of versions)
      for (const type of version.finding_types)
        if (type.details.is_enabled && !byCode.has(type.code)) byCode.set(type.code, type.name);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return {
    pageData: [...byCode]
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}
