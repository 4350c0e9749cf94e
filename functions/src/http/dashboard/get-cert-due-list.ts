import { dashboardRoutes } from '@stormline/contract/areas/dashboard';
import { getInspections } from '@stormline/data/inspections';
import { getProjectStatistics, listCertificationDue } from '@stormline/data/statistics';
import { isEligibleForCompliance } from '@stormline/domain/inspection-rules';
import { findingStatsOf } from '../../lib/finding-stats';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { visibleProjectsPage } from '../../lib/project-list';

const route = dashboardRoutes.getCertDueList;

/** A site's first inspections waiting for compliance; the next show once these are certified. */
const PER_SITE = 20;

/**
 * Certifications Due (spec 000 §2, §4 eligibility): for a page of the sites the caller sees, the
 * inspections eligible for compliance certification. The stream keeps each project's list of
 * complete, certified inspections still waiting (0019), so only sites that require compliance and
 * have some are read; each listed inspection is read again and its required findings checked, so
 * a row is never offered that the certification would refuse.
 */
export async function main({ query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const d = divisionId!;
  const { page, clientNames } = await visibleProjectsPage(deps, caller, d, 'ACTIVE', query, route.pageSize);
  const requiring = page.items.filter((p) => p.inspection_compliance_required);
  const statistics = await getProjectStatistics(
    deps.db,
    d,
    requiring.map((p) => p.id),
  );
  const waiting = requiring.filter((p) => (statistics.get(p.id)?.cd ?? 0) > 0);
  const listed = (
    await Promise.all(waiting.map((p) => listCertificationDue(deps.db, d, p.id, PER_SITE)))
  ).flat();
  // The inspections are read consistently, so one certified a moment ago is not offered again when
  // the widget refreshes after Certify Now. Their many findings are read eventually consistently,
  // at half the capacity: a finding completed within the last second may leave its inspection out
  // until the next refresh, and Certify Now checks every rule again on consistent reads.
  const inspections = await getInspections(
    deps.db,
    d,
    listed.map((l) => l.inspectionId),
  );
  const findings = await findingStatsOf(deps, inspections, { consistent: false });
  const projects = new Map(waiting.map((p) => [p.id, p]));
  const byId = new Map(inspections.map((i) => [i.id, i]));
  const rows = listed.flatMap(({ inspectionId }) => {
    const inspection = byId.get(inspectionId);
    const project = inspection && projects.get(inspection.projectId);
    if (!inspection || !project) return [];
    const openRequired = findings.get(inspection.id)?.openRequired ?? 0;
    if (!isEligibleForCompliance(inspection, inspection, openRequired, project)) return [];
    return [
      {
        inspectionId: inspection.id,
        number: inspection.number,
        projectId: project.id,
        siteName: project.name,
        clientName: clientNames.get(project.client_id) ?? '',
        dateOfInspection: inspection.created_date.slice(0, 10),
      },
    ];
  });
  return {
    pageData: rows,
    paginationState: { pageSize: route.pageSize, numModels: null, nextCursor: page.nextCursor },
  };
}

export const handler = httpRoute(route, main);
