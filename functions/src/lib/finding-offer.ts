import { getFindings } from '@stormline/data/findings';
import type { FindingRecord } from '@stormline/data/findings';
import { findingLinksOf } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import { isOfferedInFindingArray } from '@stormline/domain/finding-rules';
import type { Deps } from './deps';

/** The findings of an inspection (raised in it or carried over), by number, read whole. */
export async function findingsOfInspection(
  deps: Deps,
  inspection: InspectionRecord,
): Promise<FindingRecord[]> {
  const links = await findingLinksOf(deps.db, inspection.divisionId, inspection.id);
  return getFindings(
    deps.db,
    inspection.divisionId,
    links.map((l) => l.findingId),
  );
}

/**
 * What the finding-array question offers (spec 002 §2): the inspection's CA findings that are
 * open or were completed on or after the inspection date.
 */
export function findingArrayOffer(inspection: InspectionRecord, findings: readonly FindingRecord[]) {
  return findings.filter((f) => isOfferedInFindingArray(f, inspection.created_date));
}
