import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, Provider } from '@smithy/types';
import { getTableDb } from './deps';
import { optionalEnv, requireEnv } from './env';
import { Sha256 } from './secret';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

/**
 * Sends e-mail and SMS. On one machine (OUTBOX_DIR set) every message is a JSON file in the
 * outbox folder that a person or a test can read. In the cloud an e-mail goes through SES from
 * MAIL_FROM, an SMS through SNS Publish to the phone number.
 */
export async function sendMessage(message: OutgoingMessage, now = new Date()): Promise<string> {
  const dir = optionalEnv('OUTBOX_DIR');
  if (dir) return writeToOutbox(dir, message, now);
  // The credentials the table client already resolves (a stream handler has no sign-in secret).
  const options = { region: requireEnv('AWS_REGION'), credentials: getTableDb().doc.config.credentials };
  if (message.channel === 'sms') return sendWithSns(message, options);
  return sendWithSes(message, { ...options, from: requireEnv('MAIL_FROM') });
}

async function writeToOutbox(dir: string, message: OutgoingMessage, now: Date): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(
    dir,
    `${now.toISOString().replace(/[:.]/g, '-')}-${message.channel}-${randomUUID()}.json`,
  );
  await writeFile(file, JSON.stringify({ ...message, sentAt: now.toISOString() }, null, 2));
  return file;
}

/**
 * One SigV4-signed call to SES v2 SendEmail, with the signer and credentials the DynamoDB client
 * already carries (as secret.ts reads its secret): no SES client in the bundle
 * (docs/decisions/0007). Answers SES's message id.
 */
export async function sendWithSes(
  message: OutgoingMessage,
  options: {
    from: string;
    region: string;
    credentials: Provider<AwsCredentialIdentity>;
    fetch?: typeof fetch;
  },
): Promise<string> {
  const hostname = `email.${options.region}.amazonaws.com`;
  const signer = new SignatureV4({
    service: 'ses',
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
  });
  const content = (data: string) => ({ Data: data, Charset: 'UTF-8' });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'https:',
    hostname,
    path: '/v2/email/outbound-emails',
    headers: { host: hostname, 'content-type': 'application/json' },
    body: JSON.stringify({
      FromEmailAddress: options.from,
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: { Subject: content(message.subject ?? ''), Body: { Text: content(message.text) } },
      },
    }),
  });
  const response = await (options.fetch ?? fetch)(`https://${hostname}/v2/email/outbound-emails`, {
    method: 'POST',
    headers: signed.headers,
    body: signed.body as string,
  });
  const answer = (await response.json()) as { MessageId?: string; message?: string };
  if (!response.ok)
    throw new Error(`Sending the e-mail failed (${response.status}): ${answer.message ?? ''}`);
  return answer.MessageId ?? '';
}

/**
 * One SigV4-signed call to SNS Publish to a phone number (the query API), as sendWithSes does for
 * e-mail: no SNS client in the bundle. Answers SNS's message id.
 */
export async function sendWithSns(
  message: OutgoingMessage,
  options: { region: string; credentials: Provider<AwsCredentialIdentity>; fetch?: typeof fetch },
): Promise<string> {
  const hostname = `sns.${options.region}.amazonaws.com`;
  const signer = new SignatureV4({
    service: 'sns',
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
  });
  const body = new URLSearchParams({
    Action: 'Publish',
    Version: '2010-03-31',
    PhoneNumber: message.to,
    Message: message.text,
  }).toString();
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'https:',
    hostname,
    path: '/',
    headers: { host: hostname, 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const response = await (options.fetch ?? fetch)(`https://${hostname}/`, {
    method: 'POST',
    headers: signed.headers,
    body,
  });
  const answer = await response.text();
  if (!response.ok) throw new Error(`Sending the SMS failed (${response.status}): ${answer.slice(0, 200)}`);
  return /<MessageId>([^<]+)<\/MessageId>/.exec(answer)?.[1] ?? '';
}
