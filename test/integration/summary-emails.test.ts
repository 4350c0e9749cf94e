import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotification } from '@stormline/data/notifications';
import { readUser } from '@stormline/data/users';
import { resetDeps } from '@stormline/functions/lib/deps';
import { sendSummaryOf } from '@stormline/functions/jobs/summary-emails';
import { call, NORTH } from '../support/api';
import { messagesTo } from '../support/outbox';
import { runtimeEnv } from '../support/runtime';
import { testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The summary e-mail job (issue 11): at the user's frequency, the notifications of the period that
 * has just ended, once; nothing at 'Never', nothing for an empty period.
 */

const db = testTable();
const now = new Date('2026-11-26T06:00:00.000Z');
const yesterday = (hour: number) => new Date(`2026-11-25T${String(hour).padStart(2, '0')}:00:00.000Z`);

beforeAll(() => {
  const env = runtimeEnv();
  for (const name of ['TABLE_NAME', 'DYNAMODB_ENDPOINT', 'AWS_REGION', 'OUTBOX_DIR'])
    process.env[name] = env[name];
  resetDeps();
});
afterAll(() => db.doc.destroy());

async function userWithFrequency(frequency: string) {
  const user = await createTestUser('Inspector', [NORTH]);
  const token = await signInAs(user);
  const set = await call('/api/notifications/frequency', { method: 'PUT', token, body: { frequency } });
  expect(set.status).toBe(200);
  return (await readUser(db, user.id))!;
}

describe('summary e-mails', () => {
  it('sends a daily user yesterday’s notifications once, leaving out today’s', async () => {
    const user = await userWithFrequency('Daily');
    const input = (title: string) => ({ title, content: `${title} on Aire Sidings`, link: null });
    await createNotification(db, user.id, input('Inspection Complete'), yesterday(9));
    await createNotification(db, user.id, input('Missed Inspection'), yesterday(23));
    await createNotification(db, user.id, input('Project Assigned'), new Date('2026-11-26T01:00:00.000Z'));

    expect(await sendSummaryOf(db, user, now)).toBe(true);
    // A retried or overlapping run: the period was claimed, nothing is sent again.
    expect(await sendSummaryOf(db, user, new Date(now.getTime() + 3_600_000))).toBe(false);
    const mails = (await messagesTo(user.email)).filter((m) => m.subject?.includes('summary'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your daily Stormline summary: 2 notifications');
    expect(mails[0]!.text).toContain('- 2026-11-25 Missed Inspection: Missed Inspection on Aire Sidings');
    expect(mails[0]!.text).toContain('- 2026-11-25 Inspection Complete');
    expect(mails[0]!.text).not.toContain('Project Assigned');
  });

  it('sends nothing at Never, and nothing for a period with nothing in it', async () => {
    const never = await userWithFrequency('Never');
    await createNotification(
      db,
      never.id,
      { title: 'Inspection Complete', content: 'x', link: null },
      yesterday(9),
    );
    expect(await sendSummaryOf(db, never, now)).toBe(false);
    const quiet = await userWithFrequency('Daily');
    expect(await sendSummaryOf(db, quiet, now)).toBe(false);
    expect(await messagesTo(never.email)).toEqual([]);
    expect(await messagesTo(quiet.email)).toEqual([]);
  });
});
