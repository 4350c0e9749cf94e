import { timingSafeEqual } from 'node:crypto';
import { header } from './authenticate';
import { optionalEnv } from './env';
import type { GatewayEvent } from './gateway-event';

/**
 * The address of the person calling. Behind CloudFront, API Gateway's sourceIp is an edge
 * server shared by many viewers, so CloudFront's CloudFront-Viewer-Address header is used, but
 * only when the request also carries the origin secret CloudFront adds: called directly, anyone
 * could write that header. On one machine the socket's address is the viewer's.
 */
export function viewerAddress(event: GatewayEvent): string {
  const secret = optionalEnv('ORIGIN_VERIFY_SECRET');
  const viewer = header(event, 'cloudfront-viewer-address');
  if (secret && viewer && sameSecret(header(event, 'x-origin-verify') ?? '', secret)) {
    // "203.0.113.10:46532" or "2001:db8::1:46532": the port follows the last colon.
    return viewer.slice(0, viewer.lastIndexOf(':')) || viewer;
  }
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
