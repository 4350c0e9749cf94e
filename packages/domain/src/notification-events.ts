/**
 * The events that raise notifications (issue 11; the types of notification-settings.ts), read
 * from a record's change as the table's stream shows it: the record before and after. Pure, so
 * the rules are tested without a table; the stream handler finds the people and delivers.
 */

/** Who a notification goes to: the inspection's or project's inspector, or the project's team. */
export type Audience = 'inspector' | 'team';

export interface NotificationEvent {
  typeId: 'inspection-ready-to-sign' | 'inspection-complete' | 'project-assigned' | 'missed-inspection';
  divisionId: string;
  projectId: string;
  inspectionId: string | null;
  audience: Audience;
  /** The inspector meant (the inspection's, or the project's new one). */
  inspectorId: string | null;
  /** What the text names: the inspection's number, the date missed. */
  number: number | null;
  date: string | null;
}

type Image = Record<string, unknown> | undefined;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function inspectionEvents(before: Image, after: Image): NotificationEvent[] {
  if (!after) return [];
  const base = {
    divisionId: after.divisionId as string,
    projectId: after.projectId as string,
    inspectionId: after.id as string,
    inspectorId: text(after.inspectorId),
    number: typeof after.number === 'number' ? after.number : null,
  };
  const events: NotificationEvent[] = [];
  // Answered in full and not signed yet: the inspector is asked to certify.
  if (after.status === 'complete' && before?.status !== 'complete' && !text(after.certification_date))
    events.push({ ...base, typeId: 'inspection-ready-to-sign', audience: 'inspector', date: null });
  // Signed: the project's team hears it is complete and certified.
  if (text(after.certification_date) && !text(before?.certification_date))
    events.push({
      ...base,
      typeId: 'inspection-complete',
      audience: 'team',
      date: text(after.certification_date),
    });
  return events;
}

function projectEvents(before: Image, after: Image): NotificationEvent[] {
  const inspector = text(after?.inspector_user_id);
  // A project given to a new inspector (created with one, Edit Project, Re-assign).
  if (!after || !inspector || inspector === text(before?.inspector_user_id)) return [];
  return [
    {
      typeId: 'project-assigned',
      divisionId: after.divisionId as string,
      projectId: after.id as string,
      inspectionId: null,
      audience: 'inspector',
      inspectorId: inspector,
      number: null,
      date: null,
    },
  ];
}

function missedEvents(before: Image, after: Image): NotificationEvent[] {
  if (!after || before) return [];
  return [
    {
      typeId: 'missed-inspection',
      divisionId: after.divisionId as string,
      projectId: after.projectId as string,
      inspectionId: null,
      audience: 'team',
      inspectorId: null,
      number: null,
      date: text(after.dueDate) ?? text(after.date),
    },
  ];
}

/** The notifications one change raises (none for most). */
export function notificationEventsOf(before: Image, after: Image): NotificationEvent[] {
  const kind = (after ?? before)?.type;
  if (kind === 'Inspection') return inspectionEvents(before, after);
  if (kind === 'Project') return projectEvents(before, after);
  if (kind === 'MissedInspection') return missedEvents(before, after);
  return [];
}
