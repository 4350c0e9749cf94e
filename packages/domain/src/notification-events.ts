import { maySignGroup } from './certification-rules';
import type { Grants } from './permissions';
import type { RoleName } from './roles';

/**
 * The events that raise notifications (issue 11; the types of notification-settings.ts), read
 * from a record's change as the table's stream shows it: the record before and after. Pure, so
 * the rules are tested without a table; the stream handler finds the people and delivers.
 */

/**
 * Who a notification goes to: the inspection's or project's inspector, the project's team (its
 * contacts and inspector), those of the team who may sign an inspection's acknowledgement, one
 * named user, or the team and the division's managers who turned the type on (a post-storm due,
 * docs/decisions/0048: a manager hears of every project's storm only by asking to).
 */
export type Audience = 'inspector' | 'team' | 'acknowledgers' | 'user' | 'team-and-managers';

/**
 * Whether someone in the audience is meant, by their role's grants: Acknowledgement Required asks
 * only those who may sign the acknowledgement (spec 002 §6: all on Acknowledgement or Sign Off),
 * the rule the signing itself checks; every other audience means everyone in it.
 */
export function audienceAdmits(audience: Audience, grants: Grants): boolean {
  return audience !== 'acknowledgers' || maySignGroup(grants, 'acknowledgement');
}

/**
 * The managers who hear of a division's post-storm dues when they turn the type on
 * (docs/decisions/0048): the staff roles that manage sites. Client-side managers hear only as a
 * project's contact, like the rest of its team.
 */
export const DIVISION_MANAGER_ROLES = [
  'Regional Manager',
  'Regional Manager (External)',
  'Area / Assistant Manager',
] as const satisfies readonly RoleName[];

export interface NotificationEvent {
  typeId:
    | 'inspection-ready-to-sign'
    | 'inspection-complete'
    | 'project-assigned'
    | 'missed-inspection'
    | 'post-storm-due'
    | 'inspection-due'
    | 'acknowledgement-required'
    | 'findings-past-due'
    | 'invitation-accepted';
  divisionId: string | null;
  projectId: string | null;
  inspectionId: string | null;
  audience: Audience;
  /** The person meant: the inspection's inspector, a project's new one, the one who invited. */
  userId: string | null;
  /** What the text names: an inspection's or finding's number, a date, a person or a type. */
  number: number | null;
  date: string | null;
  name: string | null;
  /** A post-storm due's deadline and evidence (UTC instants), which its text names. */
  storm: PostStormNotice | null;
  /** The record the notification opens when it is neither a project nor an inspection (a user). */
  subjectId: string | null;
  /** Who caused it and needs no telling (the one who signed an inspection). */
  actorId: string | null;
  /** A late finding's corrective-action deadline (CGP 5.2, 0049), when it has one. */
  dueBy?: string;
}

/** What a post-storm due's notification says: by when, and the rain (or snow) that made it due. */
export interface PostStormNotice {
  dueBy: string;
  kind: 'rain' | 'snowmelt';
  amountInches: number;
  windowStart: string;
  windowEnd: string;
}

type Image = Record<string, unknown> | undefined;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const NONE = {
  inspectionId: null,
  userId: null,
  number: null,
  date: null,
  name: null,
  subjectId: null,
  actorId: null,
  storm: null,
};

function inspectionEvents(before: Image, after: Image): NotificationEvent[] {
  if (!after) return [];
  const base = {
    ...NONE,
    divisionId: after.divisionId as string,
    projectId: after.projectId as string,
    inspectionId: after.id as string,
    userId: text(after.inspectorId),
    number: typeof after.number === 'number' ? after.number : null,
  };
  const events: NotificationEvent[] = [];
  // Answered in full and not signed yet: the inspector is asked to certify.
  if (after.status === 'complete' && before?.status !== 'complete' && !text(after.certification_date))
    events.push({ ...base, typeId: 'inspection-ready-to-sign', audience: 'inspector' });
  // Signed: the project's team hears it is complete and certified.
  if (text(after.certification_date) && !text(before?.certification_date)) {
    events.push({
      ...base,
      typeId: 'inspection-complete',
      audience: 'team',
      date: text(after.certification_date),
      actorId: text(after.certifiedBy),
    });
    // A template with an acknowledgement: its line opens once the inspection is certified
    // (groupOption), so those of the team who may sign it are asked to.
    if (after.has_acknowledgement === true && !text(after.acknowledgement_date))
      events.push({
        ...base,
        typeId: 'acknowledgement-required',
        audience: 'acknowledgers',
        actorId: text(after.certifiedBy),
      });
  }
  return events;
}

