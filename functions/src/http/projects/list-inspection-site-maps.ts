import { projectsRoutes } from '@stormline/contract/areas/projects';
import { listProjectPages } from '@stormline/data/site-maps';
import { NotFoundError } from '@stormline/domain/errors';
import { isInspectionEditable } from '@stormline/domain/inspection-rules';
import { pageStoodForInspection } from '@stormline/domain/site-maps';
import { fileStoreOf } from '../../lib/file-store';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readInspection } from '../../lib/inspection-context';
import { pageOf } from '../../lib/page';
import { pageView } from '../../lib/site-map-conversion';

const route = projectsRoutes.listInspectionSiteMaps;

/**
 * The inspection's Map tab (spec 002 §2): its project's site-map pages as they stood for it: listed
 * (their conversion done) before it ended, and not removed or superseded before it began. An
 * open inspection has not ended; a finished one ended on the last day it was signed. Read from
 * the project's site-map history (byParent), so a removed site map still shows on the inspections
 * that used it.
 */
export async function main({ params, query, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.inspectionId);
  if (inspection.projectId !== params.id) throw new NotFoundError('Inspection not found');
  const signed = [inspection.certification_date, inspection.compliance_date]
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  const window = {
    began: inspection.createdAt,
    // A date in the project's zone: its whole day, at the latest zone's end (UTC+14).
    ended:
      isInspectionEditable(inspection, { ...project, archivedAt: null }) || !signed
        ? null
        : `${signed.slice(0, 10)}T23:59:59.999Z`,
  };
  const page = await listProjectPages(
    deps.db,
    divisionId!,
    project.id,
    { pageSize: route.pageSize, ...(query.cursor ? { cursor: query.cursor } : {}) },
    (p) =>
      p.listedAt !== null && pageStoodForInspection({ listedAt: p.listedAt, deletedAt: p.deletedAt }, window),
  );
  const store = fileStoreOf(deps);
  const items = await Promise.all(page.items.map((p) => pageView(store, p, p.documentName ?? '')));
  return pageOf(route, { items, nextCursor: page.nextCursor }, null);
}

export const handler = httpRoute(route, main);
