import { randomUUID } from 'node:crypto';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { createFinding, findingNoteStep } from '@stormline/data/findings';
import { getTemplateVersion } from '@stormline/data/templates';
import { correctiveActionIssues, findingDeadline } from '@stormline/domain/corrective-actions';
import { findingFormIssues } from '@stormline/domain/finding-rules';
import { localDate } from '@stormline/domain/local-date';
import { assertNoIssues } from '@stormline/domain/region';
import { findingDetail } from '../../lib/finding-detail';
import { findingLogStep } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, assertInspectionWritable, readInspection } from '../../lib/inspection-context';

const route = findingsRoutes.createFinding;

/**
 * Add Finding (create Findings, spec 002 §5): the form's rules against the inspection's pinned
 * template version (its finding types, Control Measure and Condition), the project's start date
 * and today in its zone; only while the inspection is editable. Numbered per project. A CA
 * finding of a project on the CGP names its corrective action and is due by CGP 5.2's deadline.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertInspectionWritable(inspection, project);
  const version = await getTemplateVersion(
    deps.db,
    divisionId!,
    inspection.templateId,
    inspection.templateVersion,
  );
  const now = deps.now();
  const chosenType = version.finding_types.find((t) => t.id === body.finding_type_id);
  assertNoIssues([
    ...findingFormIssues(body, {
      version,
      projectStartDate: project.start_date,
      today: localDate(project.timezone, now),
    }),
    ...(chosenType ? correctiveActionIssues(body.corrective_action, chosenType.code, project) : []),
  ]);
  const type = chosenType!;
  const actor = actorOf(caller);
  const finding = await createFinding(
    deps.db,
    {
      divisionId: divisionId!,
      projectId: project.id,
      typeId: type.id,
      typeCode: type.code,
      typeName: type.name,
      color: type.details.color,
      is_required_for_cert: type.details.is_required_for_cert,
      location: body.location!.trim(),
      date_initiated: body.date_initiated!,
      date_completed: body.date_completed ?? null,
      condition: body.condition ?? null,
      control_measure_id: body.control_measure_id ?? null,
      comments: body.comments?.trim() || null,
      ...findingDeadline(body.corrective_action, type.code, body.date_initiated!, project),
      initialInspectionId: inspection.id,
      createdBy: caller.user.id,
    },
    inspection,
    (created) => [
      ...(body.observation?.trim()
        ? [
            findingNoteStep(deps.db, divisionId!, {
              id: randomUUID(),
              findingId: created.id,
              content: body.observation.trim(),
              authorId: caller.user.id,
              createdAt: now.toISOString(),
              updatedAt: null,
              version: 0,
            }),
          ]
        : []),
      findingLogStep({ db: deps.db, now: () => now }, actor, created, 'created', [
        { field: 'type', from: null, to: created.typeName },
        { field: 'location', from: null, to: created.location },
        { field: 'date_initiated', from: null, to: created.date_initiated },
        { field: 'inspection', from: null, to: `Inspection #${inspection.number}` },
      ]),
    ],
    now,
  );
  return { status: 201, body: await findingDetail(deps, caller, finding, project, inspection.id) };
}

export const handler = httpRoute(route, main);
