import { ApiError } from '../../lib/api-client';
import type { ListStatus } from '../../lib/list/server-list';

/** A document list's state from its read: loading, ready, refused (403) or failed. */
export function documentListStatus(error: unknown, data: unknown): ListStatus {
  if (error instanceof ApiError && error.status === 403) return 'forbidden';
  if (error) return 'error';
  return data === undefined ? 'loading' : 'ready';
}
