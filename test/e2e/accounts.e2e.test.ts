import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@stormline/contract/areas/profile';
import { DEMO_PASSWORD } from '@stormline/local/seed';
import { call, NORTH, tokenFor } from '../support/api';
import { lastMessageTo, linkToken } from '../support/outbox';
import { createTestUser, signInAs } from '../support/users';
import { expectNoSeriousAxeViolations } from './axe';
import { VIEWPORTS, fillLogin, screenshot, signIn, useBrowser } from './browser';

/**
 * Spec 001 §2, §4, §5, §8 through the SPA on the real stack: registration from an invitation read
 * in the outbox, the forgotten and reset password, and the profile's settings with the role
 * differences; axe and screenshots at 1280 and 375 px on every screen and state.
 */

const newPage = useBrowser();

const REGULATOR = { email: 'regulator@example.com', password: DEMO_PASSWORD };
const PHOTOS_REGULATOR = { email: 'regulator.photos@example.com', password: DEMO_PASSWORD };

/** Axe on the screen as it stands, and its picture (a dialog's: the viewport, where the dialog is). */
async function look(page: Page, name: string, width: number, { dialog = false } = {}): Promise<void> {
  await expectNoSeriousAxeViolations(page, `${name} at ${width} px`);
  await screenshot(page, `accounts-${name}-${width}`, { fullPage: !dialog });
}

async function profileOf(user: { email: string; password: string }): Promise<Profile> {
  const response = await call<Profile>('/api/users/profile', { token: await signInAs(user) });
  expect(response.status).toBe(200);
  return response.body;
}

