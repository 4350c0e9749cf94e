import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { findRoutineInspectionOn, listProjectInspections } from '@stormline/data/inspections';
import { getTemplateVersion } from '@stormline/data/templates';
import {
  createInspectionRefusal,
  dueTodayAction,
  newInspectionType,
} from '@stormline/domain/inspection-rules';
import { localDate } from '@stormline/domain/local-date';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { findingStatsOf } from '../../lib/finding-stats';
import { userNames } from '../../lib/inspection-context';
import { inspectionView } from '../../lib/inspection-view';
import { readVisibleProject } from '../../lib/project-access';

const route = inspectionsRoutes.listProjectInspections;

/**
 * The project inspections tab (spec 000 §2): a page of cards, newest first (by type through the
 * type links), with the due-today banner (in the project's zone) and the creation rule, so the
 * page mirrors exactly what the server would allow.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  const now = deps.now();
  const [page, todaysRoutine, template] = await Promise.all([
    listProjectInspections(deps.db, divisionId!, project.id, {
      pageSize: route.pageSize,
      cursor: query.cursor,
      type: query.type,
    }),
    findRoutineInspectionOn(deps.db, divisionId!, project.id, localDate(project.timezone, now)),
    project.inspection_template_id
      ? getTemplateVersion(deps.db, divisionId!, project.inspection_template_id)
      : Promise.resolve(null),
  ]);
  const [names, stats] = await Promise.all([
    userNames(
      deps,
      page.items.map((i) => i.inspectorId),
    ),
    findingStatsOf(deps, page.items),
  ]);
  const counters = project as typeof project & { openInspectionCount?: number; inspectionCount?: number };
  const reason = project.archivedAt
    ? 'This project is archived and can no longer be changed.'
    : template
      ? createInspectionRefusal(counters.openInspectionCount ?? 0, template.kind)
      : 'The project has no inspection form type';
  return {
    pageData: page.items.map((inspection) =>
      inspectionView(inspection, project, caller, {
        inspectorName: inspection.inspectorId ? (names.get(inspection.inspectorId) ?? null) : null,
        stats: stats.get(inspection.id)!,
      }),
    ),
    paginationState: {
      pageSize: route.pageSize,
      numModels: query.type ? null : (counters.inspectionCount ?? 0),
      nextCursor: page.nextCursor,
    },
    dueToday: {
      action: project.archivedAt ? null : dueTodayAction(project, todaysRoutine, now),
      inspectionId: todaysRoutine?.id ?? null,
    },
    creation: {
      allowed: reason === null,
      reason,
      type: newInspectionType((counters.inspectionCount ?? 0) === 0),
    },
    next_inspection_date: project.next_inspection_date,
  };
}

export const handler = httpRoute(route, main);
