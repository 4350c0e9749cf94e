import { mutate as mutateCache } from 'swr';
import { authRoutes, LinkToken } from '@stormline/contract/areas/auth';
import { callApi, type ApiBody } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';

/**
 * The calls of the signed-out account screens (spec 001 §7): they send no token and no division,
 * whoever may be signed in in this browser, so an invitation or reset link always speaks for itself.
 */
const anonymous = { auth: 'none', divisionId: null } as const;

/** Whether a link's last segment can be a token at all; anything else is refused without a call. */
export function isLinkToken(uuid: string | undefined): uuid is string {
  return LinkToken.safeParse(uuid).success;
}

/** POST /api/user/validate: the invitee's first_name, last_name, position and email, or 404. */
export function validateInvitation(token: string) {
  return callApi(authRoutes.validateInvitation, { ...anonymous, body: { token } });
}

export type RegistrationInput = ApiBody<typeof authRoutes.register>;

/** POST /api/register: the account becomes active and the link is used up. */
export function register(body: RegistrationInput) {
  return callApi(authRoutes.register, { ...anonymous, body });
}

/** POST /api/forgotPassword: the same answer for a known and an unknown email. */
export function forgotPassword(email: string) {
  return callApi(authRoutes.forgotPassword, { ...anonymous, body: { email } });
}

/** POST /api/resetPassword: the new password; answers a token that signs the user in. */
export function resetPassword(token: string, password: string) {
  return callApi(authRoutes.resetPassword, { ...anonymous, body: { token, password } });
}

/**
 * Signs in with a token the server has just issued (a reset answers one): whatever the last
 * session cached goes first, as with every sign-in (lib/auth.tsx signIn); the landing page then
 * loads the profile.
 */
export async function startSession(token: string): Promise<void> {
  await mutateCache(() => true, undefined, { revalidate: false });
  storage.setToken(token);
}
