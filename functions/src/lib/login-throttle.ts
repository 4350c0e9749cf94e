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
 *   credentials (many people share an office or mobile-network address). IPv6 addresses are
 *   counted by their /64.
 * - per account, across addresses: the same slow-down, so guesses spread over many addresses
 *   still cost time, while the owner is never locked out by them.
 */
export const LOGIN_LIMITS = {
  perAccountAtAddress: { maxAttempts: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { freeAttempts: 10, firstDelayMs: 250, maxDelayMs: 4000, windowMs: 15 * 60 * 1000 },
  /** Guesses at one account from many addresses: slowed down, never locked (the owner must get in). */
  perAccount: { freeAttempts: 10, firstDelayMs: 250, maxDelayMs: 4000, windowMs: 15 * 60 * 1000 },
} as const;

/**
 * Where attempts come from, as the throttle counts them: an IPv4 address, or an IPv6 /64 (one
 * host is usually given a whole /64, so counting single IPv6 addresses would give an attacker
 * endless fresh ones).
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+/, '') || '0')
    .join(':')}::/64`;
}

const normalEmail = (email: string) => email.trim().toLowerCase();
const addressSubject = (address: string) => `ip:${addressBucket(address)}`;
const accountSubject = (email: string, address: string) =>
  `email:${normalEmail(email)}#ip:${addressBucket(address)}`;
const anywhereSubject = (email: string) => `email:${normalEmail(email)}`;

/** How long an attempt waits before its password is checked, the n-th in its window past the free ones. */
export function slowDownMs(
  attempts: number,
  limits: { freeAttempts: number; firstDelayMs: number; maxDelayMs: number } = LOGIN_LIMITS.perAddress,
): number {
  const over = attempts - limits.freeAttempts;
  return over <= 0 ? 0 : Math.min(limits.maxDelayMs, limits.firstDelayMs * 2 ** (over - 1));
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
  const { perAccountAtAddress, perAddress, perAccount } = LOGIN_LIMITS;
  const address = addressSubject(attempt.address);
  const account = accountSubject(attempt.email, attempt.address);
  const anywhere = anywhereSubject(attempt.email);
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
  // Only attempts whose password will be checked count against the account everywhere. The
  // public account is exempt: its password is published, and slowing it slows every public viewer.
  const forAccountAnywhere = attempt.lockable
    ? await countAttempt(deps.db, anywhere, { nowMs, windowMs: perAccount.windowMs })
    : undefined;
  await pause(
    Math.max(slowDownMs(fromAddress.attempts), slowDownMs(forAccountAnywhere?.attempts ?? 0, perAccount)),
  );
  return {
    succeeded: async () => {
      await Promise.all([
        attempt.lockable ? clearAttempts(deps.db, account) : undefined,
        uncountAttempt(deps.db, address),
        attempt.lockable ? uncountAttempt(deps.db, anywhere) : undefined,
      ]);
    },
  };
}
