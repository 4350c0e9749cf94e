import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { requireEnv } from './env';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
}

/**
 * Sends e-mail and SMS. On one machine every message is a JSON file in the outbox folder that a
 * person or a test can read; the cloud adapter (SES / SNS) arrives with the notifications work.
 */
export async function sendMessage(message: OutgoingMessage, now = new Date()): Promise<string> {
  const dir = requireEnv('OUTBOX_DIR');
  await mkdir(dir, { recursive: true });
  const file = path.join(
    dir,
    `${now.toISOString().replace(/[:.]/g, '-')}-${message.channel}-${randomUUID()}.json`,
  );
  await writeFile(file, JSON.stringify({ ...message, sentAt: now.toISOString() }, null, 2));
  return file;
}
