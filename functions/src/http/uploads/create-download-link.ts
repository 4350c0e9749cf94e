import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { issueDownloadToken } from '../../lib/tokens';

const route = uploadsRoutes.createDownloadLink;

/**
 * A link the browser can open (a PDF in a new tab, an image): the path with a download token for
 * exactly that path, valid 5 minutes, never the session token (URLs end up in history and logs).
 * It grants nothing of its own: opening it signs in as the caller, and the download route checks
 * the caller may read that record, as it would with the session.
 */
export async function main({ body, caller, deps }: RouteRequest<typeof route>) {
  const token = issueDownloadToken(caller.token, body.path, deps.jwtSecret, deps.now());
  return { url: `${body.path}?token=${encodeURIComponent(token)}` };
}

export const handler = httpRoute(route, main);
