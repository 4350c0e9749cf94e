import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '@stormline/contract/areas/auth';
import { getSessionNotice, clearSessionNotice } from '../../../lib/auth';
import { loadRuntimeConfig } from '../../../lib/runtime-config';
import { ok, refuse, serveApi, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import RegisterRoute, {
  INVALID_INVITATION_LINK,
  REGISTERED_NOTICE,
  REGISTRATION_ERROR_REDIRECT_MS,
  REGISTERED_REDIRECT_MS,
} from './register';

const TOKEN = 'invitation-token-0123456789';
const INVITEE = { first_name: '', last_name: '', position: 'Trainee Inspector', email: 'new@example.com' };
const EXPIRED =
  'This invitation link is not valid or has expired. Ask your administrator to invite you again.';

function openRegistration(token = TOKEN) {
  return renderScreen(<RegisterRoute />, {
    url: `/user/register/${token}`,
    path: '/user/register/:uuid',
    profile: profileOf('Inspector'),
  });
}

/** The deployment's region as config.json says it (serveApi's is UK). */
async function useRegion(region: 'US' | 'UK', extra: Record<string, unknown> = {}) {
  const served = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith('/config.json')
      ? new Response(JSON.stringify({ apiBaseUrl: 'http://api.test', region, ...extra }), { status: 200 })
      : served(input, init),
  );
  await loadRuntimeConfig();
}

async function fillValid(password = 'a-long-password') {
  await userEvent.type(screen.getByLabelText(/^First name/), 'Nora');
  await userEvent.type(screen.getByLabelText(/^Last name/), 'Field');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm password/), password);
  await userEvent.click(screen.getByLabelText('I have read and accept the data privacy policy'));
}

beforeEach(() => {
  localStorage.clear();
  clearSessionNotice();
});
afterEach(() => vi.useRealTimers());

