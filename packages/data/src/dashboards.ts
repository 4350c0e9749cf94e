import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WidgetSetting } from '@stormline/domain/dashboard-rules';
import type { Db } from './dynamo';
import { keys } from './keys';

/** A user's saved dashboard, in their own partition (removed with the user). */
const dashboardKey = (userId: string) => ({ pk: keys.user(userId).pk, sk: 'DASHBOARD' });

/** The user's saved, ordered widget list; null when they never saved one. */
export async function getSavedWidgets(db: Db, userId: string): Promise<WidgetSetting[] | null> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: dashboardKey(userId) }));
  return (Item?.widgets as WidgetSetting[] | undefined) ?? null;
}

/** Saves the user's widget list whole (the last save wins: it is theirs alone). */
export async function saveWidgets(
  db: Db,
  userId: string,
  widgets: readonly WidgetSetting[],
  now: Date,
): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...dashboardKey(userId), type: 'Dashboard', widgets, savedAt: now.toISOString() },
    }),
  );
}