/** An invitation made through the API as the Admin (the Add Users modal is another screen's test). */
async function invite(email: string): Promise<string> {
  const created = await call('/api/users', {
    method: 'POST',
    token: await tokenFor('admin@example.com'),
    divisionId: NORTH,
    body: { emails: [email], roleId: 'inspector', divisionIds: [NORTH], position: 'Trainee Inspector' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const message = await lastMessageTo(email);
  expect(message.subject).toBeTruthy();
  return linkToken(message, '/user/register/');
}

describe.each(Object.values(VIEWPORTS))('accounts at $width px', (viewport) => {
  const width = viewport.width;

  it('registers an invitee from the e-mailed link, then they sign in; the used link is refused', async () => {
    const email = `invitee-${randomUUID()}@example.com`;
    const token = await invite(email);
    const page = await newPage(viewport);

    await page.goto(`/user/register/${token}`);
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Position').inputValue()).toBe('Trainee Inspector');
    await look(page, 'registration', width);

    // The spec's checks before anything is sent.
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await look(page, 'registration-errors', width);

    const password = `Pw-${randomUUID()}`;
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Field');
    await page.getByLabel('Phone').fill('020 7946 0000');
    await page.getByLabel('Extension').fill('12');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I consent to sign inspection reports electronically').check();
    await page.getByLabel('I have read and accept the data privacy policy').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByTestId('registration-done').waitFor();
    await screenshot(page, `accounts-registration-done-${width}`);

    // After 2 s, sign-in with the email filled in.
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    await page.getByText('Your registration is complete.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/divisions\/north-region\/dashboard$/);
    await page.getByTestId('user-menu').waitFor();

    const profile = await profileOf({ email, password });
    expect(profile).toMatchObject({
      status: 'active',
      first_name: 'Nora',
      last_name: 'Field',
      position: 'Trainee Inspector',
      address: { phone: '020 7946 0000', phone_ext: '12' },
      electronicSignatureAuthorization: true,
      dataPolicySignature: true,
    });

    // The link is single-use: opened again, it is 'Registration Error', then sign-in.
    const again = await newPage(viewport);
    await again.goto(`/user/register/${token}`);
    const dialog = again.getByRole('dialog', { name: 'Registration Error' });
    await dialog.getByText('This invitation link is not valid or has expired.', { exact: false }).waitFor();
    await look(again, 'registration-error', width, { dialog: true });
    await again.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    // The sign-in page has replaced the registration screen, and repeats why.
    await again.getByRole('button', { name: 'Sign in' }).waitFor();
    await again.getByText('This invitation link is not valid or has expired.', { exact: false }).waitFor();
  });

  it('resets a forgotten password from the e-mailed link; the old password and the used link are refused', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    const page = await newPage(viewport);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email is required').waitFor();
    await look(page, 'forgot', width);

    // A known and an unknown address get the same words.
    const unknown = `nobody-${randomUUID()}@example.com`;
    await page.getByLabel('Email').fill(unknown);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const unknownAnswer = await page.getByTestId('forgot-answer').innerText();
    await page.getByRole('button', { name: 'ask for another link' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const knownAnswer = await page.getByTestId('forgot-answer').innerText();
    expect(knownAnswer.replace(user.email, '{email}')).toBe(unknownAnswer.replace(unknown, '{email}'));
    await look(page, 'forgot-answer', width);

    const token = linkToken(await lastMessageTo(user.email), '/reset-password/');
    await page.goto(`/reset-password/${token}`);
    await page.getByRole('textbox', { name: 'New password', exact: true }).waitFor();
    await look(page, 'reset', width);
    const password = `New-${randomUUID()}`;
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog', { name: 'Password reset' }).getByTestId('reset-done').waitFor();
    await look(page, 'reset-done', width, { dialog: true });
    // Signed in by the answer: the dashboard after 5 s.
    await page.waitForURL(/\/divisions\/north-region\/dashboard$/, { timeout: 15_000 });
    await page.getByTestId('user-menu').waitFor();

    const fresh = await newPage(viewport);
    await signIn(fresh, { email: user.email, password });
    const old = await call('/api/login', {
      method: 'POST',
      body: { email: user.email, password: user.password },
    });
    expect(old.status).toBe(401);

    // The link was used: a second reset goes to /forgot with the server's message.
    const reuse = await newPage(viewport);
    await reuse.goto(`/reset-password/${token}`);
    await reuse.getByRole('textbox', { name: 'New password', exact: true }).fill(`Other-${randomUUID()}`);
    await reuse
      .getByLabel('Confirm new password')
      .fill(await reuse.getByRole('textbox', { name: 'New password', exact: true }).inputValue());
    await reuse.getByRole('button', { name: 'Reset password' }).click();
    await reuse.waitForURL((url) => url.pathname === '/forgot');
    await reuse
      .getByTestId('forgot-notice')
      .getByText('This password reset link is not valid or has expired.', { exact: false })
      .waitFor();
    await look(reuse, 'reset-refused', width);
  });

  it('changes notification settings, the summary frequency and e-signature consent, and they persist', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    const page = await newPage(viewport);
    await signIn(page, user);
    await page.goto('/divisions/north-region/my-profile');
    const settings = page.getByTestId('notification-settings');
    await settings.waitFor();
    await look(page, 'profile', width);

    const row = (typeId: string) => page.getByTestId(`notification-${typeId}`);
    // SMS only for the three types that offer it.
    for (const typeId of ['missed-inspection', 'inspection-ready-to-sign', 'inspection-complete'])
      expect(await row(typeId).getByRole('checkbox', { name: 'SMS' }).count()).toBe(1);
    for (const typeId of [
      'inspection-due',
      'acknowledgement-required',
      'findings-past-due',
      'project-assigned',
    ])
      expect(await row(typeId).getByRole('checkbox', { name: 'SMS' }).count()).toBe(0);

    await row('missed-inspection').getByRole('checkbox', { name: 'SMS' }).check();
    await row('project-assigned').getByRole('checkbox', { name: 'Email' }).uncheck();
    // The bulk update: in-app off for every type.
    await page.getByTestId('notification-all').getByRole('checkbox', { name: 'In-app' }).uncheck();
    await expect
      .poll(() => row('inspection-due').getByRole('checkbox', { name: 'In-app' }).isChecked())
      .toBe(false);

    await row('missed-inspection')
      .getByRole('button', { name: /Add your own email message/ })
      .click();
    const messageDialog = page.getByRole('dialog', { name: 'Missed Inspection email message' });
    await messageDialog.getByLabel('Your message').fill('Call the site office before you go.');
    await look(page, 'profile-email-message', width, { dialog: true });
    await messageDialog.getByRole('button', { name: 'Save message' }).click();
    await messageDialog.waitFor({ state: 'hidden' });

    await page.getByTestId('summary-email').getByText('Daily', { exact: true }).click();
    await page.getByText('Summary email frequency saved').first().waitFor();

    await page.getByRole('button', { name: 'Give consent' }).click();
    const consent = page.getByRole('dialog', { name: 'Consent to electronic signatures' });
    await consent.waitFor();
    await look(page, 'profile-consent', width, { dialog: true });
    await consent.getByRole('button', { name: 'I agree' }).click();
    await page.getByTestId('consent-status').getByText('Consent given').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('notificationFrequency'))).toBe('Daily');

    // Read back through the API.
    const profile = await profileOf(user);
    const setting = (id: string) => profile.notifications!.find((s) => s.id === id)!;
    expect(setting('missed-inspection')).toMatchObject({
      is_enabled: expect.arrayContaining(['email', 'sms']),
      default_email_message: 'Call the site office before you go.',
    });
    expect(setting('missed-inspection').is_enabled).not.toContain('in-app');
    expect(setting('project-assigned').is_enabled).toEqual([]);
    expect(setting('inspection-due').is_enabled).toEqual(['email']);
    expect(profile.summaryEmail?.frequency).toBe('Daily');
    expect(profile.electronicSignatureAuthorization).toBe(true);

    // And the page shows them after a reload.
    await page.reload();
    await settings.waitFor();
    expect(await row('missed-inspection').getByRole('checkbox', { name: 'SMS' }).isChecked()).toBe(true);
    expect(await row('project-assigned').getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(false);
    expect(await page.getByTestId('summary-email').getByRole('radio', { name: 'Daily' }).isChecked()).toBe(
      true,
    );
    await screenshot(page, `accounts-profile-saved-${width}`);
  });

  it('shows a Regulator no settings panels', async () => {
    const page = await newPage(viewport);
    await signIn(page, REGULATOR);
    await page.goto('/divisions/north-region/my-profile');
    await page.getByTestId('profile-summary').waitFor();
    await page.getByLabel('First name').waitFor();
    expect(await page.getByTestId('notification-settings').count()).toBe(0);
    expect(await page.getByTestId('summary-email').count()).toBe(0);
    expect(await page.getByTestId('signature-consent').count()).toBe(0);
    await look(page, 'profile-regulator', width);
  });

  it("shows 'Regulator - With Photos' only Inspection Complete, with no frequency or consent", async () => {
    const page = await newPage(viewport);
    await signIn(page, PHOTOS_REGULATOR);
    await page.goto('/divisions/north-region/my-profile');
    const settings = page.getByTestId('notification-settings');
    await settings.waitFor();
    expect(
      await settings.getByRole('group').evaluateAll((groups) => groups.map((g) => g.dataset.testid)),
    ).toEqual(['notification-inspection-complete']);
    expect(await page.getByTestId('summary-email').count()).toBe(0);
    expect(await page.getByTestId('signature-consent').count()).toBe(0);
    await look(page, 'profile-regulator-photos', width);
  });
});

describe('signing in after registration', () => {
  it('signs out whoever was signed in in the browser before the invitee signs in', async () => {
    const email = `invitee-${randomUUID()}@example.com`;
    const token = await invite(email);
    const someone = await createTestUser('Inspector', [NORTH]);
    const page = await newPage();
    await signIn(page, someone);
    await page.goto(`/user/register/${token}`);
    const password = `Pw-${randomUUID()}`;
    await page.getByLabel('First name').fill('Ola');
    await page.getByLabel('Last name').fill('Stone');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I have read and accept the data privacy policy').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await fillLogin(page, email, password);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('user-menu-name').textContent()).toBe('Ola Stone');
  });
});
