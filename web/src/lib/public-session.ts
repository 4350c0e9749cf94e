import useSWR from 'swr';
import { authRoutes } from '@stormline/contract/areas/auth';
import { callApi } from './api-client';
import { cacheKey } from './cache-keys';
import { getRuntimeConfig } from './runtime-config';
import { storage } from './storage';

export const PUBLIC_NOT_CONFIGURED = 'Public viewing is not configured for this site.';

/**
 * Spec 001 §2: a public route signs in with the configured public account when no public token
 * is held. The public token is kept apart from the login token, so a signed-in user who opens a
 * public link keeps their own session.
 */
export async function ensurePublicToken(): Promise<string> {
  const held = storage.getPublicToken();
  if (held) return held;
  const publicUser = getRuntimeConfig().publicUser;
  if (!publicUser) throw new Error(PUBLIC_NOT_CONFIGURED);
  const { token } = await callApi(authRoutes.login, { body: publicUser, auth: 'none', divisionId: null });
  storage.setPublicToken(token);
  return token;
}

export function usePublicSession() {
  return useSWR(cacheKey(null, 'public-session'), ensurePublicToken, {
    shouldRetryOnError: false,
    revalidateIfStale: false,
  });
}
