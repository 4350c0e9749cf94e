import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import { profileRoutes, type NotificationSetting, type Profile } from '@stormline/contract/areas/profile';
import { usersRoutes } from '@stormline/contract/areas/users';
import {
  DEFAULT_DELIVERY,
  deliveriesOf,
  settingsPolicyOf,
  SUMMARY_FREQUENCIES,
  type DeliveryType,
} from '@stormline/domain/notification-settings';
import type { RoleName } from '@stormline/domain/roles';
import { SessionProvider, useProfileQuery } from '../../../lib/auth';
import { ok, refuse, serveApi, type Answer, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { FREQUENCY_STORAGE_KEY } from '../api/profile-settings';
import MyProfileRoute from './my-profile';

/** The profile as the server answers it for a role: its settings panels are the role's (docs/decisions/0013). */
function serverProfile(role: RoleName): Profile {
  const policy = settingsPolicyOf(role);
  const notifications: NotificationSetting[] = policy.types.map((type) => ({
    id: type.id,
    name: type.name,
    description: type.description,
    is_enabled: [...DEFAULT_DELIVERY],
    deliveries: [...deliveriesOf(type)],
    default_email_message: null,
    has_custom_message: type.hasCustomMessage,
  }));
  return {
    ...profileOf(role),
    notifications,
    summaryEmail: policy.frequency
      ? { frequency: 'Weekly', availableFrequencies: [...SUMMARY_FREQUENCIES] }
      : null,
    canConsentToSignatures: policy.signature,
  };
}

/** The page as the app shows it: the session is the cached profile, so a write's answer shows at once. */
function LiveProfile() {
  const { data } = useProfileQuery();
  return data ? (
    <SessionProvider profile={data}>
      <MyProfileRoute />
    </SessionProvider>
  ) : null;
}

async function openProfile(profile: Profile, handlers: Parameters<typeof serveApi>[0] = []) {
  const served = await serveApi([
    [profileRoutes.getProfile, () => ok(profileRoutes.getProfile, profile)],
    ...handlers,
  ]);
  renderScreen(<LiveProfile />, {
    url: '/divisions/north-region/my-profile',
    profile,
    divisionId: 'north-region',
  });
  await screen.findByTestId('profile-summary');
  return served;
}

const row = (typeId: string) => within(screen.getByTestId(`notification-${typeId}`));
const box = (typeId: string, delivery: string) =>
  row(typeId).getByRole('checkbox', { name: delivery }) as HTMLInputElement;

/** The server's answer to PUT /api/users/{id}/notification-types/{type}. */
function savedType(profile: Profile) {
  return (request: ServedRequest): Answer => {
    const setting = profile.notifications!.find((s) => s.id === request.params.type)!;
    const body = request.body as { is_enabled: DeliveryType[]; default_email_message: string | null };
    return ok(usersRoutes.setNotificationType, { ...setting, ...body });
  };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'signed-in');
});