function projectEvents(before: Image, after: Image): NotificationEvent[] {
  const inspector = text(after?.inspector_user_id);
  // A project given to a new inspector (created with one, Edit Project, Re-assign).
  if (!after || !inspector || inspector === text(before?.inspector_user_id)) return [];
  return [
    {
      ...NONE,
      typeId: 'project-assigned',
      divisionId: after.divisionId as string,
      projectId: after.id as string,
      audience: 'inspector',
      userId: inspector,
    },
  ];
}

/**
 * A record put once by a scheduled job (a missed inspection, a finding gone late, a routine
 * inspection due today): on its arrival.
 */
function recordedEvents(before: Image, after: Image): NotificationEvent[] {
  if (!after || before) return [];
  const base = {
    ...NONE,
    divisionId: after.divisionId as string,
    projectId: after.projectId as string,
    audience: 'team' as const,
  };
  if (after.type === 'MissedInspection')
    return [{ ...base, typeId: 'missed-inspection', date: text(after.dueDate) }];
  // The project's inspector when it is delivered (re-assigned since the record: the new one).
  if (after.type === 'InspectionDue')
    return [{ ...base, typeId: 'inspection-due', audience: 'inspector', date: text(after.dueDate) }];
  return [
    {
      ...base,
      typeId: 'findings-past-due',
      number: typeof after.number === 'number' ? after.number : null,
      date: text(after.date_initiated),
      name: text(after.typeCode),
      ...(text(after.due_by) ? { dueBy: text(after.due_by)! } : {}),
    },
  ];
}

/**
 * A post-storm due (issue 23), on its arrival only: the rainfall job puts it once per storm, and
 * every later change (settled done, late or missed) is a MODIFY that tells no one again.
 */
function postStormEvents(before: Image, after: Image): NotificationEvent[] {
  if (!after || before) return [];
  const dueBy = text(after.dueBy);
  const windowStart = text(after.windowStart);
  const windowEnd = text(after.windowEnd);
  if (!dueBy || !windowStart || !windowEnd || typeof after.amountInches !== 'number') return [];
  return [
    {
      ...NONE,
      typeId: 'post-storm-due',
      divisionId: after.divisionId as string,
      projectId: after.projectId as string,
      audience: 'team-and-managers',
      storm: {
        dueBy,
        kind: after.kind === 'snowmelt' ? 'snowmelt' : 'rain',
        amountInches: after.amountInches,
        windowStart,
        windowEnd,
      },
    },
  ];
}

function userEvents(before: Image, after: Image): NotificationEvent[] {
  // Registered: an invited account became active; the one who invited hears it.
  if (!after || before?.status !== 'invited' || after.status !== 'active' || !text(after.invitedBy))
    return [];
  const name = [text(after.first_name), text(after.last_name)].filter(Boolean).join(' ');
  return [
    {
      ...NONE,
      typeId: 'invitation-accepted',
      divisionId: null,
      projectId: null,
      audience: 'user',
      userId: text(after.invitedBy),
      name: name || text(after.email),
      subjectId: text(after.id),
    },
  ];
}

/** The notifications one change raises (none for most). */
export function notificationEventsOf(before: Image, after: Image): NotificationEvent[] {
  switch ((after ?? before)?.type) {
    case 'Inspection':
      return inspectionEvents(before, after);
    case 'Project':
      return projectEvents(before, after);
    case 'MissedInspection':
    case 'LateFinding':
    case 'InspectionDue':
      return recordedEvents(before, after);
    case 'User':
      return userEvents(before, after);
    case 'PostStormDue':
      return postStormEvents(before, after);
    default:
      return [];
  }
}
