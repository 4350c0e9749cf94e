import * as z from 'zod/mini';

/** A person's fields, with the spec's limits and messages (spec 001 §5 and §9). */

export const Email = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Email is required'),
      z.maxLength(200, 'Email must be at most 200 characters'),
    ),
  z.email('Please enter a valid email address'),
);

export const PersonName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(100, `${label} must be at most 100 characters`),
    );

/** A phone extension: optional, numeric, at most 10 digits (spec 001 §5). */
export const PhoneExtension = z.optional(
  z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^\d*$/, 'Extension must be numeric'),
        z.maxLength(10, 'Extension must be at most 10 digits'),
      ),
  ),
);
