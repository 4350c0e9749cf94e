import { getClientInDivision } from '@stormline/data/clients';
import { getInspection } from '@stormline/data/inspections';
import { getProjectInDivision } from '@stormline/data/projects';
import type { Planner } from './plan-request';
import { inspectionParts, projectSubtitle, readInspectionContent } from './inspection-content';

/**
 * Print Inspection (spec 002 §2; docs/decisions/0043): the cover and questionnaire, the findings with
 * their photos, each site map as it stood for the inspection, the signatures; each a part, so they
 * print in parallel. Everything is read within the request's division: another division's
 * inspection is not found.
 */
export const inspectionPlanner: Planner<'inspection'> = async (deps, request) => {
  const inspection = await getInspection(deps.db, request.divisionId, request.body.inspectionId);
  const project = await getProjectInDivision(deps.db, request.divisionId, inspection.projectId);
  const client = await getClientInDivision(deps.db, request.divisionId, project.client_id);
  const content = await readInspectionContent(
    deps,
    project,
    client.name,
    client.disable_images,
    inspection,
    request.userId,
  );
  return {
    job: 'inspection',
    title: `Inspection ${inspection.number} - ${project.name}`,
    subtitle: projectSubtitle(project),
    parts: inspectionParts(content),
  };
};
