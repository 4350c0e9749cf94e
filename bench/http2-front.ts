import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * CloudFront serves the site over HTTP/2 and HTTP/3 (infra/src/stacks/web-stack.ts); the local
 * gateway speaks HTTP/1.1. Lighthouse's simulation models what it sees: over HTTP/1.1 each of a
 * page's small chunks waits for one of six connections, one round trip at a time, which no user
 * of the deployed site meets. So Lighthouse is pointed at this front: HTTP/2 over TLS (browsers
 * speak HTTP/2 only over TLS) with a throwaway self-signed certificate, passing every request on
 * to the gateway unchanged.
 */
export interface Http2Front {
  url: string;
  close: () => Promise<void>;
}

/** Headers that belong to one HTTP/1.1 connection and must not cross to HTTP/2. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'stormline-h2-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startHttp2Front(target: string): Promise<Http2Front> {
  const upstream = new URL(target);
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = { host: upstream.host };
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !CONNECTION_HEADERS.has(name) && name !== 'host') headers[name] = value;
    }
    // The gateway's origin with the request's path, whatever the path says ('//elsewhere/x' too).
    const url = new URL(`${upstream.origin}/${req.url.replace(/^\/+/, '')}`);
    const forward = http.request(url, { method: req.method, headers }, (answer) => {
      const sent: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!CONNECTION_HEADERS.has(name) && value !== undefined) sent[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, sent);
      answer.pipe(res);
    });
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
