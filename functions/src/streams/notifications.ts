import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { notifyOnce } from '@stormline/data/notifications';
import { readSettings, settingOrDefault } from '@stormline/data/notification-settings';
import { getProjectInDivision, listProjectContactIds } from '@stormline/data/projects';
import { getUsers, listDivisionUsersOfRole, membersOfDivision } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { displayDate } from '@stormline/domain/local-date';
import {
  audienceAdmits,
  DIVISION_MANAGER_ROLES,
  notificationEventsOf,
  type NotificationEvent,
} from '@stormline/domain/notification-events';
import { postStormDueText } from '@stormline/domain/post-storm-dues';
import { notificationType, settingsPolicyOf } from '@stormline/domain/notification-settings';
import { toE164 } from '@stormline/domain/region';
import { roleById, roleByName } from '@stormline/domain/roles';
import { deploymentRegion, getTableDb, type Deps } from '../lib/deps';
import { optionalEnv } from '../lib/env';
import { sendMessage } from '../lib/outbox';
import { postToUser } from '../lib/realtime';
import type { StreamBatchResult, StreamEvent, StreamRecord } from './stream-event';

type TableDeps = Pick<Deps, 'db'>;

const image = (value: Record<string, AttributeValue> | undefined) =>
  value ? (unmarshall(value) as Record<string, unknown>) : undefined;

/**
 * The notifications stream handler (issue 11): a change that raises a notification (an
 * inspection ready to sign, complete or awaiting acknowledgement, a project given to an
 * inspector, a scheduled job's record: a missed inspection, a finding gone late, a routine
 * inspection due today, a post-storm inspection due after rain at the site) is delivered to the people it concerns by the channels each chose in the
 * profile: in the app, live to the bell through the WebSocket API, by e-mail and by SMS. An event
 * reaches a person once however often the stream delivers it (notifyOnce).
 */
