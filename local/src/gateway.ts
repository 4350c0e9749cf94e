import { randomUUID } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCompress } from 'node:zlib';
import { createRouteMatcher, isApiPath } from '@stormline/contract/match-route';
import type { Route } from '@stormline/contract/route';
import { tableAccessOf } from '@stormline/contract/route';
import { ROUTES } from '@stormline/contract/route-table';
import { localSecurityHeaders } from '@stormline/contract/security-headers';
import type { WebConfig } from '@stormline/contract/web-config';
import { capacityTally, tableAccess } from '@stormline/data/dynamo';
import type { GatewayEvent, GatewayResult } from '@stormline/functions/lib/gateway-event';

/** API Gateway's own payload limit; the handlers refuse far less, but the gateway must not buffer without bound. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

type LambdaHandler = (event: GatewayEvent, context: unknown) => Promise<GatewayResult>;

const handlerCache = new Map<string, Promise<LambdaHandler>>();

/** The same module a route's Lambda runs; unimplemented routes share the not-implemented handler. */
function loadHandler(route: Route): Promise<LambdaHandler> {
  let handler = handlerCache.get(route.key);
  if (!handler) {
    handler = route.implemented
      ? import(`@stormline/functions/http/${route.handler}`).then(
          (m: { handler: LambdaHandler }) => m.handler,
        )
      : import('@stormline/functions/http/not-implemented').then(
          (m) => m.notImplementedHandler(route) as unknown as LambdaHandler,
        );
    handlerCache.set(route.key, handler);
  }
  return handler;
}

/**
 * Runs a handler with the table rights its Lambda's role has in the cloud (infra's bindTable):
 * a GET route reads only, so one that writes fails here as it would in AWS, not only after deploy.
 */
export function asRoute<T>(route: Route, run: () => Promise<T>): Promise<T> {
  return tableAccess.run(tableAccessOf(route), run);
}

function lambdaContext(requestId: string) {
  const deadline = Date.now() + 30_000;
  return {
    awsRequestId: requestId,
    functionName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
}

function readBody(req: http.IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        resolve('too-large');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function isTextual(contentType: string | undefined): boolean {
  return !contentType || /json|text|xml|x-www-form-urlencoded/.test(contentType);
}

/** Turns a Node request into the API Gateway HTTP API v2 event the Lambda would receive. */
export function toGatewayEvent(
  req: http.IncomingMessage,
  url: URL,
  route: Route,
  params: Record<string, string>,
  body: Buffer,
): GatewayEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams)
    query[name] = name in query ? `${query[name]},${value}` : value;
  const textual = isTextual(headers['content-type']);
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: route.key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(params).length > 0 ? params : undefined,
    body: body.length > 0 ? body.toString(textual ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      requestId,
      routeKey: route.key,
      timeEpoch: Date.now(),
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
        protocol: `HTTP/${req.httpVersion}`,
      },
    },
  };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/**
 * CloudFront compresses text of 1,000 bytes to 10 MB when the viewer accepts it (the
 * CachingOptimized policy allows brotli and gzip), brotli first. Compressing here too keeps what
 * the browser downloads, and what Lighthouse measures locally, the size it is in the cloud.
 */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1000;
type Encoding = 'br' | 'gzip';

function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/** Each file's compressed body per encoding, kept while the file is unchanged (size and mtime). */
const compressedCache = new Map<string, { version: string; body: Promise<Buffer> }>();
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

function compressed(file: string, info: Stats, encoding: Encoding): Promise<Buffer> {
  const key = `${file}\0${encoding}`;
  const version = `${info.size}\0${info.mtimeMs}`;
  const cached = compressedCache.get(key);
  if (cached?.version === version) return cached.body;
  // A moderate brotli quality: CloudFront compresses on the fly, not at the slowest setting.
  const body = readFile(file).then((content) =>
    encoding === 'br'
      ? brotli(content, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        })
      : gzip(content),
  );
  body.catch(() => compressedCache.delete(key));
  compressedCache.set(key, { version, body });
  return body;
}

