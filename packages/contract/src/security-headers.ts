/**
 * The security headers of every response the site sends, in one place. CloudFront's response
 * headers policy (infra/src/stacks/web-stack.ts) is built from these and attached to the SPA's
 * behaviour and every API behaviour; the local gateway (local/src/gateway.ts) sends the
 * same on every response, so a Content-Security-Policy that breaks the SPA breaks it on one
 * machine too, not only after a deploy.
 */

/** Strict-Transport-Security: a year, subdomains included. Sent by CloudFront only (see localSecurityHeaders). */
export const HSTS = { maxAgeSeconds: 365 * 24 * 60 * 60, includeSubdomains: true } as const;

/**
 * Framing by the site itself only: the template editor frames its live preview at phone width
 * (docs/decisions/0036); no other site may frame any page (clickjacking).
 */
export const FRAME_OPTIONS = 'SAMEORIGIN';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The two origins besides the site's own that the browser talks to, named exactly (never a
 * wildcard such as *.amazonaws.com, which any AWS customer's bucket would satisfy): the WebSocket
 * API, and the storage that presigned uploads go to and downloads come from.
 */
export interface BrowserOrigins {
  /** `wss://{api}.execute-api.{region}.amazonaws.com` in the cloud, `ws://localhost:3000` on one machine. */
  webSocket: string;
  /** `https://{bucket}.s3.{region}.amazonaws.com` in the cloud, s3rver's `http://127.0.0.1:…` on one machine. */
  storage: string;
  /**
   * The user-manual CMS's origin, when the deployment names one: the SPA reads its posts endpoint,
   * and the manuals show its images (WordPress keeps them under the site's /wp-content/uploads).
   */
  cms?: string;
}

/**
 * The Content-Security-Policy, directive by directive, before the deployment's own origins are
 * added (contentSecurityPolicy). The API is the site's own origin and the map tiles OpenStreetMap's;
 * the weather strip asks the API, which asks the forecast provider (docs/decisions/0020).
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  // Scripts from the site only; WebAssembly may be compiled (the document viewer's PDF engine,
  // PDFium, self-hosted: docs/decisions/0039). No eval, no inline script, no other origin.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  // Forms post only to the site: form-action does not fall back to default-src.
  'form-action': ["'self'"],
};

/**
 * The policy as one header value: the WebSocket API and the storage may be connected to, and
 * images may come from the storage (a download link redirects there). CSP Level 3 lets 'self'
 * cover a same-host ws:// origin, but not every browser does, so the WebSocket is always named.
 */
export function contentSecurityPolicy(origins: BrowserOrigins): string {
  const extra: Record<string, readonly string[]> = {
    'connect-src': [origins.webSocket, origins.storage, ...(origins.cms ? [origins.cms] : [])],
    'img-src': [origins.storage, ...(origins.cms ? [origins.cms] : [])],
  };
  return Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => [name, ...sources, ...(extra[name] ?? [])].join(' '))
    .join('; ');
}

/** The headers CloudFront adds to every response (header names in lower case). */
export function cloudSecurityHeaders(origins: BrowserOrigins): Record<string, string> {
  return {
    'strict-transport-security': `max-age=${HSTS.maxAgeSeconds}${HSTS.includeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    'content-security-policy': contentSecurityPolicy(origins),
  };
}

/**
 * The headers the local gateway sends: the cloud's for its own origins (its WebSocket, s3rver
 * for storage), without Strict-Transport-Security. The gateway speaks plain HTTP, where browsers
 * must ignore it (RFC 6797 §8.1), so it would test nothing; and behind a local HTTPS proxy it
 * would pin every development server on localhost to HTTPS for a year.
 */
export function localSecurityHeaders(origins: BrowserOrigins): Record<string, string> {
  const { 'strict-transport-security': _cloudOnly, ...headers } = cloudSecurityHeaders(origins);
  return headers;
}
