import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, HttpRequest, Provider } from '@smithy/types';
import type { Deps } from './deps';
import { optionalEnv, requireEnv } from './env';
import { Sha256 } from './secret';

/**
 * The uploads bucket, reached with SigV4-signed requests and presigned URLs made by the signer the
 * DynamoDB client already carries, so a route that touches files pays about a kilobyte of bundle
 * where @aws-sdk/client-s3 would cost it some 250 KB and its start-up (docs/decisions/0007, 0015).
 * The bucket is private; the browser reaches objects only through URLs presigned here.
 */
export interface FileStore {
  /**
   * A URL the browser PUTs one file of exactly `contentLength` bytes to, for `expiresIn` seconds:
   * the length is signed, so S3 refuses a larger body than the one declared and checked.
   */
  presignPut(key: string, expiresIn: number, contentLength: number): Promise<string>;
  /** A URL that downloads the object under the given file name, for `expiresIn` seconds. */
  presignGet(
    key: string,
    expiresIn: number,
    as: { fileName: string; contentType: string; inline?: boolean },
  ): Promise<string>;
  /** The object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Bytes `start` to `end` inclusive (fewer when the object is shorter). */
  readRange(key: string, start: number, end: number): Promise<Uint8Array>;
  /** False when there is no object `from` (it went meanwhile). */
  copy(from: string, to: string): Promise<boolean>;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Removes the object; a missing one is no error. */
  remove(key: string): Promise<void>;
}

interface FileStoreOptions {
  bucket: string;
  region: string;
  /** The local runtime's s3rver (path-style URLs); absent in the cloud (virtual-hosted S3). */
  endpoint?: string;
  credentials: AwsCredentialIdentity | Provider<AwsCredentialIdentity>;
}

/** s3rver's one account: it refuses other access keys (and checks no SigV4 signature). */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export class FileStoreError extends Error {}

export function createFileStore(options: FileStoreOptions): FileStore {
  const base = options.endpoint
    ? new URL(`${options.endpoint.replace(/\/$/, '')}/${options.bucket}/`)
    : new URL(`https://${options.bucket}.s3.${options.region}.amazonaws.com/`);
  const signer = new SignatureV4({
    service: 's3',
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });

  function request(
    method: string,
    key: string,
    headers: Record<string, string> = {},
    query: Record<string, string> = {},
  ): HttpRequest {
    const url = new URL(key, base);
    return {
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query,
      headers: { host: url.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD', ...headers },
    };
  }

  /** The URL as signed: query values encoded as SigV4 encodes them (%20, never '+'). */
  function urlOf(signed: HttpRequest): string {
    const query = Object.entries(signed.query ?? {})
      .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, v] as const))
      .filter((pair): pair is readonly [string, string] => pair[1] !== null)
      .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
      .join('&');
    return `${signed.protocol}//${signed.headers.host}${signed.path}${query ? `?${query}` : ''}`;
  }

  async function send(
    method: string,
    key: string,
    headers: Record<string, string> = {},
    body?: Uint8Array,
  ): Promise<Response> {
    const signed = await signer.sign(request(method, key, headers));
    const { host: _host, ...sent } = signed.headers;
    return fetch(urlOf(signed), { method, headers: sent, body: body ? Buffer.from(body) : undefined });
  }

  async function ok(response: Response, what: string, allowed: number[] = []): Promise<Response> {
    if (response.ok || allowed.includes(response.status)) return response;
    const text = await response.text().catch(() => '');
    throw new FileStoreError(`${what} failed (${response.status}): ${text.slice(0, 300)}`);
  }

  return {
    async presignPut(key, expiresIn, contentLength) {
      return urlOf(
        await signer.presign(request('PUT', key, { 'content-length': String(contentLength) }), { expiresIn }),
      );
    },

    async presignGet(key, expiresIn, as) {
      const disposition = `${as.inline ? 'inline' : 'attachment'}; filename="${asciiName(as.fileName)}"; filename*=UTF-8''${encodeURIComponent(as.fileName)}`;
      const signed = await signer.presign(
        request(
          'GET',
          key,
          {},
          {
            'response-content-disposition': disposition,
            'response-content-type': as.contentType,
            'response-cache-control': 'private, no-store',
          },
        ),
        { expiresIn },
      );
      return urlOf(signed);
    },

    async size(key) {
      const response = await send('HEAD', key);
      if (response.status === 404) return null;
      await ok(response, 'Reading a file');
      return Number(response.headers.get('content-length') ?? 0);
    },

    async readRange(key, start, end) {
      const response = await ok(
        await send('GET', key, { range: `bytes=${start}-${end}` }),
        'Reading a file',
        [416],
      );
      if (response.status === 416) return new Uint8Array();
      return new Uint8Array(await response.arrayBuffer());
    },

    async copy(from, to) {
      const response = await ok(
        await send('PUT', to, { 'x-amz-copy-source': `/${options.bucket}/${from}` }),
        'Copying a file',
        [404],
      );
      return response.status !== 404;
    },

    async put(key, body, contentType) {
      await ok(
        await send(
          'PUT',
          key,
          { 'content-type': contentType, 'content-length': String(body.byteLength) },
          body,
        ),
        'Storing a file',
      );
    },

    async remove(key) {
      await ok(await send('DELETE', key), 'Removing a file', [404]);
    },
  };
}

function rfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The plain-ASCII fallback of a file name in Content-Disposition. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
}

/** The uploads bucket of this deployment (BUCKET_NAME; S3_ENDPOINT on one machine). */
export function fileStoreOf(deps: Pick<Deps, 'db'>): FileStore {
  const endpoint = optionalEnv('S3_ENDPOINT');
  return createFileStore({
    bucket: requireEnv('BUCKET_NAME'),
    region: optionalEnv('AWS_REGION') ?? 'us-east-1',
    endpoint,
    credentials: endpoint ? LOCAL_CREDENTIALS : deps.db.doc.config.credentials,
  });
}
