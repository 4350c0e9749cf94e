import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryType, SummaryFrequency } from '@stormline/domain/notification-settings';
import { DEFAULT_DELIVERY, DEFAULT_SUMMARY_FREQUENCY } from '@stormline/domain/notification-settings';
import type { Db } from './dynamo';
import { keys } from './keys';
import { readPartition } from './read-partition';
import { putStep, transact } from './transact';

/**
 * A user's notification settings (spec 001 §3): one item per notification type they changed,
 * `USER#<u> / NOTIFY#<type>`, and the summary-email frequency, `USER#<u> / NOTIFY#FREQUENCY`.
 * Types never changed take the defaults, so a new type needs no migration.
 */
export interface StoredSetting {
  typeId: string;
  is_enabled: DeliveryType[];
  default_email_message: string | null;
}

const settingKey = (userId: string, typeId: string) => ({ pk: keys.user(userId).pk, sk: `NOTIFY#${typeId}` });
const FREQUENCY = 'FREQUENCY';

export interface UserSettings {
  settings: Map<string, StoredSetting>;
  frequency: SummaryFrequency;
}

/** Every setting of the user and the frequency: one Query of the user's partition. */
export async function readSettings(db: Db, userId: string): Promise<UserSettings> {
  const items = await readPartition(db, keys.user(userId).pk, 'NOTIFY#');
  const settings = new Map<string, StoredSetting>();
  let frequency = DEFAULT_SUMMARY_FREQUENCY;
  for (const item of items) {
    const typeId = (item.sk as string).slice('NOTIFY#'.length);
    if (typeId === FREQUENCY) frequency = item.frequency as SummaryFrequency;
    else
      settings.set(typeId, {
        typeId,
        is_enabled: (item.is_enabled as DeliveryType[] | undefined) ?? [],
        default_email_message: (item.default_email_message as string | null | undefined) ?? null,
      });
  }
  return { settings, frequency };
}

export function settingOrDefault(stored: UserSettings, typeId: string): StoredSetting {
  return (
    stored.settings.get(typeId) ?? { typeId, is_enabled: [...DEFAULT_DELIVERY], default_email_message: null }
  );
}

function settingItem(userId: string, setting: StoredSetting) {
  return {
    ...settingKey(userId, setting.typeId),
    type: 'NotificationSetting',
    is_enabled: setting.is_enabled,
    default_email_message: setting.default_email_message,
  };
}

/** Writes whole settings (the last write wins: a setting is the user's own, edited by them alone). */
export async function saveSettings(
  db: Db,
  userId: string,
  settings: readonly StoredSetting[],
): Promise<void> {
  for (let i = 0; i < settings.length; i += 100) {
    await transact(
      db,
      settings.slice(i, i + 100).map((s) => putStep(db, settingItem(userId, s))),
    );
  }
}

export async function saveFrequency(db: Db, userId: string, frequency: SummaryFrequency): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...settingKey(userId, FREQUENCY), type: 'SummaryFrequency', frequency },
    }),
  );
}
