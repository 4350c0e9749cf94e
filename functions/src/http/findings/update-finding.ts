import { findingsRoutes } from '@stormline/contract/areas/findings';
import { findingUpdateSteps } from '@stormline/data/findings';
import type { FindingRecord } from '@stormline/data/findings';
import { getTemplateVersion } from '@stormline/data/templates';
import { transact } from '@stormline/data/transact';
import { ForbiddenError } from '@stormline/domain/errors';
import {
  asksCorrectiveAction,
  correctiveActionIssues,
  findingDeadline,
} from '@stormline/domain/corrective-actions';
import { FINDING_MESSAGES, findingFormIssues, mayEditFindingBasics } from '@stormline/domain/finding-rules';
import { localDate } from '@stormline/domain/local-date';
import { can } from '@stormline/domain/permissions';
import { assertNoIssues } from '@stormline/domain/region';
import { findingDetail } from '../../lib/finding-detail';
import { assertFindingWritable, findingLogStep, readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf } from '../../lib/inspection-context';

const route = findingsRoutes.updateFinding;

const FIELDS = [
  'finding_type_id',
  'location',
  'date_initiated',
  'date_completed',
  'control_measure_id',
  'condition',
  'comments',
  'corrective_action',
  'due_by',
] as const;

/**
 * Saves the finding form (spec 002 §4-§6): a completed finding is read-only; update Findings
 * changes every field, update Close Findings only completes it (date completed, comments); BMP
 * Contractor and Client User never change type, location or date initiated. The form's rules hold
 * against the version of the inspection the finding was raised in.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { finding, project, initial } = await readFinding(deps, caller, divisionId!, params.id);
  assertFindingWritable(finding, project);
  const version = await getTemplateVersion(deps.db, divisionId!, initial.templateId, initial.templateVersion);
  const merged = {
    finding_type_id: body.finding_type_id === undefined ? finding.typeId : body.finding_type_id,
    location: body.location === undefined ? finding.location : body.location,
    date_initiated: body.date_initiated === undefined ? finding.date_initiated : body.date_initiated,
    date_completed: body.date_completed === undefined ? finding.date_completed : body.date_completed,
    control_measure_id:
      body.control_measure_id === undefined ? finding.control_measure_id : body.control_measure_id,
    condition: body.condition === undefined ? finding.condition : body.condition,
    comments: body.comments === undefined ? finding.comments : body.comments?.trim() || null,
    corrective_action:
      body.corrective_action === undefined ? (finding.corrective_action ?? null) : body.corrective_action,
  };
  const basicsChanged =
    merged.finding_type_id !== finding.typeId ||
    merged.location?.trim() !== finding.location ||
    merged.date_initiated !== finding.date_initiated;
  const mayEditAll = can(caller.grants, 'update', 'Findings');
  if (!mayEditAll && !can(caller.grants, 'update', 'Close Findings'))
    throw new ForbiddenError('Your role does not allow update on Findings');
  if (basicsChanged && !(mayEditAll && mayEditFindingBasics(caller.role.name)))
    throw new ForbiddenError(FINDING_MESSAGES.restrictedField);
  const otherChanged =
    merged.control_measure_id !== finding.control_measure_id ||
    merged.condition !== finding.condition ||
    merged.corrective_action !== (finding.corrective_action ?? null);
  if (otherChanged && !mayEditAll) throw new ForbiddenError('Your role may only complete this finding');
  const now = deps.now();
  const chosenType = version.finding_types.find((t) => t.id === merged.finding_type_id);
  // A type changed away from CA drops the stored choice rather than refusing it unasked.
  const kind =
    chosenType && !asksCorrectiveAction(chosenType.code, project) && body.corrective_action === undefined
      ? null
      : merged.corrective_action;
  assertNoIssues([
    ...findingFormIssues(merged, {
      version,
      projectStartDate: project.start_date,
      today: localDate(project.timezone, now),
    }),
    // Required once chosen, or when the type becomes CA; a CA finding raised before its project
    // moved to the CGP may be saved without one (it keeps the 7-day rule until someone chooses).
    ...(chosenType
      ? correctiveActionIssues(
          kind,
          chosenType.code,
          project,
          Boolean(finding.corrective_action) || chosenType.code !== finding.typeCode,
        )
      : []),
  ]);
  const type = chosenType!;
  const after: FindingRecord = {
    ...finding,
    typeId: type.id,
    typeCode: type.code,
    typeName: type.name,
    color: type.details.color,
    is_required_for_cert: type.details.is_required_for_cert,
    location: merged.location!.trim(),
    date_initiated: merged.date_initiated!,
    date_completed: merged.date_completed ?? null,
    control_measure_id: merged.control_measure_id ?? null,
    condition: merged.condition ?? null,
    comments: merged.comments ?? null,
    ...findingDeadline(kind, type.code, merged.date_initiated!, project),
    version: body.version,
  };
  const before = { ...finding, version: body.version };
  const changes = FIELDS.flatMap((field) => {
    const from =
      field === 'finding_type_id' ? finding.typeName : (finding as unknown as Record<string, unknown>)[field];
    const to =
      field === 'finding_type_id' ? after.typeName : (after as unknown as Record<string, unknown>)[field];
    return from === to
      ? []
      : [{ field: field === 'finding_type_id' ? 'type' : field, from: from ?? null, to: to ?? null }];
  });
  await transact(deps.db, [
    ...findingUpdateSteps(deps.db, before, after),
    ...(changes.length > 0
      ? [
          findingLogStep(
            { db: deps.db, now: () => now },
            actorOf(caller),
            finding,
            after.date_completed && !finding.date_completed ? 'completed' : 'updated',
            changes,
          ),
        ]
      : []),
  ]);
  return findingDetail(deps, caller, { ...after, version: body.version + 1 }, project, undefined);
}

export const handler = httpRoute(route, main);
