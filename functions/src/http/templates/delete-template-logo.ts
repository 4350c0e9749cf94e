import { templatesRoutes } from '@stormline/contract/areas/templates';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { removeTemplateLogo } from '../../lib/template-logo';

const route = templatesRoutes.deleteTemplateLogo;

/** Spec 002 §7 "Logo: DELETE": the draft has no logo; versions published with one keep it. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  await removeTemplateLogo(deps, caller, divisionId!, params.templateId);
  return { logo_GUID: null };
}

export const handler = httpRoute(route, main);