export async function handler(event: StreamEvent): Promise<StreamBatchResult> {
  // The table alone: a stream handler holds no sign-in secret (the Streams stack grants none).
  const deps: TableDeps = { db: getTableDb() };
  for (const record of event.Records) {
    try {
      await notifyRecord(deps, record);
    } catch (error) {
      console.error('notifications: a stream record was not delivered', error);
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}

const ONCE_PER_INSPECTION = new Set<NotificationEvent['typeId']>([
  'inspection-ready-to-sign',
  'acknowledgement-required',
]);

async function notifyRecord(deps: TableDeps, record: StreamRecord) {
  const after = image(record.dynamodb?.NewImage);
  const before = image(record.dynamodb?.OldImage);
  const item = after ?? before;
  if (!item || !record.dynamodb?.SequenceNumber) return;
  for (const event of notificationEventsOf(before, after)) {
    // An inspection asks to be signed, and to be acknowledged, once, however often its answers are
    // cleared and given again or it is reopened and certified again; any other event is its
    // record's change at that stream position.
    const eventKey = ONCE_PER_INSPECTION.has(event.typeId)
      ? `${event.typeId}|${event.inspectionId ?? ''}`
      : `${event.typeId}|${item.pk as string}|${item.sk as string}|${record.dynamodb.SequenceNumber}`;
    await deliver(deps, event, eventKey);
  }
}

async function deliver(deps: TableDeps, event: NotificationEvent, eventKey: string) {
  const project =
    event.divisionId && event.projectId
      ? await getProjectInDivision(deps.db, event.divisionId, event.projectId).catch(() => null)
      : null;
  // A project's event whose project is gone (deleted since) tells no one.
  if (event.projectId && !project) return;
  const team = await recipientsOf(deps, event, project);
  // The division's managers beyond the team hear only by asking to (a stored setting).
  const managers =
    event.audience === 'team-and-managers'
      ? (await divisionManagerIds(deps, event.divisionId!)).filter((id) => !team.includes(id))
      : [];
  const ids = [...team, ...managers];
  // Only people still in the project's division: one who left keeps no news of its projects.
  const members = event.divisionId ? await membersOfDivision(deps.db, event.divisionId, ids) : new Set(ids);
  const users = await getUsers(
    deps.db,
    ids.filter((id) => members.has(id)),
  );
  const message = messageOf(event, project?.name ?? '', project?.timezone ?? 'UTC');
  for (const user of users)
    await deliverTo(deps, user, event, eventKey, message, { optedInOnly: managers.includes(user.id) });
}

/** The members of the division who hold a manager's role (the inspectors index, by role). */
async function divisionManagerIds(deps: TableDeps, divisionId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const name of DIVISION_MANAGER_ROLES) {
    let cursor: string | undefined;
    do {
      const page = await listDivisionUsersOfRole(deps.db, divisionId, roleByName(name).id, {
        pageSize: 100,
        cursor,
      });
      ids.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return ids;
}

async function recipientsOf(
  deps: TableDeps,
  event: NotificationEvent,
  project: { inspector_user_id: string | null } | null,
): Promise<string[]> {
  const ids =
    event.audience === 'user'
      ? [event.userId]
      : event.audience === 'inspector'
        ? [event.userId ?? project?.inspector_user_id ?? null]
        : // The team ('acknowledgers' too: deliverTo keeps those whose role may acknowledge;
          // 'team-and-managers' adds the managers in deliver).
          [
            ...(await listProjectContactIds(deps.db, event.divisionId!, event.projectId!)),
            project?.inspector_user_id ?? null,
          ];
  // The one who caused it (who signed) is not told of it.
  return [...new Set(ids.filter((id): id is string => !!id && id !== event.actorId))];
}

/** The words of a notification, and where it opens. */
function messageOf(event: NotificationEvent, projectName: string, timeZone: string) {
  const projectLink = `/divisions/${event.divisionId}/projects/${event.projectId}/inspections`;
  const inspectionLink = event.inspectionId ? `/inspection/${event.inspectionId}` : projectLink;
  const inspection = `Inspection #${event.number ?? ''} of ${projectName}`;
  switch (event.typeId) {
    case 'inspection-ready-to-sign':
      return {
        title: 'Inspection Ready To Sign',
        content: `${inspection} is complete and waits for your certification.`,
        link: `${inspectionLink}/certification`,
      };
    case 'inspection-complete':
      return {
        title: 'Inspection Complete',
        content: `${inspection} was completed and certified on ${displayDate(event.date)}.`,
        link: inspectionLink,
      };
    case 'project-assigned':
      return {
        title: 'Project Assigned',
        content: `You are now the inspector of ${projectName}.`,
        link: projectLink,
      };
    case 'missed-inspection':
      return {
        title: 'Missed Inspection',
        content: `${projectName} passed its inspection date ${displayDate(event.date)} without an inspection.`,
        link: projectLink,
      };
    case 'post-storm-due':
      return {
        title: 'Post-Storm Inspection Due',
        content: event.storm ? postStormDueText(projectName, event.storm, timeZone) : '',
        link: projectLink,
      };
    case 'inspection-due':
      return {
        title: 'Inspection Due',
        content: `${projectName} is due for its routine inspection today, ${displayDate(event.date)}.`,
        link: projectLink,
      };
    case 'acknowledgement-required':
      return {
        title: 'Acknowledgement Required',
        content: `${inspection} was certified and waits for your acknowledgement.`,
        link: `${inspectionLink}/certification`,
      };
    case 'findings-past-due':
      return {
        title: 'Findings Past Due',
        content: event.dueBy
          ? `${event.name ?? 'Finding'} #${event.number ?? ''} of ${projectName}, initiated ${displayDate(event.date)}, was due by ${displayDate(event.dueBy)} (CGP 5.2) and is still open.`
          : `${event.name ?? 'Finding'} #${event.number ?? ''} of ${projectName}, initiated ${displayDate(event.date)}, is open longer than 7 days.`,
        link: `/divisions/${event.divisionId}/projects/${event.projectId}/findings`,
      };
    case 'invitation-accepted':
      return {
        title: 'Invitation Accepted',
        content: `${event.name ?? 'Someone you invited'} accepted your invitation and can now sign in.`,
        // Outside a division's path: the SPA opens it in the reader's division (spec 000 §2).
        link: `/user-profiles/${event.subjectId ?? ''}/edit`,
      };
  }
}

async function deliverTo(
  deps: TableDeps,
  user: UserRecord,
  event: NotificationEvent,
  eventKey: string,
  message: { title: string; content: string; link: string },
  options: { optedInOnly: boolean },
) {
  const role = roleById(user.roleId);
  // Only active people, and only types their role has settings for (a Regulator has none).
  if (user.status !== 'active' || !role) return;
  if (!settingsPolicyOf(role.name).types.some((t) => t.id === event.typeId)) return;
  // Only those the audience means by role (who may sign the acknowledgement, for that request).
  if (!audienceAdmits(event.audience, role)) return;
  const stored = await readSettings(deps.db, user.id);
  // A manager outside the project's team hears it only by a setting they saved, never by default.
  if (options.optedInOnly && !stored.settings.has(event.typeId)) return;
  const setting = settingOrDefault(stored, event.typeId);
  const channels = new Set(setting.is_enabled);
  if (channels.size === 0) return;
  const delivered = await notifyOnce(deps.db, user.id, eventKey, channels.has('in-app') ? message : null);
  if (!delivered) return;
  if (delivered.notification)
    // Live to the bell; a closed or failing connection leaves it for the next read of the list.
    await postToUser(deps, user.id, { type: 'notification', notification: delivered.notification }).catch(
      (error: unknown) => console.error('notifications: not pushed live', error),
    );
  const custom = notificationType(event.typeId)?.hasCustomMessage ? setting.default_email_message : null;
  const site = (optionalEnv('SITE_URL') ?? '').replace(/\/+$/, '');
  // One channel failing (a bounced address, a number SNS refuses) leaves the others delivered.
  const send = (channel: string, sending: Promise<unknown>) =>
    sending.catch((error: unknown) => console.error(`notifications: ${channel} not sent`, error));
  if (channels.has('email'))
    await send(
      'e-mail',
      sendMessage({
        channel: 'email',
        to: user.email,
        subject: message.title,
        text: [message.content, custom, `Open it: ${site}${message.link}`].filter(Boolean).join('\n\n'),
      }),
    );
  const phone = user.phone ? toE164(user.phone, deploymentRegion()) : null;
  if (channels.has('sms') && phone)
    await send(
      'SMS',
      sendMessage({ channel: 'sms', to: phone, text: `${message.title}: ${message.content}` }),
    );
}
