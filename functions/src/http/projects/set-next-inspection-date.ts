import { projectsRoutes } from '@stormline/contract/areas/projects';
import { updateProject } from '@stormline/data/projects';
import { nextInspectionDateIssues, parseDueDate } from '@stormline/domain/inspection-rules';
import { isIsoDate } from '@stormline/domain/local-date';
import { assertNoIssues } from '@stormline/domain/region';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertProjectWritable, projectDetail, readVisibleProject } from '../../lib/project-access';
import { projectLogStep } from '../../lib/project-log';

const route = projectsRoutes.setNextInspectionDate;

/**
 * The project tab's editable next-inspection date (spec 000 §5): required, MM-dd-yyyy, not before
 * today in the project's zone. Kept as the project's own day, so there is no time to round.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const now = deps.now();
  assertNoIssues(nextInspectionDateIssues(body.value, project.timezone, now));
  const value = isIsoDate(body.value) ? body.value : parseDueDate(body.value)!;
  const updated = await updateProject(
    deps.db,
    divisionId!,
    project.id,
    { next_inspection_date: value },
    project.version,
    [
      projectLogStep(
        deps,
        caller,
        project,
        'updated',
        [{ field: 'next_inspection_date', from: project.next_inspection_date, to: value }],
        now,
      ),
    ],
  );
  return projectDetail(deps, updated);
}

export const handler = httpRoute(route, main);
