import { templatesRoutes } from '@stormline/contract/areas/templates';
import { getTemplateForEditing } from '@stormline/data/template-drafts';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { contentOf } from '../../lib/template-editor';

const route = templatesRoutes.getTemplateLogo;

/**
 * Spec 002 §7 "Logo: GET": the logo_GUID of a user template's draft (what the editor shows), or of
 * a system template's current version; null when it has none. The image is at /dl/{GUID}.
 */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const template = await getTemplateForEditing(deps.db, divisionId!, params.templateId);
  const content = await contentOf(deps.db, divisionId!, template);
  return { logo_GUID: content.logo_GUID ?? null };
}

export const handler = httpRoute(route, main);
