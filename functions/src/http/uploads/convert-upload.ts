import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { conversionView, convertSiteMap } from '../../lib/site-map-conversion';

const route = uploadsRoutes.convertUpload;

/**
 * Converts an Active Site Map document to page images again (spec 002 §2 document action
 * "convert", §7 convert:pdf:png): answers 202 with the conversion queued; its progress goes out on
 * status:convert:pdf:png:{uploadId} and is stored on the document for a reload. The model name and
 * attributes are accepted as the spec sends them; the document's current file is what converts.
 */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const conversion = await convertSiteMap(deps, caller, divisionId!, params.id);
  return { status: 202, body: conversionView(conversion) };
}

export const handler = httpRoute(route, main);
