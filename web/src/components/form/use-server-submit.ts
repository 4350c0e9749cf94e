import { useState } from 'react';
import type { FieldValues, Path, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { placeServerError } from '../../lib/form-errors';

export interface ServerRefusal {
  message: string;
  /** The HTTP status (409: the record changed since it was read; 0: the server was not reached). */
  status: number | null;
}

/**
 * The one way a form saves: checks with its schema, calls `save`, and on a refusal puts each of
 * the server's field issues under its field and the rest in `serverError` for the top of the form
 * (<ServerError>). Conflicts arrive here as a 409 after refetchOnConflict has read the record again.
 *
 *   const { submit, serverError } = useServerSubmit(form, ['name'], async (values) => save(values));
 *   <form onSubmit={submit}> … {serverError && <ServerError>{serverError.message}</ServerError>}
 */
export function useServerSubmit<TValues extends FieldValues, TOutput = TValues>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  fields: readonly Path<TValues>[],
  save: SubmitHandler<TOutput>,
) {
  const [serverError, setServerError] = useState<ServerRefusal | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save(values);
    } catch (error) {
      const message = placeServerError(error, fields, form.setError);
      if (message) setServerError({ message, status: error instanceof ApiError ? error.status : null });
    }
  });
  return { submit, serverError, clearServerError: () => setServerError(null) };
}
