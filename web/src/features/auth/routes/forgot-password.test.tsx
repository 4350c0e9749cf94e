import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '@stormline/contract/areas/auth';
import { ok, refuse, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import ForgotPasswordRoute from './forgot-password';

const answerFor = (email: string) =>
  `If an account exists for ${email}, we have sent it a link to reset the password. The link expires in 60 minutes.`;

const openForgot = () =>
  renderScreen(<ForgotPasswordRoute />, { url: '/forgot', path: '/forgot', profile: profileOf('Inspector') });

describe('forgotten password (spec 001 §2, §5)', () => {
  it("checks the email: 'Email is required', 'Please enter a valid email address'", async () => {
    const { requests } = await serveApi([]);
    openForgot();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("shows the server's answer as it is (the same words for any address), without a token", async () => {
    localStorage.setItem('token', 'someone-signed-in');
    const { requests } = await serveApi([
      [
        authRoutes.forgotPassword,
        ({ body }) =>
          ok(authRoutes.forgotPassword, { message: answerFor((body as { email: string }).email) }),
      ],
    ]);
    openForgot();
    await userEvent.type(screen.getByLabelText(/^Email/), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('forgot-answer')).textContent).toBe(answerFor('nobody@example.com'));
    expect(requests[0]!.body).toEqual({ email: 'nobody@example.com' });
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');

    // Another link: the form again, with the address kept.
    await userEvent.click(screen.getByRole('button', { name: 'ask for another link' }));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('nobody@example.com');
    localStorage.clear();
  });

  it("shows a refusal's message at the top of the form", async () => {
    await serveApi([[authRoutes.forgotPassword, () => refuse(429, 'Too many requests. Try again later.')]]);
    openForgot();
    await userEvent.type(screen.getByLabelText(/^Email/), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests. Try again later.');
  });
});
