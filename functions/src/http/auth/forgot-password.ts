import { authRoutes } from '@stormline/contract/areas/auth';
import { issueLink } from '@stormline/data/invitations';
import { countAttempt } from '@stormline/data/sign-in-state';
import { findUserByEmail } from '@stormline/data/users';
import { RESET_LINK_SECONDS } from '@stormline/domain/user-rules';
import { sendPasswordReset } from '../../lib/accounts';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { newLinkToken } from '../../lib/tokens';

const route = authRoutes.forgotPassword;

/**
 * Every answer waits until this long after the request began, whatever happened: a known email
 * (read the account, write the link, send the e-mail) and an unknown one (one read) then take the
 * same time, so neither the answer nor its timing tells whether an account exists.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 700;

/** At most this many reset e-mails per address in the window: the form cannot be used to flood a mailbox. */
const RESETS_PER_WINDOW = 3;
const WINDOW_MS = 15 * 60 * 1000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export async function main({ body, deps }: RouteRequest<typeof route>) {
  const started = Date.now();
  try {
    await sendResetLink(deps, body.email);
  } finally {
    await pause(started + FORGOT_PASSWORD_ANSWER_MS + Math.random() * 50 - Date.now());
  }
  return {
    message: `If an account exists for ${body.email}, we have sent it a link to reset the password. The link expires in ${RESET_LINK_SECONDS / 60} minutes.`,
  };
}

async function sendResetLink(deps: RouteRequest<typeof route>['deps'], email: string): Promise<void> {
  const now = deps.now();
  const counted = await countAttempt(deps.db, `reset-email:${email.toLowerCase()}`, {
    nowMs: now.getTime(),
    windowMs: WINDOW_MS,
    limit: RESETS_PER_WINDOW,
  });
  if (!counted.counted) return;
  const user = await findUserByEmail(deps.db, email);
  // Invited accounts register from their invitation; deactivated ones may not come back this way.
  if (!user || user.status !== 'active') return;
  // A failure from here on is a known address's alone (the link's write, the e-mail's sending): a
  // 5xx would tell the caller the account exists. It is logged, and the caller gets the same 200.
  try {
    const { token, hash } = newLinkToken();
    await issueLink(deps.db, user, {
      hash,
      kind: 'RESET',
      expiresAt: new Date(now.getTime() + RESET_LINK_SECONDS * 1000),
    });
    await sendPasswordReset(user, token, now);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        route: route.key,
        message: 'The password reset e-mail was not sent',
        userId: user.id,
        error:
          error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : error,
      }),
    );
  }
}

export const handler = httpRoute(route, main);
