import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@stormline/domain/notification-settings';
import type { RoleName } from '@stormline/domain/roles';
import { call } from '../support/api';
import { createTestUser } from '../support/users';

/**
 * Spec 001 §2 profile: notification settings per type and delivery, the summary-email
 * frequency from the server, e-signature consent, and the role differences, on the server.
 */

interface Setting {
  id: string;
  name: string;
  is_enabled: string[];
  deliveries: string[];
  default_email_message: string | null;
  has_custom_message: boolean;
}
interface Profile {
  id: string;
  notifications: Setting[];
  summaryEmail: { frequency: string; availableFrequencies: string[] } | null;
  canConsentToSignatures: boolean;
  electronicSignatureAuthorization: boolean;
}

async function signedInAs(role: RoleName) {
  const user = await createTestUser(role, ['north-region']);
  const signIn = await call<{ token: string }>('/api/login', {
    method: 'POST',
    body: { email: user.email, password: user.password },
  });
  const token = signIn.body.token;
  const profile = async () => (await call<Profile>('/api/users/profile', { token })).body;
  return { id: user.id, token, profile };
}

describe('notification settings', () => {
  it('lists every type with in-app and e-mail on by default, SMS offered for four types only', async () => {
    const { profile } = await signedInAs('Inspector');
    const { notifications, summaryEmail, canConsentToSignatures } = await profile();
    expect(notifications.map((n) => n.name)).toEqual([
      'Missed Inspection',
      'Inspection Ready To Sign',
      'Inspection Complete',
      'Post-Storm Inspection Due',
      'Inspection Due',
      'Acknowledgement Required',
      'Findings Past Due',
      'Project Assigned',
      'Invitation Accepted',
    ]);
    for (const n of notifications) expect(n.is_enabled, n.name).toEqual(['in-app', 'email']);
    expect(notifications.filter((n) => n.deliveries.includes('sms')).map((n) => n.name)).toEqual([
      'Missed Inspection',
      'Inspection Ready To Sign',
      'Inspection Complete',
      'Post-Storm Inspection Due',
    ]);
    expect(summaryEmail).toEqual({
      frequency: 'Weekly',
      availableFrequencies: ['Never', 'Daily', 'Weekly', 'Monthly'],
    });
    expect(canConsentToSignatures).toBe(true);
  });

  it('saves one type (PUT /api/users/{id}/notification-types/{type}) and refuses SMS where it is not offered', async () => {
    const { id, token, profile } = await signedInAs('Inspector');
    const saved = await call<Setting>(`/api/users/${id}/notification-types/missed-inspection`, {
      method: 'PUT',
      token,
      body: { is_enabled: ['sms', 'email'], default_email_message: 'Call the site office first.' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      is_enabled: ['sms', 'email'],
      default_email_message: 'Call the site office first.',
    });
    const smsRefused = await call(`/api/users/${id}/notification-types/inspection-due`, {
      method: 'PUT',
      token,
      body: { is_enabled: ['sms'] },
    });
    expect(smsRefused.status).toBe(400);
    expect(smsRefused.body).toMatchObject({ message: 'SMS is not offered for Inspection Due' });
    const unknown = await call(`/api/users/${id}/notification-types/no-such-type`, {
      method: 'PUT',
      token,
      body: { is_enabled: [] },
    });
    expect(unknown.status).toBe(404);
    const read = (await profile()).notifications.find((n) => n.id === 'missed-inspection');
    expect(read).toMatchObject({
      is_enabled: ['sms', 'email'],
      default_email_message: 'Call the site office first.',
    });
    expect((await profile()).notifications.find((n) => n.id === 'inspection-due')?.is_enabled).toEqual([
      'in-app',
      'email',
    ]);
  });

  it('turns one delivery type on or off across every type (bulk update), SMS only where offered', async () => {
    const { id, token } = await signedInAs('Inspector');
    const sms = await call<Setting[]>(`/api/users/${id}/bulkupdate/notification-types`, {
      method: 'POST',
      token,
      body: { isEnabled: true, typeId: 'sms' },
    });
    expect(sms.status).toBe(200);
    expect(sms.body.filter((s) => s.is_enabled.includes('sms')).map((s) => s.id)).toEqual([
      'missed-inspection',
      'inspection-ready-to-sign',
      'inspection-complete',
      'post-storm-due',
    ]);
    const noEmail = await call<Setting[]>(`/api/users/${id}/bulkupdate/notification-types`, {
      method: 'POST',
      token,
      body: { isEnabled: false, typeId: 'email' },
    });
    expect(noEmail.body.every((s) => !s.is_enabled.includes('email'))).toBe(true);
  });

  it("refuses another user's settings, whatever the role", async () => {
    const other = await signedInAs('Inspector');
    const admin = await signedInAs('Admin');
    const response = await call(`/api/users/${other.id}/notification-types/missed-inspection`, {
      method: 'PUT',
      token: admin.token,
      body: { is_enabled: [] },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'You can only change your own settings' });
  });
});

describe('summary-email frequency (PUT /api/notifications/frequency)', () => {
  it('takes one of the values the server offers', async () => {
    const { token, profile } = await signedInAs('Client Manager');
    const saved = await call('/api/notifications/frequency', {
      method: 'PUT',
      token,
      body: { frequency: 'Daily' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      frequency: 'Daily',
      availableFrequencies: ['Never', 'Daily', 'Weekly', 'Monthly'],
    });
    expect((await profile()).summaryEmail?.frequency).toBe('Daily');
    const wrong = await call('/api/notifications/frequency', {
      method: 'PUT',
      token,
      body: { frequency: 'Hourly' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Please choose one of the offered frequencies' });
  });
});

describe('e-signature consent (POST /api/users/{id}/signature_authorization/{value})', () => {
  it('agrees and withdraws', async () => {
    const { id, token, profile } = await signedInAs('Inspector');
    const agree = await call(`/api/users/${id}/signature_authorization/agree`, { method: 'POST', token });
    expect(agree.body).toEqual({ electronicSignatureAuthorization: true });
    expect((await profile()).electronicSignatureAuthorization).toBe(true);
    await call(`/api/users/${id}/signature_authorization/disagree`, { method: 'POST', token });
    expect((await profile()).electronicSignatureAuthorization).toBe(false);
    const wrong = await call(`/api/users/${id}/signature_authorization/maybe`, { method: 'POST', token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: "The value must be 'agree' or 'disagree'" });
  });
});

describe('the role differences, on the server', () => {
  it('a Regulator has no settings panels, and their calls are refused', async () => {
    const { id, token, profile } = await signedInAs('Regulator');
    expect(await profile()).toMatchObject({
      notifications: [],
      summaryEmail: null,
      canConsentToSignatures: false,
    });
    const setting = await call(`/api/users/${id}/notification-types/inspection-complete`, {
      method: 'PUT',
      token,
      body: { is_enabled: ['email'] },
    });
    expect(setting.status).toBe(403);
    expect(setting.body).toEqual({ message: 'The Regulator role has no notification settings' });
    const bulk = await call(`/api/users/${id}/bulkupdate/notification-types`, {
      method: 'POST',
      token,
      body: { isEnabled: true, typeId: 'email' },
    });
    expect(bulk.status).toBe(403);
    const frequency = await call('/api/notifications/frequency', {
      method: 'PUT',
      token,
      body: { frequency: 'Daily' },
    });
    expect(frequency.status).toBe(403);
    const consent = await call(`/api/users/${id}/signature_authorization/agree`, { method: 'POST', token });
    expect(consent.status).toBe(403);
  });

  it("'Regulator - With Photos' has only Inspection Complete, no frequency or e-signature control", async () => {
    const { id, token, profile } = await signedInAs('Regulator - With Photos');
    const read = await profile();
    expect(read.notifications.map((n) => n.name)).toEqual(['Inspection Complete']);
    expect(read.summaryEmail).toBeNull();
    expect(read.canConsentToSignatures).toBe(false);
    const allowed = await call(`/api/users/${id}/notification-types/inspection-complete`, {
      method: 'PUT',
      token,
      body: { is_enabled: ['sms'] },
    });
    expect(allowed.status).toBe(200);
    const other = await call(`/api/users/${id}/notification-types/missed-inspection`, {
      method: 'PUT',
      token,
      body: { is_enabled: ['email'] },
    });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({
      message: 'The Regulator - With Photos role has no setting for this notification',
    });
    const frequency = await call('/api/notifications/frequency', {
      method: 'PUT',
      token,
      body: { frequency: 'Daily' },
    });
    expect(frequency.status).toBe(403);
    expect(frequency.body).toEqual({ message: 'The Regulator - With Photos role has no summary e-mail' });
    const consent = await call(`/api/users/${id}/signature_authorization/agree`, { method: 'POST', token });
    expect(consent.status).toBe(403);
  });
});

describe('own profile details (POST /api/users/profile)', () => {
  it("checks the phone by the region's rules (UK: optional, a valid number when given)", async () => {
    const { token, profile } = await signedInAs('Inspector');
    const version = (await call<{ version: number }>('/api/users/profile', { token })).body.version;
    const bad = await call('/api/users/profile', {
      method: 'POST',
      token,
      body: { first_name: 'Test', last_name: 'Inspector', phone: '12345', version },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Please enter a valid phone number' });
    const good = await call('/api/users/profile', {
      method: 'POST',
      token,
      body: { first_name: 'Test', last_name: 'Inspector', phone: '0113 496 0000', version },
    });
    expect(good.status).toBe(200);
    expect((await profile()).notifications).toHaveLength(NOTIFICATION_TYPES.length);
  });
});
