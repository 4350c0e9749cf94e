import type { FindingRecord } from '@stormline/data/findings';
import { inspectionsOfFinding } from '@stormline/data/findings';
import { getInspection } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import { ForbiddenError } from '@stormline/domain/errors';
import { mayReopenFinding } from '@stormline/domain/finding-rules';
import type { Caller } from './authenticate';
import type { Deps } from './deps';

export function assertMayReopen(caller: Caller, finding: FindingRecord): void {
  if (caller.role.isReadOnly || !mayReopenFinding(caller.grants, finding))
    throw new ForbiddenError('Your role does not allow reopening this finding');
}

/**
 * The inspections whose compliance signatures reopening the finding removes (spec 002 §4): for a
 * finding required for certification, those it is linked to that are certified for compliance.
 */
export async function affectedInspections(deps: Deps, finding: FindingRecord): Promise<InspectionRecord[]> {
  if (!finding.is_required_for_cert) return [];
  const links = await inspectionsOfFinding(deps.db, finding.divisionId, finding.id);
  const inspections = await Promise.all(
    links.map((l) => getInspection(deps.db, finding.divisionId, l.inspectionId)),
  );
  return inspections.filter((i) => i.compliance_date !== null).sort((a, b) => a.number - b.number);
}