describe('my profile: notification settings (spec 001 §2)', () => {
  it('lists every type with in-app and email, and SMS only for the three types that offer it', async () => {
    await openProfile(serverProfile('Inspector'));
    const settings = screen.getByTestId('notification-settings');
    expect(within(settings).getByRole('heading', { name: 'Notification settings' })).toBeTruthy();
    for (const typeId of ['missed-inspection', 'inspection-ready-to-sign', 'inspection-complete'])
      expect(box(typeId, 'SMS').checked).toBe(false);
    for (const typeId of [
      'inspection-due',
      'acknowledgement-required',
      'findings-past-due',
      'project-assigned',
    ]) {
      expect(row(typeId).queryByRole('checkbox', { name: 'SMS' })).toBeNull();
      expect(row(typeId).getByText('No SMS')).toBeTruthy();
      expect(box(typeId, 'In-app').checked).toBe(true);
      expect(box(typeId, 'Email').checked).toBe(true);
    }
  });

  it('saves a type as it is ticked, with its delivery types and its email message', async () => {
    const profile = serverProfile('Inspector');
    profile.notifications![0]!.default_email_message = 'Call the site office first.';
    const { requests } = await openProfile(profile, [[usersRoutes.setNotificationType, savedType(profile)]]);
    await userEvent.click(box('missed-inspection', 'SMS'));
    await waitFor(() => expect(requests.some((r) => r.route.startsWith('PUT'))).toBe(true));
    const put = requests.find((r) => r.route.startsWith('PUT'))!;
    expect(put.params).toEqual({ id: profile.id, type: 'missed-inspection' });
    expect(put.body).toEqual({
      is_enabled: ['in-app', 'email', 'sms'],
      default_email_message: 'Call the site office first.',
    });
    expect(box('missed-inspection', 'SMS').checked).toBe(true);
  });

  it('puts a box back when the server refuses the change', async () => {
    const profile = serverProfile('Inspector');
    await openProfile(profile, [
      [usersRoutes.setNotificationType, () => refuse(400, 'SMS is not offered for Missed Inspection')],
    ]);
    await userEvent.click(box('missed-inspection', 'SMS'));
    await waitFor(() => expect(box('missed-inspection', 'SMS').checked).toBe(false));
  });

  it("turns a delivery on or off for every type with the 'All notifications' row (bulk update)", async () => {
    const profile = serverProfile('Inspector');
    const { requests } = await openProfile(profile, [
      [
        usersRoutes.bulkUpdateNotificationTypes,
        (request) => {
          const { typeId, isEnabled } = request.body as { typeId: DeliveryType; isEnabled: boolean };
          return ok(
            usersRoutes.bulkUpdateNotificationTypes,
            profile.notifications!.map((s) =>
              s.deliveries.includes(typeId)
                ? {
                    ...s,
                    is_enabled: isEnabled
                      ? [...s.is_enabled.filter((d) => d !== typeId), typeId]
                      : s.is_enabled.filter((d) => d !== typeId),
                  }
                : s,
            ),
          );
        },
      ],
    ]);
    const all = within(screen.getByTestId('notification-all'));
    const allEmail = all.getByRole('checkbox', { name: 'Email' }) as HTMLInputElement;
    expect(allEmail.checked).toBe(true);
    await userEvent.click(allEmail);
    await waitFor(() => expect(box('project-assigned', 'Email').checked).toBe(false));
    expect(requests.at(-1)!.body).toEqual({ typeId: 'email', isEnabled: false });
    expect(box('missed-inspection', 'Email').checked).toBe(false);

    await userEvent.click(all.getByRole('checkbox', { name: 'SMS' }));
    await waitFor(() => expect(box('inspection-complete', 'SMS').checked).toBe(true));
    expect(requests.at(-1)!.body).toEqual({ typeId: 'sms', isEnabled: true });
  });

  it('shows the All box as mixed when only some types have the delivery', async () => {
    const profile = serverProfile('Inspector');
    profile.notifications![0]!.is_enabled = ['in-app'];
    await openProfile(profile);
    const allEmail = within(screen.getByTestId('notification-all')).getByRole('checkbox', { name: 'Email' });
    expect((allEmail as HTMLInputElement).checked).toBe(false);
    expect(allEmail.getAttribute('data-indeterminate')).toBe('true');
  });

  it("edits the email's own message of Missed Inspection, keeping its delivery types", async () => {
    const profile = serverProfile('Inspector');
    profile.notifications![0]!.is_enabled = ['email'];
    const { requests } = await openProfile(profile, [[usersRoutes.setNotificationType, savedType(profile)]]);
    expect(row('inspection-due').queryByRole('button', { name: /email message/ })).toBeNull();
    await userEvent.click(
      row('missed-inspection').getByRole('button', {
        name: 'Add your own email message for Missed Inspection',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Missed Inspection email message' }));
    await userEvent.type(dialog.getByLabelText('Your message'), 'Ring the site office.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.at(-1)!.body).toEqual({
      is_enabled: ['email'],
      default_email_message: 'Ring the site office.',
    });
    expect(
      row('missed-inspection').getByRole('button', { name: 'Edit your email message for Missed Inspection' }),
    ).toBeTruthy();
  });
});

describe('my profile: summary email and e-signature consent (spec 001 §2, §9)', () => {
  it('offers the frequencies the server names, saves the choice and keeps it in local storage', async () => {
    const profile = serverProfile('Inspector');
    const { requests } = await openProfile(profile, [
      [
        notificationsRoutes.setSummaryEmailFrequency,
        (request) =>
          ok(notificationsRoutes.setSummaryEmailFrequency, {
            frequency: (request.body as { frequency: string }).frequency,
            availableFrequencies: [...SUMMARY_FREQUENCIES],
          }),
      ],
    ]);
    const summary = within(screen.getByTestId('summary-email'));
    const group = summary.getByRole('radiogroup', { name: 'Summary email' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Never', 'Daily', 'Weekly', 'Monthly']);
    expect(localStorage.getItem(FREQUENCY_STORAGE_KEY)).toBe('Weekly');
    await userEvent.click(summary.getByRole('radio', { name: 'Daily' }));
    await waitFor(() => expect(localStorage.getItem(FREQUENCY_STORAGE_KEY)).toBe('Daily'));
    expect(requests.at(-1)!.body).toEqual({ frequency: 'Daily' });
    expect((summary.getByRole('radio', { name: 'Daily' }) as HTMLInputElement).checked).toBe(true);
  });

  it('gives consent after a confirmation, and withdraws it after another', async () => {
    const profile = serverProfile('Inspector');
    const { requests } = await openProfile(profile, [
      [
        usersRoutes.setSignatureAuthorization,
        (request) =>
          ok(usersRoutes.setSignatureAuthorization, {
            electronicSignatureAuthorization: request.params.value === 'agree',
          }),
      ],
    ]);
    const consent = within(screen.getByTestId('signature-consent'));
    expect(consent.getByTestId('consent-status').textContent).toBe('No consent yet');
    await userEvent.click(consent.getByRole('button', { name: 'Give consent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Consent to electronic signatures' }));
    await userEvent.click(dialog.getByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(consent.getByTestId('consent-status').textContent).toBe('Consent given'));
    expect(requests.at(-1)!.params).toEqual({ id: profile.id, value: 'agree' });
    // The summary card follows.
    expect(within(screen.getByTestId('profile-summary')).getByText('Consent given')).toBeTruthy();

    await userEvent.click(consent.getByRole('button', { name: 'Withdraw consent' }));
    const withdraw = within(await screen.findByRole('dialog', { name: 'Withdraw consent' }));
    await userEvent.click(withdraw.getByRole('button', { name: 'Withdraw consent' }));
    await waitFor(() => expect(consent.getByTestId('consent-status').textContent).toBe('No consent yet'));
    expect(requests.at(-1)!.params).toEqual({ id: profile.id, value: 'disagree' });
  });

  it("keeps the dialog open with the server's message when consent is refused", async () => {
    await openProfile(serverProfile('Inspector'), [
      [
        usersRoutes.setSignatureAuthorization,
        () => refuse(403, 'The Inspector role has no e-signature consent'),
      ],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Give consent' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'I agree' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(
      'The Inspector role has no e-signature consent',
    );
    expect(screen.getByTestId('consent-status').textContent).toBe('No consent yet');
  });
});

describe('my profile: the role differences (spec 001 §2)', () => {
  it('a Regulator has no settings panels', async () => {
    await openProfile(serverProfile('Regulator'));
    expect(screen.getByLabelText(/^First name/)).toBeTruthy();
    expect(screen.queryByTestId('notification-settings')).toBeNull();
    expect(screen.queryByTestId('summary-email')).toBeNull();
    expect(screen.queryByTestId('signature-consent')).toBeNull();
    // Nor does the summary card speak of a consent the role cannot give.
    expect(within(screen.getByTestId('profile-summary')).queryByText('Electronic signatures')).toBeNull();
  });

  it("'Regulator - With Photos' has only Inspection Complete, with no frequency or e-signature control", async () => {
    await openProfile(serverProfile('Regulator - With Photos'));
    const settings = within(screen.getByTestId('notification-settings'));
    expect(settings.getAllByRole('group').map((g) => g.getAttribute('data-testid'))).toEqual([
      'notification-inspection-complete',
    ]);
    expect(screen.queryByTestId('notification-all')).toBeNull();
    expect(box('inspection-complete', 'SMS')).toBeTruthy();
    expect(screen.queryByTestId('summary-email')).toBeNull();
    expect(screen.queryByTestId('signature-consent')).toBeNull();
    // Nor does the summary card speak of a consent the role cannot give.
    expect(within(screen.getByTestId('profile-summary')).queryByText('Electronic signatures')).toBeNull();
  });

  it('keeps the details form working beside the settings', async () => {
    await openProfile(serverProfile('Client Manager'));
    await userEvent.clear(screen.getByLabelText(/^First name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    act(() => undefined);
  });
});
