import * as z from 'zod/mini';
import { anonymous, defineArea, signedIn } from '../route';
import { Email } from '../person';

export const LoginBody = z.strictObject({
  email: Email,
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(200, 'Password is too long')),
});

export const TokenResponse = z.strictObject({ token: z.string() });

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
    summary: 'Send a password-reset link to an email',
    access: anonymous,
    division: 'none',
    implemented: false,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/resetPassword',
    summary: 'Set a new password from a reset link token',
    access: anonymous,
    division: 'none',
    implemented: false,
  },
  register: {
    method: 'POST',
    path: '/api/register',
    summary: 'Complete registration from an invitation; answers a token',
    access: anonymous,
    division: 'none',
    implemented: false,
  },
  validateInvitation: {
    method: 'POST',
    path: '/api/user/validate',
    summary: "Validate an invitation token; answers the invitee's first_name, last_name, position",
    access: anonymous,
    division: 'none',
    implemented: false,
  },
});
