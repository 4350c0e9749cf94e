import { TooManyRequestsError } from '@stormline/domain/errors';
import { clearAttempts, countAttempt, uncountAttempt } from '@stormline/data/sign-in-state';
import type { Deps } from './deps';

/**
 * Sign-in throttling (docs/decisions/0009). Two counters, both counted atomically BEFORE the
 * password is checked, so parallel guesses cannot slip past them:
 *
 * - per account at one address: past the limit the attempt is refused (429) without checking
 *   the password, even the right one. Only that address is refused: a stranger's guesses from
 *   elsewhere never lock the owner out. The read-only public account is never locked (its
 *   password is published; locking it would deny every public viewer and protect nothing).
 * - per address, across accounts: past a free allowance each attempt waits a growing, capped
 *   delay before its password is checked. It slows guessing down and never refuses valid
 *   credentials (many people share an office or mobile-network address).
 */
export const LOGIN_LIMITS = {
  perAccountAtAddress: { maxAttempts: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { freeAttempts: 10, firstDelayMs: 250, maxDelayMs: 4000, windowMs: 15 * 60 * 1000 },
} as const;

const normalEmail = (email: string) => email.trim().toLowerCase();
const addressSubject = (address: string) => `ip:${address}`;
const accountSubject = (email: string, address: string) => `email:${normalEmail(email)}#ip:${address}`;

/** How long the n-th attempt from an address in its window waits before its password is checked. */
export function slowDownMs(attemptsFromAddress: number): number {
  const { freeAttempts, firstDelayMs, maxDelayMs } = LOGIN_LIMITS.perAddress;
  const over = attemptsFromAddress - freeAttempts;
  return over <= 0 ? 0 : Math.min(maxDelayMs, firstDelayMs * 2 ** (over - 1));
}

const pause = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined);

export interface SignInAttempt {
  /** The password was right: the account's counter at this address is cleared, and this attempt no longer slows the address. */
  succeeded(): Promise<void>;
}

/**
 * Counts a sign-in attempt before its password is checked: refuses it (429) when the account is
 * locked at this address, else waits the address's slow-down. A failed attempt needs nothing
 * more: it stays counted until its window lapses.
 */
export async function beginSignInAttempt(
  deps: Deps,
  attempt: { email: string; address: string; lockable: boolean },
): Promise<SignInAttempt> {
  const nowMs = deps.now().getTime();
  const { perAccountAtAddress, perAddress } = LOGIN_LIMITS;
  const address = addressSubject(attempt.address);
  const account = accountSubject(attempt.email, attempt.address);
  const [fromAddress, forAccount] = await Promise.all([
    countAttempt(deps.db, address, { nowMs, windowMs: perAddress.windowMs }),
    attempt.lockable
      ? countAttempt(deps.db, account, {
          nowMs,
          windowMs: perAccountAtAddress.windowMs,
          limit: perAccountAtAddress.maxAttempts,
        })
      : undefined,
  ]);
  if (forAccount && !forAccount.counted) {
    const minutes = Math.round(perAccountAtAddress.windowMs / 60000);
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`,
    );
  }
  await pause(slowDownMs(fromAddress.attempts));
  return {
    succeeded: async () => {
      await Promise.all([
        attempt.lockable ? clearAttempts(deps.db, account) : undefined,
        uncountAttempt(deps.db, address),
      ]);
    },
  };
}
