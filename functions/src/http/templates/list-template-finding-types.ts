import { templatesRoutes } from '@stormline/contract/areas/templates';
import { getTemplateVersion } from '@stormline/data/templates';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = templatesRoutes.listTemplateFindingTypes;

/**
 * The finding types of a template the division holds (spec 002 §7): the finding form's type
 * select reads those of the version its inspection pinned (`version`), so a later template edit
 * never changes what an existing inspection offers.
 */
export async function main({ params, query, divisionId, deps }: RouteRequest<typeof route>) {
  const version = await getTemplateVersion(
    deps.db,
    divisionId!,
    params.templateId,
    query.version === undefined ? undefined : Number(query.version),
  );
  return {
    pageData: version.finding_types,
    version: version.version,
    condition_options: version.condition_options,
    control_measure_required: version.control_measure_required,
  };
}

export const handler = httpRoute(route, main);
