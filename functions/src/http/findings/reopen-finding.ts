import { findingsRoutes } from '@stormline/contract/areas/findings';
import { findingUpdateSteps } from '@stormline/data/findings';
import { inspectionUpdateStep } from '@stormline/data/inspections';
import { deleteSignatureStep, listSignatures } from '@stormline/data/signatures';
import { transact } from '@stormline/data/transact';
import { affectedInspections, assertMayReopen } from '../../lib/finding-reopen';
import { findingDetail } from '../../lib/finding-detail';
import { findingLogStep, readFinding } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf } from '../../lib/inspection-context';
import { assertProjectWritable } from '../../lib/project-access';

const route = findingsRoutes.reopenFinding;

/**
 * Reopens a finding (spec 002 §4: all on reopenFinding, or update Close Findings while it is not
 * completed): clears date_completed, and for a finding required for certification removes the
 * compliance signatures and dates of the inspections it is linked to, unlocking their questions.
 * One transaction; the removed signatures are kept whole in the log.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { finding, project } = await readFinding(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  assertMayReopen(caller, finding);
  const affected = await affectedInspections(deps, finding);
  const signatures = await Promise.all(affected.map((i) => listSignatures(deps.db, divisionId!, i.id)));
  const after = { ...finding, date_completed: null };
  await transact(deps.db, [
    ...(finding.date_completed ? findingUpdateSteps(deps.db, finding, after) : []),
    ...affected.flatMap((inspection, i) => [
      inspectionUpdateStep(deps.db, inspection, { compliance_date: null }),
      ...signatures[i]!.filter((s) => s.group === 'compliance').map((s) =>
        deleteSignatureStep(deps.db, divisionId!, inspection.id, s),
      ),
    ]),
    findingLogStep(deps, actorOf(caller), finding, 'reopened', [
      { field: 'date_completed', from: finding.date_completed, to: null },
      ...affected.flatMap((inspection, i) =>
        signatures[i]!.filter((s) => s.group === 'compliance').map((s) => ({
          field: `Inspection #${inspection.number} compliance signature`,
          from: s,
          to: null,
        })),
      ),
    ]),
  ]);
  return findingDetail(
    deps,
    caller,
    finding.date_completed ? { ...after, version: finding.version + 1 } : finding,
    project,
    undefined,
  );
}

export const handler = httpRoute(route, main);
