import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@stormline/data/dynamo';
import { issueLink } from '@stormline/data/invitations';
import { countAttempt } from '@stormline/data/sign-in-state';
import { findUserByEmail } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { sendPasswordReset } from '../../lib/accounts';
import type { Deps } from '../../lib/deps';
import { FORGOT_PASSWORD_ANSWER_MS, main } from './forgot-password';

/**
 * POST /api/forgotPassword must not tell whether an account exists: a known address whose link
 * or e-mail fails answers exactly what an unknown address does (200, the same message, after the
 * same floor), and the failure is logged. The data layer and the sender are stand-ins here.
 */

vi.mock('@stormline/data/sign-in-state', () => ({ countAttempt: vi.fn() }));
vi.mock('@stormline/data/users', () => ({ findUserByEmail: vi.fn() }));
vi.mock('@stormline/data/invitations', () => ({ issueLink: vi.fn() }));
vi.mock('../../lib/accounts', () => ({ sendPasswordReset: vi.fn() }));

const KNOWN = 'known@example.com';
const user = { id: 'user-1', email: KNOWN, first_name: 'Kim', status: 'active' } as UserRecord;
const deps: Deps = { db: {} as Db, jwtSecret: 'secret', region: 'UK', now: () => new Date() };

let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.mocked(countAttempt).mockResolvedValue({ counted: true } as Awaited<ReturnType<typeof countAttempt>>);
  vi.mocked(findUserByEmail).mockImplementation(async (_db, email) => (email === KNOWN ? user : undefined));
  vi.mocked(issueLink).mockResolvedValue(undefined);
  vi.mocked(sendPasswordReset).mockResolvedValue('sent');
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.resetAllMocks();
  errors.mockRestore();
});

async function ask(email: string) {
  const started = performance.now();
  const answer = await main({ body: { email }, deps } as unknown as Parameters<typeof main>[0]);
  return { answer, ms: performance.now() - started };
}

const expected = (email: string) => ({
  message: `If an account exists for ${email}, we have sent it a link to reset the password. The link expires in 60 minutes.`,
});

describe('POST /api/forgotPassword', () => {
  it('answers a known address whose e-mail fails to send as it answers an unknown one, and logs it', async () => {
    vi.mocked(sendPasswordReset).mockRejectedValue(
      new Error('Sending the e-mail failed (400): not verified'),
    );
    const known = await ask(KNOWN);
    const unknown = await ask('nobody@example.com');
    expect(known.answer).toEqual(expected(KNOWN));
    expect(unknown.answer).toEqual(expected('nobody@example.com'));
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
    expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
    expect(sendPasswordReset).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledTimes(1);
    const logged = JSON.parse(String(errors.mock.calls[0]![0])) as Record<string, unknown>;
    expect(logged).toMatchObject({
      level: 'error',
      route: 'POST /api/forgotPassword',
      userId: 'user-1',
      error: { message: 'Sending the e-mail failed (400): not verified' },
    });
    // Neither the address nor a link token goes into the log.
    expect(String(errors.mock.calls[0]![0])).not.toContain(KNOWN);
  });

  it('answers the same when issuing the link fails, and sends nothing', async () => {
    vi.mocked(issueLink).mockRejectedValue(new Error('TransactionCanceledException'));
    const known = await ask(KNOWN);
    expect(known.answer).toEqual(expected(KNOWN));
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_ANSWER_MS - 5);
    expect(sendPasswordReset).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('sends the e-mail with a fresh link for a known, active address and logs nothing', async () => {
    const known = await ask(KNOWN);
    expect(known.answer).toEqual(expected(KNOWN));
    expect(issueLink).toHaveBeenCalledWith(deps.db, user, expect.objectContaining({ kind: 'RESET' }));
    expect(sendPasswordReset).toHaveBeenCalledWith(user, expect.any(String), expect.any(Date));
    expect(errors).not.toHaveBeenCalled();
  });
});
