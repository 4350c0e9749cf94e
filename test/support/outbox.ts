import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runtimeEnv } from './runtime';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  sentAt: string;
}

/** Every message sent to an address, oldest first, as a person reading the outbox folder sees them. */
export async function messagesTo(to: string): Promise<OutboxMessage[]> {
  const dir = runtimeEnv().OUTBOX_DIR!;
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const messages = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxMessage),
  );
  return messages.filter((m) => m.to === to.toLowerCase());
}

/** The last message sent to an address (fails the test if there is none). */
export async function lastMessageTo(to: string): Promise<OutboxMessage> {
  const messages = await messagesTo(to);
  const last = messages.at(-1);
  if (!last) throw new Error(`No message to ${to} in the outbox`);
  return last;
}

/** The token at the end of the first link to `pathPrefix` in a message ('/user/register/'). */
export function linkToken(message: OutboxMessage, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s]+${pathPrefix}([A-Za-z0-9_-]+)`).exec(message.text);
  if (!match) throw new Error(`No ${pathPrefix} link in: ${message.text}`);
  return match[1]!;
}
