import { projectsRoutes } from '@stormline/contract/areas/projects';
import { createProject, readProjectReferences } from '@stormline/data/projects';
import { ValidationError } from '@stormline/domain/errors';
import {
  coordinateIssues,
  inspectorRefusal,
  projectDateIssues,
  projectDocTypes,
  resolveProjectOptions,
  routineIntervalDays,
  routineIntervalIssues,
} from '@stormline/domain/project-rules';
import {
  addressIssues,
  assertNoIssues,
  blankToNull,
  normalizePostalCode,
  timeZoneIssues,
} from '@stormline/domain/region';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { projectView } from '../../lib/project-view';

const route = projectsRoutes.createProject;

const refuse = (path: string, message: string) => new ValidationError(message, [{ path, message }]);

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
  const refusal = inspectorRefusal(inspector);
  if (refusal) throw refuse('inspector_user_id', refusal);

  const address = body.address ?? {};
  const zoneIssues = timeZoneIssues(deps.region, body.timezone);
  const { options, issues: optionIssues } = resolveProjectOptions(template.options, body);
  const { docTypes, issues: docTypeIssues } = projectDocTypes(body.docTypes ?? []);
  assertNoIssues([
    ...coordinateIssues(body.latitude, body.longitude),
    ...routineIntervalIssues(body.routine_interval),
    ...addressIssues(deps.region, address, { prefix: 'address.', required: false }),
    ...zoneIssues,
    // "Today" is the project's: checked only in a zone the region allows.
    ...(zoneIssues.length === 0 ? projectDateIssues(body, body.timezone, deps.now()) : []),
    ...optionIssues,
    ...docTypeIssues,
  ]);

  const project = await createProject(
    deps.db,
    {
      divisionId: divisionId!,
      client_id: body.client_id,
      name: body.name,
      inspection_template_id: template.id,
      document_group_id: body.document_group_id,
      permittee: blankToNull(body.permittee),
      address: {
        street_1: blankToNull(address.street_1),
        city: blankToNull(address.city),
        state_id: blankToNull(address.state_id),
        country_id: blankToNull(address.country_id),
        zip: normalizePostalCode(deps.region, address.zip),
        latitude: body.latitude,
        longitude: body.longitude,
      },
      timezone: body.timezone,
      inspector_user_id: body.inspector_user_id,
      start_date: body.start_date ?? null,
      end_date: body.end_date ?? null,
      next_inspection_date: body.next_inspection_date ?? null,
      routine_interval: routineIntervalDays(body.routine_interval),
      ...options,
      docTypes,
      notes: blankToNull(body.notes),
      createdBy: caller.user.id,
    },
    deps.now(),
  );
  return { status: 201, body: projectView(project) };
}

export const handler = httpRoute(route, main);
