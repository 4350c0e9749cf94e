import { listProjectInspectionsOfMonth } from '@stormline/data/inspections';
import { localDate } from '@stormline/domain/local-date';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { userNames } from './inspection-context';
import { readVisibleProject } from './project-access';

/** A month holds at most a few dozen inspections of one project (post-storm ones included). */
const MONTH_PAGE = 100;

/**
 * The inspection calendar (spec 000 §2, §4): the chosen month's inspections of one project the
 * caller sees, with the dates its icon follows from (calendarState in packages/domain) and the
 * inspector's name. The cost is the month's inspections.
 */
export async function calendarMonth(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  query: { type?: string; month?: string },
) {
  if (!query.type) return { inspections: [], month: query.month ?? localDate('UTC', deps.now()).slice(0, 7) };
  const project = await readVisibleProject(deps, caller, divisionId, query.type);
  const month = query.month ?? localDate(project.timezone, deps.now()).slice(0, 7);
  const page = await listProjectInspectionsOfMonth(deps.db, divisionId, project.id, month, {
    pageSize: MONTH_PAGE,
  });
  const names = await userNames(
    deps,
    page.items.map((i) => i.inspectorId),
  );
  return {
    month,
    inspections: page.items.map((inspection) => ({
      inspectionId: inspection.id,
      inspectionDOI: inspection.created_date,
      inspectionCertDate: inspection.certification_date,
      projectNextInspectionDate: project.next_inspection_date,
      projectName: project.name,
      inspector: inspection.inspectorId ? (names.get(inspection.inspectorId) ?? null) : null,
      projectId: project.id,
    })),
  };
}
