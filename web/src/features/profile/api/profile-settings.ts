import useSWRMutation from 'swr/mutation';
import type { DeliveryType, SummaryFrequency } from '@stormline/domain/notification-settings';
import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import type { NotificationSetting, Profile } from '@stormline/contract/areas/profile';
import { usersRoutes } from '@stormline/contract/areas/users';
import { callApi } from '../../../lib/api-client';
import { profileKey, useToken } from '../../../lib/auth';
import type { CacheKey } from '../../../lib/cache-keys';

/**
 * The profile's settings (spec 001 §2, §7): each write changes a part of the signed-in user's
 * profile, so each hook is keyed by the profile's cache entry and puts the server's answer there;
 * the page, the summary card and every later visit show it without reading the profile again.
 * None of them is a versioned edit: the details form's version stays current.
 */

export interface NotificationTypeChange {
  type: string;
  is_enabled: DeliveryType[];
  default_email_message: string | null;
}

/** Mutations share the profile's key; without a token there is nothing to change. */
function useProfileMutation<Arg, Result>(
  write: (arg: Arg) => Promise<Result>,
  merge: (profile: Profile, result: Result) => Profile,
) {
  const token = useToken();
  return useSWRMutation<Result, Error, CacheKey | null, Arg, Profile>(
    token ? profileKey(token) : null,
    (_key, { arg }) => write(arg),
    {
      // The profile is cached whenever a signed-in page shows (RequireAuth waits for it).
      populateCache: (result, current) =>
        current ? merge(current, result) : (current as unknown as Profile),
      revalidate: false,
      rollbackOnError: true,
      throwOnError: true,
    },
  );
}

/**
 * A trigger's optimistic view of the profile. SWR types a trigger's `optimisticData` as the
 * mutation's answer, though it is written to the key's cache entry (here the profile), as the
 * hook's own config types it.
 */
function optimistic(view: (current?: Profile) => Profile) {
  return { optimisticData: view as unknown as never };
}

/** The profile as it will be: `change` applied to its settings (the optimistic view of a write). */
function changedSettings(
  current: Profile | undefined,
  change: (setting: NotificationSetting) => NotificationSetting,
): Profile {
  if (!current) return current as unknown as Profile;
  return { ...current, notifications: (current.notifications ?? []).map(change) };
}

/**
 * PUT /api/users/{id}/notification-types/{type}: one type's delivery types and e-mail message.
 * The box changes at once (optimistic) and goes back if the server refuses.
 */
export function useSetNotificationType(userId: string) {
  const mutation = useProfileMutation(
    (change: NotificationTypeChange) =>
      callApi(usersRoutes.setNotificationType, {
        params: { id: userId, type: change.type },
        body: { is_enabled: change.is_enabled, default_email_message: change.default_email_message },
      }),
    (profile, setting) => changedSettings(profile, (s) => (s.id === setting.id ? setting : s)),
  );
  return {
    ...mutation,
    trigger: (change: NotificationTypeChange) =>
      mutation.trigger(
        change,
        optimistic((current) =>
          changedSettings(current, (s) =>
            s.id === change.type
              ? { ...s, is_enabled: change.is_enabled, default_email_message: change.default_email_message }
              : s,
          ),
        ),
      ),
  };
}

export interface BulkChange {
  typeId: DeliveryType;
  isEnabled: boolean;
}

/** POST /api/users/{id}/bulkupdate/notification-types: one delivery type on or off for every type offering it. */
export function useBulkUpdateNotificationTypes(userId: string) {
  const mutation = useProfileMutation(
    (change: BulkChange) =>
      callApi(usersRoutes.bulkUpdateNotificationTypes, { params: { id: userId }, body: change }),
    (profile, notifications) => ({ ...profile, notifications }),
  );
  return {
    ...mutation,
    trigger: (change: BulkChange) =>
      mutation.trigger(
        change,
        optimistic((current) =>
          changedSettings(current, (s) => {
            if (!s.deliveries.includes(change.typeId)) return s;
            const without = s.is_enabled.filter((d) => d !== change.typeId);
            return { ...s, is_enabled: change.isEnabled ? [...without, change.typeId] : without };
          }),
        ),
      ),
  };
}

/** Spec 001 §9: "Notification frequency … kept in local storage." The server's value is the truth. */
export const FREQUENCY_STORAGE_KEY = 'notificationFrequency';

export function rememberFrequency(frequency: SummaryFrequency): void {
  try {
    window.localStorage.setItem(FREQUENCY_STORAGE_KEY, frequency);
  } catch {
    // Storage unavailable (private mode, quota): the server keeps it anyway.
  }
}

/** PUT /api/notifications/frequency: the summary e-mail's frequency, one the server offers. */
export function useSetSummaryFrequency() {
  const mutation = useProfileMutation(
    (frequency: SummaryFrequency) =>
      callApi(notificationsRoutes.setSummaryEmailFrequency, { body: { frequency } }),
    (profile, summaryEmail) => ({ ...profile, summaryEmail }),
  );
  return {
    ...mutation,
    trigger: async (frequency: SummaryFrequency) => {
      const answer = await mutation.trigger(frequency);
      rememberFrequency(answer.frequency);
      return answer;
    },
  };
}

/** POST /api/users/{id}/signature_authorization/{agree|disagree}: consent to electronic signatures, or withdraw it. */
export function useSetSignatureConsent(userId: string) {
  const mutation = useProfileMutation(
    (value: 'agree' | 'disagree') =>
      callApi(usersRoutes.setSignatureAuthorization, { params: { id: userId, value } }),
    (profile, answer) => ({
      ...profile,
      electronicSignatureAuthorization: answer.electronicSignatureAuthorization,
    }),
  );
  return mutation;
}
