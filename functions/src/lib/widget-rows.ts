import { getProjectStatistics } from '@stormline/data/statistics';
import type { Counters } from '@stormline/domain/statistics';
import type { ProjectRecord } from '@stormline/data/projects';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { visibleProjectsPage } from './project-list';

/**
 * A dashboard widget's page (spec 000 §2; docs/decisions/0019): the active projects the caller
 * sees, a page at a time, each with its statistics item (one BatchGet), turned into the widget's
 * rows; a project the widget leaves out (no open findings) makes the page shorter, never longer
 * to read. The cost is the page's projects, whatever their inspections and findings.
 */
export async function widgetPage<Row>(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  query: { cursor?: string; s?: string },
  pageSize: number,
  toRow: (project: ProjectRecord, clientName: string, counters: Counters) => Row | null,
) {
  const { page, clientNames } = await visibleProjectsPage(
    deps,
    caller,
    divisionId,
    'ACTIVE',
    query,
    pageSize,
  );
  const statistics = await getProjectStatistics(
    deps.db,
    divisionId,
    page.items.map((p) => p.id),
  );
  const rows = page.items.flatMap((project) => {
    const row = toRow(project, clientNames.get(project.client_id) ?? '', statistics.get(project.id) ?? {});
    return row ? [row] : [];
  });
  return { pageData: rows, paginationState: { pageSize, numModels: null, nextCursor: page.nextCursor } };
}
