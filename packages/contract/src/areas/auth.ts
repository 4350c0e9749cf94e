import * as z from 'zod/mini';
import { anonymous, defineArea, signedIn } from '../route';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@stormline/domain/user-rules';
import { Email, PersonName, PhoneExtension } from '../person';

export const LoginBody = z.strictObject({
  email: Email,
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(200, 'Password is too long')),
});

export const TokenResponse = z.strictObject({ token: z.string() });

export const MessageResponse = z.strictObject({ message: z.string() });

/** A new password (spec 001 §5: required), with a floor on its length (docs/decisions/0013). */
export const Password = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(1, 'Password is required'),
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, 'Password is too long'),
  );

/** The token of an invitation or reset link: the last segment of /user/register/{uuid} or /reset-password/{uuid}. */
export const LinkToken = z
  .string({ error: 'The link is not valid' })
  .check(z.regex(/^[A-Za-z0-9_-]{16,128}$/, 'The link is not valid'));

const OptionalText = (label: string, max: number) =>
  z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))),
  );

/**
 * Spec 001 §2 and §5, registration: first and last name (required, max 100), phone (required
 * except in the UK; the region's format is checked by the server), extension (numeric), position,
 * password, and the e-signature and data-privacy checkboxes.
 */
export const RegistrationBody = z.strictObject({
  token: LinkToken,
  first_name: PersonName('First name'),
  last_name: PersonName('Last name'),
  phone: OptionalText('Phone', 20),
  phone_ext: PhoneExtension,
  position: OptionalText('Position', 100),
  password: Password,
  electronicSignatureAuthorization: z.boolean(),
  dataPolicySignature: z.boolean(),
});
export type RegistrationBody = z.infer<typeof RegistrationBody>;

/** Spec 001 §2 and §7: sign-in, registration from an invitation, forgotten and reset password. */
export const authRoutes = defineArea('auth', {
  login: {
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in with email and password; answers a token',
    access: anonymous,
    division: 'none',
    query: z.strictObject({}),
    body: LoginBody,
    response: TokenResponse,
    implemented: true,
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    summary: 'Revoke the presented token and close its WebSocket connections (the /logout page calls it)',
    access: signedIn,
    division: 'none',
    publicRead: true,
    realtime: true,
    body: z.undefined(),
    query: z.strictObject({}),
    response: z.strictObject({ message: z.string() }),
    implemented: true,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/forgotPassword',
    summary:
      'Send a password-reset link to an email; the same answer, in about the same time, for a known and an unknown email',
    access: anonymous,
    division: 'none',
    sendsMail: true,
    query: z.strictObject({}),
    body: z.strictObject({ email: Email }),
    response: MessageResponse,
    implemented: true,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/resetPassword',
    summary: "Set a new password from a reset link's token; ends every other session; answers a token",
    access: anonymous,
    division: 'none',
    query: z.strictObject({}),
    body: z.strictObject({ token: LinkToken, password: Password }),
    response: z.strictObject({ token: z.string(), message: z.string() }),
    implemented: true,
  },
  register: {
    method: 'POST',
    path: '/api/register',
    summary: 'Complete registration from an invitation; answers a token',
    access: anonymous,
    division: 'none',
    query: z.strictObject({}),
    body: RegistrationBody,
    response: TokenResponse,
    implemented: true,
  },
  validateInvitation: {
    method: 'POST',
    path: '/api/user/validate',
    summary: "Validate an invitation token; answers the invitee's first_name, last_name, position",
    access: anonymous,
    division: 'none',
    query: z.strictObject({}),
    body: z.strictObject({ token: LinkToken }),
    response: z.strictObject({
      first_name: z.string(),
      last_name: z.string(),
      position: z.nullable(z.string()),
      email: z.string(),
    }),
    implemented: true,
  },
});
