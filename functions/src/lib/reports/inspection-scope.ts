import { findingLinksOf, type InspectionRecord } from '@stormline/data/inspections';
import { listSignatures } from '@stormline/data/signatures';
import type { ScopeFacts } from '@stormline/domain/report-rules';
import type { Deps } from '../deps';

/**
 * What Print Inspections' scope reads of one inspection (report-rules.ts `inspectionInScope`): its
 * finding links (a Corrective Action among them, carried over or its own, as the inspection's card
 * counts them) and its signatures, each read by key. Both the begin check and the planner use it,
 * so a selection accepted at begin is printed by the same rule.
 */
export async function scopeFactsOf(
  deps: Pick<Deps, 'db'>,
  inspection: Pick<InspectionRecord, 'divisionId' | 'id'>,
): Promise<ScopeFacts> {
  const [links, signatures] = await Promise.all([
    findingLinksOf(deps.db, inspection.divisionId, inspection.id),
    listSignatures(deps.db, inspection.divisionId, inspection.id),
  ]);
  return { hasCorrectiveAction: links.some((l) => l.typeCode === 'CA'), signed: signatures.length > 0 };
}
