import * as z from 'zod/mini';
import { Password } from '@stormline/contract/areas/auth';

export const PASSWORDS_DIFFER = 'Passwords do not match';

/**
 * A new password typed twice: the contract's rule for the password (required, at least 8
 * characters), and the second copy must match it, so a typo does not lock the user out.
 */
export function withPasswordConfirmation<S extends z.ZodMiniObject>(fields: S) {
  return z.extend(fields, { password: Password, confirm_password: z.string() }).check(
    z.superRefine((values, ctx) => {
      const { password, confirm_password } = values as { password: string; confirm_password: string };
      if (password !== confirm_password)
        ctx.addIssue({
          code: 'custom',
          message: PASSWORDS_DIFFER,
          path: ['confirm_password'],
          input: values,
        });
    }),
  );
}
