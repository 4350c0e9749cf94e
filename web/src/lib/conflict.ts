import { mutate, type Key } from 'swr';
import { ApiError } from './api-client';

/**
 * The one way a save handles a conflict: when the server answers 409 (someone saved the record
 * since it was read), the record is read again, so the form's next save carries the current
 * version; the error still goes to the form, which shows the server's message once.
 */
export async function refetchOnConflict<T>(recordKey: Key, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) await mutate(recordKey);
    throw error;
  }
}
