import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { errorMessage } from './errors';

/**
 * Shows a failed save where the user will look: each of the server's field issues under its own
 * field, and whatever is left (a 409, a 403, an issue about no field of this form) as one message
 * for the top of the form. Answers that message, or null when every issue found its field.
 */
export function placeServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  const issues = error instanceof ApiError ? error.issues : [];
  const onFields = issues.filter((issue) => (fields as readonly string[]).includes(issue.path));
  for (const issue of onFields) setError(issue.path as Path<T>, { type: 'server', message: issue.message });
  return onFields.length > 0 && onFields.length === issues.length ? null : errorMessage(error);
}
