import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { authRoutes } from '@stormline/contract/areas/auth';
import { profileRoutes } from '@stormline/contract/areas/profile';
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

/**
 * The public account's own profile, so the shared screens decide what to show by its (read-only)
 * permissions exactly as they do for a signed-in user; the server refuses every write regardless.
 */
export function usePublicProfile(token: string | undefined) {
  return useSWR(
    token ? cacheKey(null, 'public-profile', token) : null,
    () => callApi(profileRoutes.getProfile, { auth: 'public' }),
    { shouldRetryOnError: false, revalidateIfStale: false },
  );
}

/**
 * The division of a public page (spec 000 §7: the divisionId header on every call): the project
 * page has it in its path and links to inspections with ?division=; an inspection page keeps the
 * last one stored, so its tabs and a reload still know it.
 */
export function usePublicDivisionId(fromPath?: string): string | null {
  const [params] = useSearchParams();
  const divisionId = fromPath ?? params.get('division');
  useEffect(() => {
    if (divisionId) publicDivision.set(divisionId);
  }, [divisionId]);
  return divisionId ?? publicDivision.get();
}

/**
 * The division of the last public page opened, in local storage (kept out of lib/storage.ts,
 * which every first load carries: only public pages need it).
 */
const PUBLIC_DIVISION_KEY = 'publicDivisionId';
export const publicDivision = {
  get(): string | null {
    try {
      return window.localStorage.getItem(PUBLIC_DIVISION_KEY);
    } catch {
      return null;
    }
  },
  set(divisionId: string): void {
    try {
      window.localStorage.setItem(PUBLIC_DIVISION_KEY, divisionId);
    } catch {
      // Storage off: the inspection's tabs keep ?division= only while the page is open.
    }
  },
};
