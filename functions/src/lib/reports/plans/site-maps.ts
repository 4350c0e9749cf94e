import { getInspection } from '@stormline/data/inspections';
import { getProjectInDivision } from '@stormline/data/projects';
import { NotFoundError, ValidationError } from '@stormline/domain/errors';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { projectSubtitle } from './inspection-content';
import { mapPart, readProjectMaps } from './map-content';
import type { Planner } from './plan-request';

/**
 * Print Site Maps (spec 002 §2; docs/decisions/0043): every active site map page of the project with
 * its features and legend, each its own part (landscape where wide): as they stood for
 * body.inspectionId when given, else the current ones. A project with no converted site map has
 * nothing to print.
 */
export const siteMapsPlanner: Planner<'siteMaps'> = async (deps, request) => {
  const { body, divisionId } = request;
  const project = await getProjectInDivision(deps.db, divisionId, body.projectId);
  const inspection = body.inspectionId ? await getInspection(deps.db, divisionId, body.inspectionId) : null;
  if (inspection && inspection.projectId !== project.id) throw new NotFoundError('Inspection not found');
  const maps = await readProjectMaps(deps, project, inspection);
  if (maps.length === 0) throw new ValidationError(REPORT_MESSAGES.nothingToPrint);
  return {
    job: 'siteMaps',
    title: `Site Maps - ${project.name}`,
    subtitle: projectSubtitle(project),
    parts: maps.map((map) => mapPart(map, project, inspection)),
  };
};
