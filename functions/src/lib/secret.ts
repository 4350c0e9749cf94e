import { createHash, createHmac } from 'node:crypto';
import type { BinaryLike } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, Provider, SourceData } from '@smithy/types';

function bytes(data: SourceData): BinaryLike {
  return data instanceof ArrayBuffer ? new Uint8Array(data) : (data as BinaryLike);
}

/** SHA-256 (or its HMAC, given a key) in the shape the SigV4 signer asks for. */
export class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
}

/**
 * Reads a Secrets Manager secret with one SigV4-signed call. The signer and the credentials are
 * the ones the DynamoDB client already carries, so this costs about a kilobyte of bundle where
 * @aws-sdk/client-secrets-manager cost every Lambda 26 KB and its start-up (docs/decisions/0007).
 * It runs once per container.
 */
export async function readSecretString(options: {
  secretId: string;
  region: string;
  credentials: Provider<AwsCredentialIdentity>;
}): Promise<string> {
  const hostname = `secretsmanager.${options.region}.amazonaws.com`;
  const signer = new SignatureV4({
    service: 'secretsmanager',
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
  });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'https:',
    hostname,
    path: '/',
    headers: {
      host: hostname,
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'secretsmanager.GetSecretValue',
    },
    body: JSON.stringify({ SecretId: options.secretId }),
  });
  const response = await fetch(`https://${hostname}/`, {
    method: 'POST',
    headers: signed.headers,
    body: signed.body as string,
  });
  const answer = (await response.json()) as { SecretString?: string; message?: string; Message?: string };
  if (!response.ok) {
    throw new Error(
      `Reading the secret failed (${response.status}): ${answer.message ?? answer.Message ?? ''}`,
    );
  }
  if (!answer.SecretString) throw new Error('The secret is empty');
  return answer.SecretString;
}
