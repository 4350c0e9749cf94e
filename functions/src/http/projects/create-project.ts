import { projectsRoutes } from '@stormline/contract/areas/projects';
import { createProject, readProjectReferences } from '@stormline/data/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { assertInspectorAssignable, projectFormFields } from '../../lib/project-form';
import { projectView } from '../../lib/project-view';

const route = projectsRoutes.createProject;

/**
 * The Create project modal's submit. The client, template, regulations and inspector must be the
 * division's; the inspector must hold an assignable role; then every rule of spec 001 §5 at once
 * (the region's address and time zone, coordinates, interval, dates in the project's zone, the
 * template's conditional options), answered together as field issues. Nothing is written unless
 * all hold.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { template, inspector } = await readProjectReferences(deps.db, divisionId!, {
    clientId: body.client_id,
    templateId: body.inspection_template_id,
    groupId: body.document_group_id,
    inspectorId: body.inspector_user_id,
  });
  assertInspectorAssignable(inspector);
  const project = await createProject(
    deps.db,
    {
      divisionId: divisionId!,
      client_id: body.client_id,
      inspection_template_id: template.id,
      document_group_id: body.document_group_id,
      ...projectFormFields(deps, body, template.options),
      createdBy: caller.user.id,
    },
    deps.now(),
  );
  return { status: 201, body: projectView(project) };
}

export const handler = httpRoute(route, main);
