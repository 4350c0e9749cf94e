/**
 * Key builders: the one place item keys are spelled. Every division-owned item carries its
 * division in its partition key (DIVISION#<id>#...), so a query cannot cross divisions by accident.
 */

import { CACHE_PARTITION_PREFIX } from './table';

export type ItemKey = {
  pk: string;
  sk: string;
};

/** Sort keys that order by name ignore case and keep the id so equal names stay distinct. */
export function nameOrder(...parts: (string | null | undefined)[]): string {
  return parts.map((p) => (p ?? '').trim().toLowerCase()).join('#');
}

export const keys = {
  user: (userId: string): ItemKey => ({ pk: `USER#${userId}`, sk: 'USER' }),
  /** Claims an email for one user; written in the same transaction as the user, so emails stay unique. */
  emailClaim: (email: string): ItemKey => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'EMAIL' }),
  membership: (userId: string, divisionId: string): ItemKey => ({
    pk: `USER#${userId}`,
    sk: `DIVISION#${divisionId}`,
  }),
  membershipsOfUser: (userId: string) => ({ pk: `USER#${userId}`, skPrefix: 'DIVISION#' }),
  usersOfDivision: (divisionId: string): string => `DIVISION#${divisionId}#USERS`,

  division: (divisionId: string): ItemKey => ({ pk: `DIVISION#${divisionId}`, sk: 'DIVISION' }),
  allDivisions: (): string => 'DIVISIONS',

  revokedToken: (tokenId: string): ItemKey => ({ pk: `TOKEN#${tokenId}`, sk: 'REVOKED' }),
  loginThrottle: (subject: string): ItemKey => ({ pk: `THROTTLE#LOGIN#${subject}`, sk: 'THROTTLE' }),
  /** A count kept in the same transaction as the items it counts (the number of divisions). */
  counter: (name: string): ItemKey => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' }),
  seedMarker: (): ItemKey => ({ pk: 'SYSTEM', sk: 'SEED' }),
  /** The statistics layout the store's STATS and ledger items were last built in (0019). */
  statisticsLayout: (): ItemKey => ({ pk: 'SYSTEM', sk: 'STATISTICS_LAYOUT' }),
  /** Set once every finding photo stored before print copies were made has one (0045). */
  printCopiesBackfilled: (): ItemKey => ({ pk: 'SYSTEM', sk: 'PRINT_COPIES_BACKFILLED' }),
  /** A location's forecast for one UTC hour (docs/decisions/0020): `latitude,longitude` to two decimals. */
  weatherForecast: (latitude: string, longitude: string, hour: string): ItemKey => ({
    pk: `${CACHE_PARTITION_PREFIX.weather}${latitude},${longitude}`,
    sk: hour,
  }),
  /** A user's calls to the forecast provider in one UTC hour (its quota, 0020); in the cache's partitions. */
  weatherQuota: (userId: string, hour: string): ItemKey => ({
    pk: `${CACHE_PARTITION_PREFIX.weather}QUOTA#${userId}`,
    sk: hour,
  }),
} as const;
