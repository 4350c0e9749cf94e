/**
 * Every SWR key is `[division, resource, ...rest]`: the division the answer was read for comes
 * first ('' for answers that belong to no division: the profile, notifications, the company-wide
 * divisions list), so an answer read for one division is never shown on another's page, and a
 * change can refresh one resource with `isResourceKey`.
 */
export type CacheKey = readonly [division: string, resource: string, ...rest: unknown[]];

export function cacheKey(divisionId: string | null, resource: string, ...rest: unknown[]): CacheKey {
  return [divisionId ?? '', resource, ...rest];
}

/** A key filter for `mutate(filter)`: every cached answer of one resource, in any division. */
export function isResourceKey(resource: string): (key: unknown) => boolean {
  return (key) => Array.isArray(key) && key[1] === resource;
}
