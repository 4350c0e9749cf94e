import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sendMessage } from '@stormline/functions/lib/outbox';
import { runtimeEnv } from '../support/runtime';

describe('the mail and SMS outbox', () => {
  it('writes one readable file a message into the outbox folder', async () => {
    process.env.OUTBOX_DIR = runtimeEnv().OUTBOX_DIR;
    const file = await sendMessage({
      channel: 'email',
      to: 'inspector@example.com',
      subject: 'Missed Inspection',
      text: 'Cedar Ridge was due yesterday.',
    });
    expect(file.startsWith(runtimeEnv().OUTBOX_DIR!)).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      channel: 'email',
      to: 'inspector@example.com',
      subject: 'Missed Inspection',
      text: 'Cedar Ridge was due yesterday.',
    });
  });
});
