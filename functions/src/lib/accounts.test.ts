import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailDateTime, sendInvitation, sendPasswordReset } from './accounts';

/** Dates in e-mails are written in the deployment's region, never as an ambiguous MM-DD-YYYY. */

describe('emailDateTime', () => {
  it("writes the day in the region's order, as the product's long dates, with the time in UTC", () => {
    const date = new Date('2026-06-05T09:07:00.000Z');
    expect(emailDateTime(date, 'UK')).toBe('Friday, 5 June 2026 at 09:07 UTC');
    expect(emailDateTime(date, 'US')).toBe('Friday, June 5, 2026 at 09:07 UTC');
  });

  it('takes the day in UTC, whatever the machine’s time zone', () => {
    const lateEvening = new Date('2026-11-23T23:30:00.000Z');
    expect(emailDateTime(lateEvening, 'UK')).toBe('Monday, 23 November 2026 at 23:30 UTC');
  });
});

describe('the e-mails', () => {
  let outbox: string | undefined;

  afterEach(async () => {
    vi.unstubAllEnvs();
    if (outbox) await rm(outbox, { recursive: true, force: true });
    outbox = undefined;
  });

  async function sentText(region: 'US' | 'UK', send: () => Promise<string>): Promise<string> {
    outbox = await mkdtemp(path.join(tmpdir(), 'stormline-outbox-'));
    vi.stubEnv('OUTBOX_DIR', outbox);
    vi.stubEnv('SITE_URL', 'https://stormline.example.com/');
    vi.stubEnv('REGION_VARIANT', region);
    await send();
    const [file] = await readdir(outbox);
    return (JSON.parse(await readFile(path.join(outbox, file!), 'utf8')) as { text: string }).text;
  }

  const now = new Date('2026-06-05T09:07:00.000Z');
  const user = { email: 'kim@example.com', first_name: 'Kim' };

  it("date the reset link's expiry in the UK's order in the UK", async () => {
    const text = await sentText('UK', () => sendPasswordReset(user, 'token-1', now));
    expect(text).toContain('https://stormline.example.com/reset-password/token-1');
    expect(text).toContain('expires on Friday, 5 June 2026 at 10:07 UTC (in 60 minutes)');
  });

  it("date the invitation's expiry in the US order in the US", async () => {
    const text = await sentText('US', () =>
      sendInvitation(user, {
        token: 'token-2',
        inviter: { first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com' },
        roleName: 'Inspector',
        divisionNames: ['North Region'],
        now,
      }),
    );
    expect(text).toContain('expires on Friday, June 12, 2026 at 09:07 UTC (in 7 days)');
  });
});
