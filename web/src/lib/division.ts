import type { Profile } from '@stormline/contract/areas/profile';
import { isNonDivisionPath } from '@stormline/domain/navigation';

export function isUserDivision(
  profile: Pick<Profile, 'divisions'>,
  divisionId: string | null | undefined,
): boolean {
  return !!divisionId && profile.divisions.some((division) => division.id === divisionId);
}

/** The working division: the stored one while it is still the user's, else the user's first. */
export function chooseDivisionId(profile: Pick<Profile, 'divisions'>, stored: string | null): string | null {
  if (isUserDivision(profile, stored)) return stored;
  return profile.divisions[0]?.id ?? null;
}

/**
 * Splits a division-scoped path, /divisions/{id}/{rest}, into the division and the rest.
 * /divisions, /divisions/{id} and /divisions/{id}/resources/... are the Divisions admin pages,
 * not division-scoped pages, and answer null.
 */
export function splitDivisionPath(pathname: string): { divisionId: string; rest: string } | null {
  const match = /^\/divisions\/([^/]+)(\/.*)$/.exec(pathname);
  if (!match) return null;
  const rest = match[2]!;
  if (rest === '/' || rest === '/resources' || rest.startsWith('/resources/')) return null;
  return { divisionId: decodeURIComponent(match[1]!), rest };
}

/**
 * Spec 000 §2: a signed-in path outside the non-division prefixes belongs to a division; without
 * the prefix it is redirected to the same path under the working division.
 */
export function needsDivisionPrefix(pathname: string): boolean {
  return pathname !== '/' && !isNonDivisionPath(pathname) && !pathname.startsWith('/public/');
}

export function withDivision(divisionId: string, pathname: string): string {
  return `/divisions/${encodeURIComponent(divisionId)}${pathname}`;
}

/**
 * Where the division switcher goes: the same page under the new division. A record page
 * (/projects/{id}) goes to its area's list instead, because the record belongs to the old division.
 */
export function switchDivisionPath(pathname: string, nextDivisionId: string): string | null {
  const scoped = splitDivisionPath(pathname);
  if (!scoped) return null;
  const area = scoped.rest.split('/')[1] ?? '';
  const keepWhole = ['dashboard', 'my-profile', 'reports', 'projects/post-storm', 'projects/archive'];
  const rest = scoped.rest.replace(/\/+$/, '');
  const target = keepWhole.includes(rest.slice(1)) || rest === `/${area}` ? rest : `/${area}`;
  return withDivision(nextDivisionId, target);
}