describe('registration from an invitation (spec 001 §2, §5, §8)', () => {
  it("opens the form with the invitee's details from POST /api/user/validate, sending no token", async () => {
    localStorage.setItem('token', 'someone-signed-in');
    const { requests } = await serveApi([
      [authRoutes.validateInvitation, () => ok(authRoutes.validateInvitation, INVITEE)],
    ]);
    openRegistration();
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('new@example.com');
    expect((screen.getByLabelText('Position') as HTMLInputElement).value).toBe('Trainee Inspector');
    expect(requests[0]!.body).toEqual({ token: TOKEN });
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
  });

  it('says it is checking the invitation until the server answers', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    await serveApi([[authRoutes.validateInvitation, () => new Promise((resolve) => (answer = resolve))]]);
    openRegistration();
    expect(await screen.findByText('Checking your invitation…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
    answer(ok(authRoutes.validateInvitation, INVITEE));
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByText('Checking your invitation…')).toBeNull();
  });

  it('checks the fields before sending: names required, extension numeric, passwords alike', async () => {
    const { requests } = await serveApi([
      [authRoutes.validateInvitation, () => ok(authRoutes.validateInvitation, INVITEE)],
    ]);
    openRegistration();
    await screen.findByLabelText(/^First name/);
    await userEvent.type(screen.getByLabelText('Extension'), '12a');
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Extension must be numeric')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    // The UK's phone is optional.
    expect(screen.queryByText('Phone is required')).toBeNull();
    expect(requests.map((r) => r.route)).toEqual(['POST /api/user/validate']);
  });

  it('asks a US phone in (xxx) xxx-xxxx, and requires it', async () => {
    await serveApi([[authRoutes.validateInvitation, () => ok(authRoutes.validateInvitation, INVITEE)]]);
    await useRegion('US');
    openRegistration();
    await screen.findByLabelText(/^First name/);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Phone is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^Phone/), '303 555 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Phone number must be in (xxx) xxx-xxxx format')).toBeTruthy();
  });

  it("links the deployment's data privacy policy only where config.json names one", async () => {
    await serveApi([[authRoutes.validateInvitation, () => ok(authRoutes.validateInvitation, INVITEE)]]);
    await loadRuntimeConfig();
    const first = openRegistration();
    await screen.findByLabelText(/^First name/);
    expect(screen.queryByRole('link', { name: 'Read the data privacy policy' })).toBeNull();
    first.unmount();

    await useRegion('UK', { privacyPolicyUrl: 'https://stormline.example/privacy' });
    openRegistration();
    const link = await screen.findByRole('link', { name: 'Read the data privacy policy' });
    expect(link.getAttribute('href')).toBe('https://stormline.example/privacy');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("shows the server's refusal under its field (the data privacy policy)", async () => {
    const message = 'Please accept the data privacy policy to register';
    await serveApi([
      [authRoutes.validateInvitation, () => ok(authRoutes.validateInvitation, INVITEE)],
      [authRoutes.register, () => refuse(400, message, [{ path: 'dataPolicySignature', message }])],
    ]);
    openRegistration();
    await screen.findByLabelText(/^First name/);
    await userEvent.type(screen.getByLabelText(/^First name/), 'Nora');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Field');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-password');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'a-long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('registers, says so, and after 2 seconds goes to sign-in with the email filled in, signed out', async () => {
    localStorage.setItem('token', 'someone-signed-in');
    let sent: ServedRequest | undefined;
    await serveApi([
      [authRoutes.validateInvitation, () => ok(authRoutes.validateInvitation, INVITEE)],
      [
        authRoutes.register,
        (request) => {
          sent = request;
          return ok(authRoutes.register, { token: 'new-token' });
        },
      ],
      [authRoutes.logout, () => ok(authRoutes.logout, { message: 'Signed out' })],
    ]);
    const { router } = openRegistration();
    await screen.findByLabelText(/^First name/);
    await fillValid();
    await userEvent.type(screen.getByLabelText('Extension'), '42');
    await userEvent.click(screen.getByLabelText('I consent to sign inspection reports electronically'));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('registration-done')).textContent).toContain('Your account is ready');
    expect(sent!.body).toEqual({
      token: TOKEN,
      first_name: 'Nora',
      last_name: 'Field',
      phone: null,
      phone_ext: '42',
      position: 'Trainee Inspector',
      password: 'a-long-password',
      electronicSignatureAuthorization: true,
      dataPolicySignature: true,
    });
    vi.advanceTimersByTime(REGISTERED_REDIRECT_MS - 100);
    expect(router.state.location.pathname).toBe('/user/register/' + TOKEN);
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ email: 'new@example.com' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(getSessionNotice()).toBe(REGISTERED_NOTICE);
  });

  it("shows 'Registration Error' with the server's message for a used or expired link, then goes to sign-in", async () => {
    await serveApi([[authRoutes.validateInvitation, () => refuse(404, EXPIRED)]]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = openRegistration();
    const dialog = await screen.findByRole('dialog', { name: 'Registration Error' });
    expect(dialog.textContent).toContain(EXPIRED);
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    vi.advanceTimersByTime(REGISTRATION_ERROR_REDIRECT_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The sign-in page repeats why.
    expect(getSessionNotice()).toBe(EXPIRED);
  });

  it("says 'Unknown Error' when the failure carries no message, and refuses a malformed link without a call", async () => {
    await serveApi([[authRoutes.validateInvitation, () => ({ status: 500, body: { message: '' } })]]);
    const first = openRegistration();
    const dialog = await screen.findByRole('dialog', { name: 'Registration Error' });
    expect(dialog.textContent).toContain('Unknown Error');
    first.unmount();

    const { requests } = await serveApi([]);
    openRegistration('bad');
    await waitFor(() => expect(screen.getAllByText(INVALID_INVITATION_LINK).length).toBeGreaterThan(0));
    expect(requests).toEqual([]);
  });

  it("shows 'Registration Error' when the link is used up while the form is open", async () => {
    await serveApi([
      [authRoutes.validateInvitation, () => ok(authRoutes.validateInvitation, INVITEE)],
      [authRoutes.register, () => refuse(404, EXPIRED)],
    ]);
    openRegistration();
    await screen.findByLabelText(/^First name/);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registration Error' });
    expect(dialog.textContent).toContain(EXPIRED);
    await userEvent.click(screen.getByRole('button', { name: 'Go to sign in' }));
    expect(getSessionNotice()).toBe(EXPIRED);
  });
});
