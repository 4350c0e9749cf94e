import type { Db } from '@stormline/data/dynamo';
import { createUser } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { roleByName } from '@stormline/domain/roles';
import type { RoleName } from '@stormline/domain/roles';
import { INVITATION_LINK_SECONDS, RESET_LINK_SECONDS } from '@stormline/domain/user-rules';
import { deploymentRegion } from './deps';
import { requireEnv } from './env';
import { sendMessage } from './outbox';
import { hashPassword } from './passwords';

export interface NewAccount {
  role: RoleName;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  divisionIds: string[];
  position?: string | null;
  phone?: string | null;
  /** Consent to electronic signatures and to the data-privacy policy, as given at registration. */
  consented?: boolean;
}

/** An active account that can sign in at once: the seed, the first cloud Admin, test users. */
export async function createActiveAccount(
  db: Db,
  account: NewAccount,
  now = new Date(),
): Promise<UserRecord & { divisionIds: string[] }> {
  const user = await createUser(
    db,
    {
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      position: account.position ?? null,
      phone: account.phone ?? null,
      phone_ext: null,
      roleId: roleByName(account.role).id,
      status: 'active',
      passwordHash: await hashPassword(account.password),
      permissionsOverride: null,
      divisionIds: account.divisionIds,
      electronicSignatureAuthorization: account.consented ?? false,
      dataPolicySignature: account.consented ?? false,
    },
    now,
  );
  return { ...user, divisionIds: account.divisionIds };
}

const PRODUCT = 'Stormline Inspections';

/**
 * The site the links in e-mails open. Configured, never taken from the request: a Host or Origin
 * header is the caller's to choose, and a reset link pointing at someone else's site would hand
 * them the token.
 */
export function siteUrl(): string {
  return requireEnv('SITE_URL').replace(/\/+$/, '');
}

/** The names of a UTC day's parts, put in the region's order by emailDateTime. */
const EMAIL_DATE_PARTS = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A moment in an e-mail, written out in the region's order as the product writes a long date
 * (web/src/lib/format.ts formatLongDate: 'Monday, 23 November 2026' in the UK, 'Monday, November
 * 23, 2026' in the US), with the time in UTC: a reader in either region cannot misread the day
 * and the month, as 05-06-2026 would be.
 */
export function emailDateTime(date: Date, region: 'US' | 'UK'): string {
  const parts = Object.fromEntries(
    EMAIL_DATE_PARTS.formatToParts(date).map((part) => [part.type, part.value]),
  ) as Record<'weekday' | 'day' | 'month' | 'year', string>;
  const day =
    region === 'US'
      ? `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year}`
      : `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`;
  return `${day} at ${date.toISOString().slice(11, 16)} UTC`;
}

/** Dates in the e-mails, in the deployment's region (REGION_VARIANT). */
function when(date: Date): string {
  return emailDateTime(date, deploymentRegion());
}

export interface Inviter {
  first_name: string;
  last_name: string;
  email: string;
}

/** Spec 001 §2: the invitation e-mail: subject, greeting, the /user/register/{uuid} link and who invited them. */
export async function sendInvitation(
  invitee: { email: string; first_name: string },
  invitation: { token: string; inviter: Inviter; roleName: string; divisionNames: string[]; now: Date },
): Promise<string> {
  const { inviter, now } = invitation;
  const expires = new Date(now.getTime() + INVITATION_LINK_SECONDS * 1000);
  const inviterName = `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email;
  const divisions = invitation.divisionNames.join(', ');
  return sendMessage(
    {
      channel: 'email',
      to: invitee.email,
      subject: `${inviterName} invited you to ${PRODUCT}`,
      text: [
        invitee.first_name ? `Hello ${invitee.first_name},` : 'Hello,',
        '',
        `${inviterName} (${inviter.email}) has invited you to join ${PRODUCT} as ${invitation.roleName}` +
          (divisions ? ` in ${divisions}.` : '.'),
        '',
        'To accept the invitation and set up your account, open this link:',
        `${siteUrl()}/user/register/${invitation.token}`,
        '',
        `The link works once and expires on ${when(expires)} (in ${INVITATION_LINK_SECONDS / 86400} days).`,
        `If you were not expecting this invitation, you can ignore this e-mail or reply to ${inviter.email}.`,
        '',
        PRODUCT,
      ].join('\n'),
    },
    now,
  );
}

/** The forgotten-password e-mail with its /reset-password/{uuid} link. */
export async function sendPasswordReset(
  user: { email: string; first_name: string },
  token: string,
  now: Date,
): Promise<string> {
  const expires = new Date(now.getTime() + RESET_LINK_SECONDS * 1000);
  return sendMessage(
    {
      channel: 'email',
      to: user.email,
      subject: `Reset your ${PRODUCT} password`,
      text: [
        user.first_name ? `Hello ${user.first_name},` : 'Hello,',
        '',
        `Someone (we hope you) asked to reset the password of your ${PRODUCT} account.`,
        'To choose a new password, open this link:',
        `${siteUrl()}/reset-password/${token}`,
        '',
        `The link works once and expires on ${when(expires)} (in ${RESET_LINK_SECONDS / 60} minutes).`,
        'Setting a new password signs you out everywhere else.',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        '',
        PRODUCT,
      ].join('\n'),
    },
    now,
  );
}

/**
 * Sent to the old address when an administrator changes a user's sign-in email
 * (docs/decisions/0013): the account holder hears of a change they did not make.
 */
export async function sendEmailChangedNotice(
  user: { email: string; first_name: string },
  change: { newEmail: string; changedBy: Inviter; now: Date },
): Promise<string> {
  const { changedBy, now } = change;
  const byName = `${changedBy.first_name} ${changedBy.last_name}`.trim() || changedBy.email;
  return sendMessage(
    {
      channel: 'email',
      to: user.email,
      subject: `Your ${PRODUCT} sign-in email was changed`,
      text: [
        user.first_name ? `Hello ${user.first_name},` : 'Hello,',
        '',
        `Your ${PRODUCT} sign-in email was changed to ${change.newEmail} by ${byName} (${changedBy.email}) on ${when(now)}.`,
        'You have been signed out, and links sent to this address (an invitation, a password reset) no longer work.',
        '',
        'If this was not expected, contact your administrator.',
        '',
        PRODUCT,
      ].join('\n'),
    },
    now,
  );
}
