import { TooManyRequestsError } from '@stormline/domain/errors';
import { clearFailures, getFailures, recordFailure } from '@stormline/data/sign-in-state';
import type { Deps } from './deps';

/**
 * Repeated failed sign-ins lock an account for a window, and an address that tries many accounts
 * likewise. The lock holds even for the right password, so guessing gains nothing while it lasts.
 */
export const LOGIN_LIMITS = {
  perAccount: { maxFailures: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { maxFailures: 30, windowMs: 15 * 60 * 1000 },
} as const;

const accountSubject = (email: string) => `email:${email.trim().toLowerCase()}`;
const addressSubject = (ip: string) => `ip:${ip}`;

export async function assertNotThrottled(deps: Deps, email: string, ip: string): Promise<void> {
  const now = deps.now().getTime();
  const [account, address] = await Promise.all([
    getFailures(deps.db, accountSubject(email), now),
    getFailures(deps.db, addressSubject(ip), now),
  ]);
  const blocked =
    (account && account.failures >= LOGIN_LIMITS.perAccount.maxFailures) ||
    (address && address.failures >= LOGIN_LIMITS.perAddress.maxFailures);
  if (blocked) {
    const minutes = Math.round(LOGIN_LIMITS.perAccount.windowMs / 60000);
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`,
    );
  }
}

export async function noteFailure(deps: Deps, email: string, ip: string): Promise<void> {
  const now = deps.now().getTime();
  await Promise.all([
    recordFailure(deps.db, accountSubject(email), now, LOGIN_LIMITS.perAccount.windowMs),
    recordFailure(deps.db, addressSubject(ip), now, LOGIN_LIMITS.perAddress.windowMs),
  ]);
}

export async function forgetFailures(deps: Deps, email: string): Promise<void> {
  await clearFailures(deps.db, accountSubject(email));
}
