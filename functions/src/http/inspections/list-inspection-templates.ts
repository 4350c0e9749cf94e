import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { listProjectTemplates } from '@stormline/data/projects';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = inspectionsRoutes.listInspectionTemplates;

/**
 * The division's inspection form types by name, each with the project options its template
 * carries (the Create project modal's select and conditional fields). A division holds a handful
 * of templates: when they fit on the first page, that page counts them.
 */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const page = await listProjectTemplates(deps.db, divisionId!, {
    pageSize: route.pageSize,
    cursor: query.cursor,
  });
  const items = page.items.map((t) => ({
    id: t.id,
    name: t.name,
    has_compliance_cert: t.options.hasComplianceCert,
    projectOptions: {
      ccr: t.options.ccr,
      optionalCompliance: t.options.optionalCompliance,
      cgp: t.options.cgp,
    },
  }));
  const whole = !query.cursor && page.nextCursor === null;
  return pageOf(route, { items, nextCursor: page.nextCursor }, whole ? items.length : null);
}

export const handler = httpRoute(route, main);