/** The built SPA, with client-side routes falling back to index.html as CloudFront does. */
async function serveStatic(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  webDist: string,
  pathname: string,
): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const safe = path.normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  let file = path.join(webDist, safe);
  if (!file.startsWith(webDist)) file = path.join(webDist, 'index.html');
  let info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) {
    file = path.join(webDist, 'index.html');
    info = await stat(file).catch(() => undefined);
  }
  if (!info) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The web app is not built yet: run `npm run build:web`.');
    return;
  }
  const contentType = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
  // Hashed file names under /assets/ never change content: cached for a year. index.html (and
  // anything else unhashed) is revalidated on every visit, so a deploy is seen at once.
  const immutable = file.startsWith(path.join(webDist, 'assets') + path.sep);
  const headers: http.OutgoingHttpHeaders = {
    'content-type': contentType,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  const encoding =
    COMPRESSIBLE.test(contentType) && info.size >= MIN_COMPRESS_BYTES
      ? acceptedEncoding(req.headers['accept-encoding'])
      : null;
  if (COMPRESSIBLE.test(contentType)) headers.vary = 'Accept-Encoding';
  if (!encoding) {
    res.writeHead(200, { ...headers, 'content-length': info.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return;
  }
  const body = await compressed(file, info, encoding);
  res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** ws:// and the host the browser asked for, when it is a plain host[:port]; else our own port. */
function webSocketOrigin(req: http.IncomingMessage): string {
  const host = req.headers.host;
  const plain = host !== undefined && /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d+)?$/i.test(host);
  return `ws://${plain ? host : `localhost:${req.socket.localPort}`}`;
}

/**
 * What CloudFront's response headers policy adds to every response of the site, the SPA's and
 * the API's alike, from the same source (@stormline/contract/security-headers). Set before the
 * response's own headers, which would win a clash here where CloudFront's override does not:
 * test/integration/gateway.test.ts checks what reaches the browser.
 */
function setSecurityHeaders(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  storageOrigin: string,
): void {
  const origins = { webSocket: webSocketOrigin(req), storage: storageOrigin };
  for (const [name, value] of Object.entries(localSecurityHeaders(origins))) {
    res.setHeader(name, value);
  }
}

export interface GatewayOptions {
  webDist: string;
  webConfig: WebConfig;
  /** The local storage's origin (s3rver), where the browser sends presigned uploads. */
  storageOrigin: string;
  /**
   * Extra request handlers tried before the API and the SPA: the local @connections endpoint,
   * which only the handlers call (API Gateway's management API in the cloud), never a browser.
   */
  extra?: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<boolean>;
}

/**
 * The local stand-in for API Gateway + CloudFront: API paths go to the route's handler module as
 * a v2 event, /config.json is the SPA's runtime configuration, everything else is the SPA.
 */
export function createGateway(options: GatewayOptions): http.Server {
  const matchRoute = createRouteMatcher(ROUTES);

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    let match;
    try {
      match = matchRoute(method, url.pathname);
    } catch {
      return sendJson(res, 400, { message: 'The request path is not valid' });
    }
    if (!match) return sendJson(res, 404, { message: `Unknown route: ${method} ${url.pathname}` });
    const body = await readBody(req);
    if (body === 'too-large') return sendJson(res, 413, { message: 'The request body is too large' });
    const event = toGatewayEvent(req, url, match.route, match.params, body);
    const handler = await loadHandler(match.route);
    const tally = { read: 0, write: 0 };
    const result = await capacityTally.run(tally, () =>
      asRoute(match.route, () => handler(event, lambdaContext(event.requestContext.requestId))),
    );
    res.writeHead(result.statusCode, {
      ...result.headers,
      'x-consumed-read-units': String(tally.read),
      'x-consumed-write-units': String(tally.write),
    });
    res.end(
      result.body === undefined
        ? undefined
        : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8'),
    );
  }

  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const work = async () => {
      if (options.extra && (await options.extra(req, res, url))) return;
      setSecurityHeaders(req, res, options.storageOrigin);
      if (url.pathname === '/config.json') return sendJson(res, 200, options.webConfig);
      if (isApiPath(url.pathname, ROUTES)) return handleApi(req, res, url);
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return sendJson(res, 405, { message: 'Method not allowed' });
      return serveStatic(req, res, options.webDist, url.pathname);
    };
    work().catch((error: unknown) => {
      console.error('gateway error', error);
      if (!res.headersSent)
        sendJson(res, 500, { message: 'Something went wrong on our side. Please try again.' });
      else res.end();
    });
  });
}
