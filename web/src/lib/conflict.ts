import { mutate, type Key, type ScopedMutator } from 'swr';
import { ApiError } from './api-client';

/**
 * The one way a save handles a conflict, as a useSWRMutation `onError`: when the server answers
 * 409 (someone saved the record since it was read), the record is read again, so the form's next
 * save carries the current version; the error still goes to the form, which shows the server's
 * message once. It runs after the mutation has ended: a read started during the mutation would be
 * dropped by SWR as older than the write.
 *
 *   useSWRMutation(recordKey, save, { onError: refetchOnConflict, throwOnError: true })
 */
export function refetchOnConflict(error: unknown, recordKey: Key, cache: ScopedMutator = mutate): void {
  if (error instanceof ApiError && error.status === 409) void cache(recordKey);
}
