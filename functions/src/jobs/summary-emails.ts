import type { Db } from '@stormline/data/dynamo';
import { claimSummary, isSummaryClaimed, listNotificationsBetween } from '@stormline/data/notifications';
import { readSettings } from '@stormline/data/notification-settings';
import { listCompanyUsers } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { settingsPolicyOf } from '@stormline/domain/notification-settings';
import { roleById } from '@stormline/domain/roles';
import { lastSummaryPeriod, summaryEmailText } from '@stormline/domain/summary-email';
import { getTableDb } from '../lib/deps';
import { optionalEnv } from '../lib/env';
import { sendMessage } from '../lib/outbox';

/**
 * The summary e-mail job (issue 11), hourly: EventBridge Scheduler in the cloud, a timer in the
 * local runtime. Each active user whose role has the frequency setting gets, at their chosen
 * frequency, one e-mail listing the notifications of the period that has just ended; the period
 * is claimed before sending (claimSummary), so a retry or an overlapping run sends nothing twice.
 * A period with nothing to tell is claimed and not sent.
 */

const PAGE = 100;
/** The most notifications one summary reads (it lists 20; past this it says "200 or more" by counting these). */
const READ_AT_MOST = 200;

/** One user: answers whether a summary was sent. */
export async function sendSummaryOf(db: Db, user: UserRecord, now: Date): Promise<boolean> {
  const role = roleById(user.roleId);
  if (user.status !== 'active' || !role || !settingsPolicyOf(role.name).frequency) return false;
  const { frequency } = await readSettings(db, user.id);
  const period = lastSummaryPeriod(frequency, now);
  if (!period || frequency === 'Never') return false;
  // Most hours a period was handled already: one GetItem, nothing more.
  if (await isSummaryClaimed(db, user.id, period.key)) return false;
  const notifications = await listNotificationsBetween(db, user.id, period.from, period.to, READ_AT_MOST);
  if (!(await claimSummary(db, user.id, period.key, now))) return false;
  if (notifications.length === 0) return false;
  const siteUrl = (optionalEnv('SITE_URL') ?? '').replace(/\/+$/, '');
  const email = summaryEmailText({ firstName: user.first_name, frequency, notifications, siteUrl });
  await sendMessage({ channel: 'email', to: user.email, ...email }, now);
  return true;
}

/** The whole job: every user of the company, a page at a time (Queries only). */
export async function sendSummaryEmails(db: Db, now: Date): Promise<{ users: number; sent: number }> {
  let users = 0;
  let sent = 0;
  let cursor: string | undefined;
  do {
    const page = await listCompanyUsers(db, { pageSize: PAGE, cursor });
    for (const user of page.items) {
      users++;
      if (await sendSummaryOf(db, user, now)) sent++;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { users, sent };
}

/** What EventBridge Scheduler invokes (its payload is not read: the job looks at now). */
export async function handler(): Promise<{ users: number; sent: number }> {
  return sendSummaryEmails(getTableDb(), new Date());
}
