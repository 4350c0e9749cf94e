/**
 * Spec 000 §8 / 001 §8: a form shows the server's message, else the error's own message, else
 * this fallback. ApiError carries the server's message as its own.
 */
export const UNKNOWN_ERROR = 'An unknown error has occurred';

export function errorMessage(error: unknown, fallback: string = UNKNOWN_ERROR): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}

/** A lazy module that failed to load: after a release, the old chunk's name is gone from the server. */
export function isStaleChunkError(error: unknown): boolean {
  return (
    error instanceof Error &&
    // A module's script (TypeError) or, fetched before it, its stylesheet (vite's preload helper).
    /dynamically imported module|Importing a module script|Unable to preload CSS/i.test(error.message)
  );
}
