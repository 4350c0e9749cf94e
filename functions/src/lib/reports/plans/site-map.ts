import { getInspection } from '@stormline/data/inspections';
import { getProjectInDivision } from '@stormline/data/projects';
import { NotFoundError } from '@stormline/domain/errors';
import { projectSubtitle } from './inspection-content';
import { mapPart, readOneMap } from './map-content';
import type { Planner } from './plan-request';

/**
 * Print Site Map (spec 002 §2; docs/decisions/0043): one page of an Active Site Map document of the
 * project (page 1 unless asked), with its features and legend: as it stood for body.inspectionId
 * when given (that inspection's features), else the project's current features. A wide page prints
 * landscape.
 */
export const siteMapPlanner: Planner<'siteMap'> = async (deps, request) => {
  const { body, divisionId } = request;
  const project = await getProjectInDivision(deps.db, divisionId, body.projectId);
  const inspection = body.inspectionId ? await getInspection(deps.db, divisionId, body.inspectionId) : null;
  if (inspection && inspection.projectId !== project.id) throw new NotFoundError('Inspection not found');
  const map = await readOneMap(deps, project, inspection, body.uploadId, body.page ?? 1);
  return {
    job: 'siteMap',
    title: `Site Map - ${map.page.name} - ${project.name}`,
    subtitle: projectSubtitle(project),
    parts: [mapPart(map, project, inspection)],
  };
};
