import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import useSWR, { mutate as mutateCache, preload } from 'swr';
import type { Profile } from '@stormline/contract/areas/profile';
import { authRoutes } from '@stormline/contract/areas/auth';
import { profileRoutes } from '@stormline/contract/areas/profile';
import { callApi, isPublicPath } from './api-client';
import { cacheKey, isResourceKey } from './cache-keys';
import { forgetListPlaces } from './list/list-session';
import { chooseDivisionId, isUserDivision, splitDivisionPath } from './division';
import { forgetDraftsOf } from './draft-keys';
import { editsOwner, setPendingEditsOwner } from './edits-owner';
import { storage } from './storage';

export function useToken(): string | null {
  return useSyncExternalStore(storage.subscribe, storage.getToken, () => null);
}

// The profile's cache key carries the token, so a different sign-in never sees the last user's profile.
export const profileKey = (token: string) => cacheKey(null, 'users/profile', token);
export const isProfileKey = isResourceKey('users/profile');

export function getProfile(): Promise<Profile> {
  return callApi(profileRoutes.getProfile);
}

/**
 * Starts asking for the signed-in user's profile as soon as the configuration is known, before
 * React renders: every signed-in page waits for it (RequireAuth), so it should not wait for the
 * page's modules first. useProfileQuery then reads the same request from SWR's cache.
 */
export function preloadProfile(): void {
  const token = storage.getToken();
  if (!token || isPublicPath()) return;
  // A failure reaches useProfileQuery with the answer, and RequireAuth signs out as before.
  preload(profileKey(token), getProfile).catch(() => undefined);
}

export function useProfileQuery() {
  const token = useToken();
  return useSWR(token ? profileKey(token) : null, getProfile, {
    shouldRetryOnError: false,
    revalidateIfStale: false,
  });
}

/** Replaces the cached profile, e.g. with the answer of POST /api/users/profile. */
export async function setCachedProfile(profile: Profile): Promise<void> {
  const token = storage.getToken();
  if (token) await mutateCache(profileKey(token), profile, { revalidate: false });
}

/**
 * Signs in: stores the token, loads the profile (a failure removes the token again, spec 001 §8)
 * and makes sure a valid working division is stored.
 */
export async function signIn(email: string, password: string): Promise<Profile> {
  // Whoever was signed in before (an ended session, another account), nothing of theirs stays cached.
  await mutateCache(() => true, undefined, { revalidate: false });
  const { token } = await callApi(authRoutes.login, {
    body: { email, password },
    auth: 'none',
    divisionId: null,
  });
  storage.setToken(token);
  let profile: Profile;
  try {
    profile = await callApi(profileRoutes.getProfile, { divisionId: null });
  } catch (error) {
    storage.clearToken();
    throw error;
  }
  const divisionId = chooseDivisionId(profile, storage.getDivisionId());
  if (divisionId && divisionId !== storage.getDivisionId()) storage.setDivisionId(divisionId);
  await mutateCache(profileKey(token), profile, { revalidate: false });
  return profile;
}

/**
 * The one end of a session, whatever ended it (signing out, a 401, another account signing in):
 * the token goes, and so does every cached answer and remembered list page, so the next user
 * never sees the last one's.
 */
export async function endSession(notice?: string): Promise<void> {
  if (notice) setSessionNotice(notice);
  storage.clearToken();
  storage.forgetTabDivision();
  forgetListPlaces();
  await mutateCache(() => true, undefined, { revalidate: false });
}

// Another tab signed out, or in as another account: drop this tab's answers too. The screens on
// show ask again with the token now stored (or go to sign-in when there is none).
storage.onSessionChangedElsewhere(() => {
  forgetListPlaces();
  void mutateCache(() => true, undefined, { revalidate: storage.getToken() !== null });
});

/**
 * POST /api/logout (its failure does not matter: the token is dropped either way), then forget the
 * session. The user's device drafts go first (an ended session, a 401, keeps them for the next sign-in).
 */
let signingOut: Promise<void> | null = null;
export function signOut(): Promise<void> {
  signingOut ??= (async () => {
    // The drafts the user kept on this device go with the session they signed out of (0041).
    forgetDraftsOf(editsOwner());
    if (storage.getToken()) {
      try {
        await callApi(authRoutes.logout, { auth: 'login' });
      } catch {
        // An expired or revoked token cannot be revoked again; signing out goes on.
      }
    }
    await endSession();
  })().finally(() => {
    signingOut = null;
  });
  return signingOut;
}

/** A message for the sign-in page after the session ended on its own (expired token, profile failure). */
let sessionNotice: string | null = null;
export function setSessionNotice(message: string): void {
  sessionNotice = message;
}
export function getSessionNotice(): string | null {
  return sessionNotice;
}
export function clearSessionNotice(): void {
  sessionNotice = null;
}

const SessionContext = createContext<Profile | null>(null);

export function SessionProvider({ profile, children }: { profile: Profile; children: ReactNode }) {
  // Before any screen below reads its unsaved edits: they are this user's own (0030).
  setPendingEditsOwner(profile.id);
  return <SessionContext.Provider value={profile}>{children}</SessionContext.Provider>;
}

/** The signed-in user's profile; only inside the authenticated part of the router. */
export function useSession(): Profile {
  const profile = useContext(SessionContext);
  if (!profile) throw new Error('useSession() is used outside the signed-in layout');
  return profile;
}

/**
 * The shell's division (switcher, navigation links): the one in the URL on division pages (when it
 * is the user's), else this tab's last one while valid, else the user's first division. Screens
 * inside a division use useDivisionId() (lib/division-context.tsx) instead.
 */
export function useCurrentDivisionId(): string | null {
  const { pathname } = useLocation();
  const profile = useSession();
  // This tab's own last division: the switcher changes it on pages outside a division.
  const tabDivisionId = useSyncExternalStore(storage.subscribeDivision, storage.getDivisionId, () => null);
  const fromUrl = splitDivisionPath(pathname)?.divisionId;
  if (isUserDivision(profile, fromUrl)) return fromUrl!;
  return chooseDivisionId(profile, tabDivisionId);
}
