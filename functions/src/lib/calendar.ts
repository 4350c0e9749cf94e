import { listProjectInspectionsOfMonth } from '@stormline/data/inspections';
import { listPostStormDuesOfProject } from '@stormline/data/post-storm-dues';
import { addDays, localDate } from '@stormline/domain/local-date';
import { displayDateTime, postStormReason, stormDayOf } from '@stormline/domain/post-storm-dues';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { userNames } from './inspection-context';
import { readVisibleProject } from './project-access';

/** A month holds at most a few dozen inspections of one project (post-storm ones included). */
const MONTH_PAGE = 100;

/**
 * The inspection calendar (spec 000 §2, §4): the chosen month's inspections of one project the
 * caller sees, with the dates its icon follows from (calendarState in packages/domain) and the
 * inspector's name; and its storms (issue 23) whose day or post-storm due date is in the month.
 * The cost is the month's inspections and storms.
 */
export async function calendarMonth(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  query: { type?: string; month?: string },
) {
  if (!query.type)
    return { inspections: [], storms: [], month: query.month ?? localDate('UTC', deps.now()).slice(0, 7) };
  const project = await readVisibleProject(deps, caller, divisionId, query.type);
  const month = query.month ?? localDate(project.timezone, deps.now()).slice(0, 7);
  const [page, dues] = await Promise.all([
    listProjectInspectionsOfMonth(deps.db, divisionId, project.id, month, { pageSize: MONTH_PAGE }),
    // Counted (UTC) from two days before the month (its due date may fall in it) to a few days
    // after its end: the local days decide below.
    listPostStormDuesOfProject(
      deps.db,
      divisionId,
      project.id,
      addDays(`${month}-01`, -2),
      addDays(`${month}-01`, 33),
    ),
  ]);
  const storms = dues
    .map((due) => ({
      countedAt: due.countedAt,
      stormDay: stormDayOf(due, project.timezone),
      dueDay: localDate(project.timezone, new Date(due.dueBy)),
      dueByLocal: displayDateTime(project.timezone, due.dueBy),
      reason: postStormReason(due, project.timezone),
      status: due.status,
    }))
    .filter((storm) => storm.stormDay.startsWith(month) || storm.dueDay.startsWith(month));
  const names = await userNames(
    deps,
    page.items.map((i) => i.inspectorId),
  );
  return {
    month,
    storms,
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
