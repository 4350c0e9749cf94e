import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { listOpenFindingsOfProject } from '@stormline/data/findings';
import { createInspection } from '@stormline/data/inspections';
import { getTemplateVersion } from '@stormline/data/templates';
import { ValidationError } from '@stormline/domain/errors';
import { localDate, localDateTime } from '@stormline/domain/local-date';
import { nextRoutineDue } from '@stormline/domain/permit-clock';
import { projectPermit } from '@stormline/domain/permit-rules';
import { initialAnswers, toTimeStep } from '@stormline/domain/questionnaire-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, inspectionDetail, inspectionLogStep } from '../../lib/inspection-context';
import { assertProjectWritable, readVisibleProject } from '../../lib/project-access';

const route = inspectionsRoutes.createInspection;

/**
 * 'New <type> Inspection' and the due-today start (spec 000 §4, 0018): the project's current
 * template version is pinned; the creation rule holds in the transaction; open findings are
 * carried over; a routine inspection moves the project's next date by its permit's clock.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const project = await readVisibleProject(deps, caller, divisionId!, body.projectId);
  assertProjectWritable(project);
  if (!project.inspection_template_id)
    throw new ValidationError('The project has no inspection form type', [
      { path: 'projectId', message: 'The project has no inspection form type' },
    ]);
  const now = deps.now();
  const [version, open] = await Promise.all([
    getTemplateVersion(deps.db, divisionId!, project.inspection_template_id),
    listOpenFindingsOfProject(deps.db, divisionId!, project.id),
  ]);
  const actor = actorOf(caller);
  const nowLocal = localDateTime(project.timezone, now);
  const today = localDate(project.timezone, now);
  const inspection = await createInspection(
    deps.db,
    {
      divisionId: divisionId!,
      projectId: project.id,
      type: body.type,
      created_date: toTimeStep(nowLocal),
      inspectorId: caller.user.id,
      createdBy: caller.user.id,
      version,
      answers: initialAnswers(version, { nowLocal, type: body.type, userName: actor.name }),
      // The permit's clock (0046): 7 or 14 days, a reduced period's, the project's interval on the
      // fixed interval; none while routine inspections are suspended.
      ...(body.type === 'Routine'
        ? {
            nextInspectionDate: nextRoutineDue(projectPermit(project), project.routine_interval, today),
            lastRoutineDate: today,
          }
        : {}),
      carried: open.map((f) => ({
        findingId: f.id,
        number: f.number,
        typeCode: f.typeCode,
      })),
    },
    (created) => [
      inspectionLogStep({ db: deps.db, now: () => now }, actor, created, 'created', [
        { field: 'type', from: null, to: created.type },
        { field: 'template', from: null, to: `${version.name} (version ${version.version})` },
        ...(open.length > 0 ? [{ field: 'carried over findings', from: null, to: open.length }] : []),
      ]),
    ],
    now,
  );
  return { status: 201, body: await inspectionDetail(deps, caller, inspection, project) };
}

export const handler = httpRoute(route, main);
