import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { inspectionUpdateStep, openCountSteps } from '@stormline/data/inspections';
import { deleteSignatureStep, listSignatures } from '@stormline/data/signatures';
import { transact } from '@stormline/data/transact';
import { ConflictError } from '@stormline/domain/errors';
import { countsAsOpen, isInspectionEditable } from '@stormline/domain/inspection-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, inspectionDetail, inspectionLogStep, readInspection } from '../../lib/inspection-context';
import { assertProjectWritable } from '../../lib/project-access';

const route = inspectionsRoutes.reopenInspection;

/**
 * Edit Inspection (spec 002 §4, all on reopenInspection): deletes the compliance signatures and
 * date and unlocks the questions. The Maryland kind also clears the certification (its
 * signatures and date), and so does a project that does not require compliance, whose
 * inspections are locked by the certification alone (0018). The deleted signatures are kept whole
 * in the change log; nothing else changes.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  if (isInspectionEditable(inspection, project) && !inspection.compliance_date)
    throw new ConflictError('This inspection is already open for editing.');
  const clearsCertification =
    inspection.templateKind === 'maryland' || !project.inspection_compliance_required;
  const signatures = await listSignatures(deps.db, divisionId!, inspection.id);
  const removed = signatures.filter(
    (s) => s.group === 'compliance' || (clearsCertification && s.group === 'inspection'),
  );
  const fields = {
    compliance_date: null,
    ...(clearsCertification ? { certification_date: null } : {}),
  };
  const next = { ...inspection, ...fields, version: inspection.version + 1 };
  next.countsAsOpen = countsAsOpen(next);
  await transact(deps.db, [
    inspectionUpdateStep(deps.db, inspection, { ...fields, countsAsOpen: next.countsAsOpen }),
    ...openCountSteps(deps.db, inspection, next),
    ...removed.map((s) => deleteSignatureStep(deps.db, divisionId!, inspection.id, s)),
    inspectionLogStep(deps, actorOf(caller), inspection, 'reopened', [
      { field: 'compliance_date', from: inspection.compliance_date, to: null },
      ...(clearsCertification
        ? [{ field: 'certification_date', from: inspection.certification_date, to: null }]
        : []),
      ...removed.map((s) => ({ field: `signature ${s.group} / ${s.lineType}`, from: s, to: null })),
    ]),
  ]);
  return inspectionDetail(deps, caller, next, project);
}

export const handler = httpRoute(route, main);
