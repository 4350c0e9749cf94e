import type { NotificationSetting } from '@stormline/contract/areas/profile';
import { readSettings, settingOrDefault } from '@stormline/data/notification-settings';
import type { UserSettings } from '@stormline/data/notification-settings';
import type { Db } from '@stormline/data/dynamo';
import { ForbiddenError, NotFoundError } from '@stormline/domain/errors';
import {
  deliveriesOf,
  notificationType,
  settingsPolicyOf,
  SUMMARY_FREQUENCIES,
} from '@stormline/domain/notification-settings';
import type { NotificationType } from '@stormline/domain/notification-settings';
import type { RoleName } from '@stormline/domain/roles';

/** One setting as the profile shows it: the type's description and the user's choices. */
export function settingView(type: NotificationType, stored: UserSettings): NotificationSetting {
  const setting = settingOrDefault(stored, type.id);
  const deliveries = deliveriesOf(type);
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    // A delivery the type no longer offers is not shown as on.
    is_enabled: setting.is_enabled.filter((d) => deliveries.includes(d)),
    deliveries: [...deliveries],
    default_email_message: type.hasCustomMessage ? setting.default_email_message : null,
    has_custom_message: type.hasCustomMessage,
  };
}

/** The profile's settings panels, as far as the role has them (spec 001 §2). */
export async function settingsOf(db: Db, userId: string, role: RoleName) {
  const policy = settingsPolicyOf(role);
  if (policy.types.length === 0 && !policy.frequency)
    return { notifications: [], summaryEmail: null, canConsentToSignatures: policy.signature };
  const stored = await readSettings(db, userId);
  return {
    notifications: policy.types.map((t) => settingView(t, stored)),
    summaryEmail: policy.frequency
      ? { frequency: stored.frequency, availableFrequencies: [...SUMMARY_FREQUENCIES] }
      : null,
    canConsentToSignatures: policy.signature,
  };
}

/** The settings type a role may change, or 403 with the reason. */
export function settableType(role: RoleName, typeId: string): NotificationType {
  if (!notificationType(typeId)) throw new NotFoundError('Unknown notification type');
  const policy = settingsPolicyOf(role);
  const type = policy.types.find((t) => t.id === typeId);
  if (!type) {
    if (policy.types.length === 0) throw new ForbiddenError(`The ${role} role has no notification settings`);
    throw new ForbiddenError(`The ${role} role has no setting for this notification`);
  }
  return type;
}
