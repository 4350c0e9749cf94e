import { SignatureV4 } from '@smithy/signature-v4';
import type { Deps } from './deps';
import { optionalEnv, requireEnv } from './env';
import { Sha256 } from './secret';

/**
 * Starts an execution of the conversion state machine (CONVERSION_STATE_MACHINE_ARN) with one
 * SigV4-signed StartExecution call, as file-store.ts reaches S3: a route that starts a conversion
 * pays a few hundred bytes where @aws-sdk/client-sfn would cost it its bundle budget
 * (docs/decisions/0007). On one machine STEPFUNCTIONS_ENDPOINT names the local runtime's own
 * endpoint, which runs the same definition with aws-local-stepfunctions (docs/decisions/0038).
 */
export function startConversionExecution(
  deps: Pick<Deps, 'db'>,
  name: string,
  input: Record<string, unknown>,
): Promise<void> {
  return startExecution(deps, requireEnv('CONVERSION_STATE_MACHINE_ARN'), name, input);
}

/** Starts an execution of the report (printing) state machine (REPORT_STATE_MACHINE_ARN, 0042). */
export function startReportExecution(
  deps: Pick<Deps, 'db'>,
  name: string,
  input: Record<string, unknown>,
): Promise<void> {
  return startExecution(deps, requireEnv('REPORT_STATE_MACHINE_ARN'), name, input);
}

async function startExecution(
  deps: Pick<Deps, 'db'>,
  stateMachineArn: string,
  name: string,
  input: Record<string, unknown>,
): Promise<void> {
  const region = optionalEnv('AWS_REGION') ?? 'us-east-1';
  const url = new URL(optionalEnv('STEPFUNCTIONS_ENDPOINT') ?? `https://states.${region}.amazonaws.com/`);
  const body = JSON.stringify({
    stateMachineArn,
    name,
    input: JSON.stringify(input),
  });
  const signer = new SignatureV4({
    service: 'states',
    region,
    credentials: deps.db.doc.config.credentials,
    sha256: Sha256,
  });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query: {},
    headers: {
      host: url.host,
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'AWSStepFunctions.StartExecution',
    },
    body,
  });
  const { host: _host, ...headers } = signed.headers;
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(`StartExecution failed (${response.status}): ${text.slice(0, 300)}`);
  }
}
