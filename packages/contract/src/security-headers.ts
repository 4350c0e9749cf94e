/**
 * The security headers of every response the site sends, in one place. CloudFront's response
 * headers policy (infra/src/stacks/web-stack.ts) is built from these and attached to the SPA's
 * behaviour and every API behaviour; the local gateway (packages/local/src/gateway.ts) sends the
 * same on every response, so a Content-Security-Policy that breaks the SPA breaks it on one
 * machine too, not only after a deploy.
 */

/** Strict-Transport-Security: a year, subdomains included. Sent by CloudFront only (see localSecurityHeaders). */
export const HSTS = { maxAgeSeconds: 365 * 24 * 60 * 60, includeSubdomains: true } as const;

export const FRAME_OPTIONS = 'DENY';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The Content-Security-Policy, directive by directive, as the cloud sends it. The API is the
 * site's own origin, the WebSocket API an execute-api endpoint, uploads and downloads presigned
 * S3 URLs, the map tiles OpenStreetMap's and the weather strip Open-Meteo's.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.amazonaws.com', 'https://*.tile.openstreetmap.org'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'", 'wss://*.amazonaws.com', 'https://*.amazonaws.com', 'https://api.open-meteo.com'],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  // Forms post only to the site: form-action does not fall back to default-src.
  'form-action': ["'self'"],
};

/** The policy as one header value, with `extra` sources added to the directives they name. */
export function contentSecurityPolicy(extra: Readonly<Record<string, readonly string[]>> = {}): string {
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => [name, ...sources, ...(extra[name] ?? [])].join(' '))
    .join('; ');
}

/** The headers CloudFront adds to every response (header names in lower case). */
export function cloudSecurityHeaders(): Record<string, string> {
  return {
    'strict-transport-security': `max-age=${HSTS.maxAgeSeconds}${HSTS.includeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    'content-security-policy': contentSecurityPolicy(),
  };
}

/**
 * The headers the local gateway sends: the cloud's, with these differences.
 * - connect-src also allows the gateway's own WebSocket origin (`ws://localhost:3000`), which
 *   the cloud never serves; the cloud policy is not loosened for it. CSP Level 3 lets 'self'
 *   cover it, but not every browser does.
 * - connect-src and img-src also allow the local storage's origin (s3rver, `http://127.0.0.1:…`),
 *   where presigned uploads and downloads go on one machine as they go to S3 in the cloud.
 * - No Strict-Transport-Security. The gateway speaks plain HTTP, where browsers must ignore it
 *   (RFC 6797 §8.1), so it would test nothing; and behind a local HTTPS proxy it would pin every
 *   development server on localhost to HTTPS for a year.
 */
export function localSecurityHeaders(
  webSocketOrigin: string,
  storageOrigin?: string,
): Record<string, string> {
  const { 'strict-transport-security': _cloudOnly, ...headers } = cloudSecurityHeaders();
  const storage = storageOrigin ? [storageOrigin] : [];
  return {
    ...headers,
    'content-security-policy': contentSecurityPolicy({
      'connect-src': [webSocketOrigin, ...storage],
      'img-src': storage,
    }),
  };
}
