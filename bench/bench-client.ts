/** One request as the benchmarks send it: a concrete path, the headers and an optional JSON body. */
export interface BenchRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface BenchResponse {
  status: number;
  body: unknown;
  /** The DynamoDB capacity the request consumed, from the gateway's x-consumed-*-units headers. */
  rcu: number;
  wcu: number;
  /** Wall time from sending to the end of the body, in milliseconds. */
  ms: number;
}

export interface BenchClient {
  url: string;
  send(request: BenchRequest): Promise<BenchResponse>;
  /** Signs a demo account in (correct credentials only: failures are throttled per account and address). */
  signIn(email: string, password: string): Promise<string>;
}

export function jsonRequest(
  method: string,
  path: string,
  options: { token?: string; divisionId?: string; body?: unknown } = {},
): BenchRequest {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.divisionId) headers.divisionid = options.divisionId;
  if (options.body === undefined) return { method, path, headers };
  headers['content-type'] = 'application/json';
  return { method, path, headers, body: JSON.stringify(options.body) };
}

function units(headers: Headers, name: string): number {
  const value = Number(headers.get(name));
  return Number.isFinite(value) ? value : Number.NaN;
}

export function createBenchClient(url: string): BenchClient {
  async function send(request: BenchRequest): Promise<BenchResponse> {
    const started = performance.now();
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON; callers only read bodies of successful JSON answers.
    }
    return {
      status: response.status,
      body,
      rcu: units(response.headers, 'x-consumed-read-units'),
      wcu: units(response.headers, 'x-consumed-write-units'),
      ms,
    };
  }

  async function signIn(email: string, password: string): Promise<string> {
    const response = await send(jsonRequest('POST', '/api/login', { body: { email, password } }));
    const token = (response.body as { token?: unknown } | undefined)?.token;
    if (response.status !== 200 || typeof token !== 'string')
      throw new Error(`Sign-in of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
    return token;
  }

  return { url, send, signIn };
}
