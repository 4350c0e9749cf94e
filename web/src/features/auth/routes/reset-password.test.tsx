import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '@stormline/contract/areas/auth';
import { clearSessionNotice, getSessionNotice } from '../../../lib/auth';
import { ok, refuse, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import ForgotPasswordRoute from './forgot-password';
import ResetPasswordRoute, { INVALID_RESET_LINK, RESET_REDIRECT_MS } from './reset-password';

const TOKEN = 'reset-token-0123456789abcdef';
const USED = 'This password reset link is not valid or has expired. Please request a new one.';

/** The reset screen with /forgot beside it, as the router has them. */
function openReset(token = TOKEN) {
  return renderScreen(
    <Routes>
      <Route path="/reset-password/:uuid" element={<ResetPasswordRoute />} />
      <Route path="/forgot" element={<ForgotPasswordRoute />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { url: `/reset-password/${token}`, profile: profileOf('Inspector') },
  );
}

async function choose(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText(/^New password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

beforeEach(() => {
  localStorage.clear();
  clearSessionNotice();
});
afterEach(() => vi.useRealTimers());

describe('reset password (spec 001 §2, §5, §9)', () => {
  it('checks the new password before sending: required, 8 characters, typed twice alike', async () => {
    const { requests } = await serveApi([]);
    openReset();
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    await choose('short', 'shirt');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('resets, shows the dialog, signs in with the answer and goes to the dashboard after 5 seconds', async () => {
    const { requests } = await serveApi([
      [
        authRoutes.resetPassword,
        () =>
          ok(authRoutes.resetPassword, {
            token: 'fresh-token',
            message: 'Your password has been reset. You are now signed in.',
          }),
      ],
    ]);
    const { router } = openReset();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await choose('a-new-password');
    const dialog = await screen.findByRole('dialog', { name: 'Password reset' });
    expect(dialog.textContent).toContain('Your password has been reset. You are now signed in.');
    expect(requests[0]!.body).toEqual({ token: TOKEN, password: 'a-new-password' });
    expect(localStorage.getItem('token')).toBe('fresh-token');
    vi.advanceTimersByTime(RESET_REDIRECT_MS - 100);
    expect(router.state.location.pathname).toBe(`/reset-password/${TOKEN}`);
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("goes to /forgot with the server's message when the link is refused (used or expired)", async () => {
    await serveApi([[authRoutes.resetPassword, () => refuse(404, USED)]]);
    const { router } = openReset();
    await choose('a-new-password');
    expect((await screen.findByTestId('forgot-notice')).textContent).toBe(USED);
    expect(router.state.location.pathname).toBe('/forgot');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's refusal of the password under its field", async () => {
    const message = 'Password is too long';
    await serveApi([[authRoutes.resetPassword, () => refuse(400, message, [{ path: 'password', message }])]]);
    openReset();
    await choose('a-new-password');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a link that cannot be a token to /logout, with a word for the sign-in page', async () => {
    await serveApi([]);
    const { router } = openReset('x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    expect(getSessionNotice()).toBe(INVALID_RESET_LINK);
  });
});
