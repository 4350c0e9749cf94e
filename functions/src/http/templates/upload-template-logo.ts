import { templatesRoutes } from '@stormline/contract/areas/templates';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { uploadTemplateLogo } from '../../lib/template-logo';

const route = templatesRoutes.uploadTemplateLogo;

/**
 * Spec 002 §7 "Logo: POST (multipart 'file')": the file came straight to storage (POST
 * /api/uploads); the server sniffs it (png or jpeg, at most 2 MB) and makes it the draft's logo,
 * replacing the one before (docs/decisions/0036). Answers the new logo_GUID.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const guid = await uploadTemplateLogo(deps, caller, divisionId!, params.templateId, body.upload);
  return { status: 201, body: { logo_GUID: guid } };
}

export const handler = httpRoute(route, main);
