import { getFindings } from '@stormline/data/findings';
import { findingLinksOf } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import type { Deps } from './deps';

/** What an inspection's card says of its findings (spec 000 §2): per type, total and open. */
export interface FindingStats {
  counts: { code: string; name: string; color: string; total: number; open: number }[];
  /** Open findings of types required for certification (000 §4 eligibility). */
  openRequired: number;
}

/**
 * The finding figures of a page of inspections, read when shown (0018): each inspection's links
 * (one Query each, in parallel) and one BatchGet of their findings, so the cost follows the
 * cards on the page, whatever the project holds, and the figures are never stale. A caller whose
 * list is itself read from an index (eventually consistent) may read them so too, at half the cost.
 */
export async function findingStatsOf(
  deps: Deps,
  inspections: readonly InspectionRecord[],
  { consistent = true }: { consistent?: boolean } = {},
): Promise<Map<string, FindingStats>> {
  if (inspections.length === 0) return new Map();
  const divisionId = inspections[0]!.divisionId;
  const links = await Promise.all(
    inspections.map((i) => findingLinksOf(deps.db, divisionId, i.id, consistent)),
  );
  const findings = await getFindings(
    deps.db,
    divisionId,
    links.flat().map((l) => l.findingId),
    consistent,
  );
  const byId = new Map(findings.map((f) => [f.id, f]));
  return new Map(
    inspections.map((inspection, i) => {
      const counts = inspection.findingTypes.map((t) => ({ ...t, total: 0, open: 0 }));
      let openRequired = 0;
      for (const link of links[i]!) {
        const finding = byId.get(link.findingId);
        if (!finding) continue;
        const open = !finding.date_completed;
        const counter = counts.find((c) => c.code === finding.typeCode);
        if (counter) {
          counter.total += 1;
          if (open) counter.open += 1;
        }
        if (open && finding.is_required_for_cert) openRequired += 1;
      }
      return [inspection.id, { counts, openRequired }];
    }),
  );
}
