import { templatesRoutes } from '@stormline/contract/areas/templates';
import { batchGet, itemAt } from '@stormline/data/batch-get';
import { listDivisionNamed, templateKeys } from '@stormline/data/divisions-resources';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { pageOf } from '../../lib/page';

const route = templatesRoutes.listTemplates;

/**
 * /inspection-templates: the division's templates by name (with `s`, those whose name starts with
 * it), system ones marked, each with its current version: a page of link rows, then one BatchGet
 * of their records.
 */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const { page, total } = await listDivisionNamed(
    deps.db,
    'inspectionTemplates',
    divisionId!,
    { pageSize: route.pageSize, cursor: query.cursor },
    query.s,
  );
  const records = await batchGet(
    deps.db,
    page.items.map((t) => templateKeys.template(t.id)),
    false,
  );
  const items = page.items.flatMap((t) => {
    const record = itemAt(records, templateKeys.template(t.id));
    return record
      ? [
          {
            id: t.id,
            name: record.name as string,
            isUserTemplate: record.isUserTemplate === true,
            has_acknowledgement: record.has_acknowledgement === true,
            has_compliance_cert: record.has_compliance_cert === true,
            currentVersion: (record.currentVersion as number | undefined) ?? 0,
          },
        ]
      : [];
  });
  return pageOf(route, { items, nextCursor: page.nextCursor }, total);
}

export const handler = httpRoute(route, main);
