import * as z from 'zod/mini';
import type { FieldIssue } from '@stormline/domain/region';

/**
 * Addresses, phones and time zones as requests carry them. The shape is the same in both regions
 * (a state or a country, a zip or a postcode); what the region demands of it is
 * @stormline/domain/region's, checked by the handler against the deployment's region and by the
 * SPA's forms through `withRegion` (docs/decisions/0014).
 */

/** Required text, trimmed, with the field's label in its messages. */
export const RequiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/** Optional text: may be left out or null; blank text is stored as null by the handler. */
export const OptionalText = (label: string, max: number) =>
  z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))),
  );

/** A state's abbreviation (US) or a country's id (UK), from the reference lists. */
const PlaceId = z.optional(
  z.nullable(z.string().check(z.trim(), z.maxLength(40, 'Please select a value from the list'))),
);

/** The zip (US) or postcode (UK); its format is the region's rule. */
export const PostalCode = z.optional(
  z.nullable(z.string().check(z.trim(), z.maxLength(10, 'Zip code must be 5 digits'))),
);

/** A phone: its format and whether it is required are the region's rules. */
export const Phone = z.optional(
  z.nullable(z.string().check(z.trim(), z.maxLength(30, 'Please enter a valid phone number'))),
);

/** Spec 001 §5: "extension optional numeric". */
export const PhoneExt = z.optional(
  z.nullable(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(10, 'Extension must be at most 10 digits'),
        z.regex(/^\d*$/, 'Extension must be numeric'),
      ),
  ),
);

export const RegionalPlace = { state_id: PlaceId, country_id: PlaceId, zip: PostalCode };

/** A state as address responses show it (spec 001 §3: state{id, abbreviation}). */
export const StateView = z.strictObject({ id: z.string(), abbreviation: z.string(), name: z.string() });
/** A UK country as address responses show it (spec 001 §3: countryObj{id, name}). */
export const CountryView = z.strictObject({ id: z.string(), name: z.string() });

/**
 * A form's schema with the region's rules added: each issue the domain finds becomes a zod issue
 * at its path, so a form shows it beside its field, exactly as the server would refuse it.
 */
export function withRegion<T extends z.ZodMiniType>(
  schema: T,
  issuesOf: (value: z.output<T>) => readonly FieldIssue[],
): T {
  return schema.check(
    z.superRefine((value, ctx) => {
      for (const issue of issuesOf(value as z.output<T>))
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.split('.'), input: value });
    }),
  ) as T;
}
