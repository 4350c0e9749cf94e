import { isIsoDate, localDate } from './local-date';
import type { FieldIssue } from './region';
import type { InspectionType, TemplateKind } from './template-model';

/**
 * The inspection rules of spec 000 §4-§5 and spec 002 §4, shared by the handlers that enforce
 * them and the screens that mirror them (docs/decisions/0018).
 */

export const INSPECTION_MESSAGES = {
  createBlocked: 'Complete the existing inspection(s) before creating a new one.',
  readOnly: 'This inspection is certified and can no longer be changed.',
  archived: 'This project is archived and can no longer be changed.',
  notComplete: 'Please answer every required question before certifying this inspection.',
  dueDateRequired: 'Next inspection date is required',
  dueDateFormat: 'Please enter the date as MM-dd-yyyy',
  dueDateBeforeToday: 'Next inspection date cannot be before today',
} as const;

export type InspectionStatus = 'new' | 'complete';

export interface InspectionState {
  status: InspectionStatus;
  /** 'YYYY-MM-DD' in the project's zone, set when the inspection group is signed. */
  certification_date: string | null;
  compliance_date: string | null;
}

export interface ProjectState {
  inspection_compliance_required: boolean;
  archivedAt: string | null;
}

/**
 * Spec 002 §4: editable until certified; read-only once certification_date is set and either the
 * project does not require compliance or compliance_date is set. Also read-only when the app is
 * (the public view) and, by 0018, while the project is archived.
 */
export function isInspectionEditable(
  inspection: Pick<InspectionState, 'certification_date' | 'compliance_date'>,
  project: ProjectState,
  appReadOnly = false,
): boolean {
  if (appReadOnly || project.archivedAt) return false;
  if (!inspection.certification_date) return true;
  return project.inspection_compliance_required && !inspection.compliance_date;
}

/** Why a write to the inspection is refused, or null when it may go ahead. */
export function inspectionWriteRefusal(
  inspection: Pick<InspectionState, 'certification_date' | 'compliance_date'>,
  project: ProjectState,
): string | null {
  if (project.archivedAt) return INSPECTION_MESSAGES.archived;
  return isInspectionEditable(inspection, project) ? null : INSPECTION_MESSAGES.readOnly;
}

/**
 * Spec 000 §4: a new inspection may be created only if every existing one is complete and
 * certified; the 'CDOT' template is exempt. `openInspections` counts those that are not.
 */
export function createInspectionRefusal(openInspections: number, kind: TemplateKind): string | null {
  if (kind === 'cdot' || openInspections === 0) return null;
  return INSPECTION_MESSAGES.createBlocked;
}

/** An inspection counts against the creation rule until it is complete and certified. */
export function countsAsOpen(inspection: Pick<InspectionState, 'status' | 'certification_date'>): boolean {
  return !(inspection.status === 'complete' && inspection.certification_date);
}

/**
 * Spec 000 §4: "The new inspection type is 'Post Storm' when post-storm inspections exist in the
 * list (based on the list being non-empty), otherwise 'Routine'."
 */
export function newInspectionType(listIsEmpty: boolean): InspectionType {
  return listIsEmpty ? 'Routine' : 'Post Storm';
}

/**
 * Spec 000 §4: due today when the project's next inspection date equals today in the project's
 * time zone and no routine inspection dated today exists.
 */
export function isDueToday(
  project: { next_inspection_date: string | null; timezone: string },
  routineInspectionToday: boolean,
  now: Date,
): boolean {
  if (!project.next_inspection_date || routineInspectionToday) return false;
  return project.next_inspection_date === localDate(project.timezone, now);
}

/**
 * The due-today banner's button (spec 000 §4, 0018): 'Start Inspection' only while the project is
 * due today (isDueToday: its next date is today in its zone and no routine inspection is dated
 * today); 'Complete Inspection' while today's routine inspection exists and is not complete (the
 * project is then no longer due: starting it moved the next date on); none otherwise.
 */
export function dueTodayAction(
  project: { next_inspection_date: string | null; timezone: string },
  todaysRoutine: { status: InspectionStatus } | null,
  now: Date,
): DueTodayAction | null {
  if (todaysRoutine) return todaysRoutine.status === 'complete' ? null : 'Complete Inspection';
  return isDueToday(project, false, now) ? 'Start Inspection' : null;
}

export type DueTodayAction = 'Start Inspection' | 'Complete Inspection';

/**
 * The banner's words for each button (0018): 'An inspection is due today' only with Start
 * Inspection, that is only when the project is due today by spec 000 §4; with Complete
 * Inspection nothing is due, so it names today's routine inspection instead.
 */
export const DUE_TODAY_BANNER: Record<DueTodayAction, { title: string; text: (project: string) => string }> =
  {
    'Start Inspection': {
      title: 'An inspection is due today',
      text: (project) => `The next routine inspection of ${project} is due today.`,
    },
    'Complete Inspection': {
      title: "Today's routine inspection is not complete",
      text: (project) => `The routine inspection of ${project} dated today is not complete yet.`,
    },
  };

/**
 * Spec 000 §4 eligibility for compliance certification: complete, certified, no compliance date,
 * a template with a compliance certificate, no uncompleted finding required for certification;
 * offered only when the project requires inspection compliance.
 */
export function isEligibleForCompliance(
  inspection: InspectionState,
  template: { has_compliance_cert: boolean },
  openRequiredFindings: number,
  project: Pick<ProjectState, 'inspection_compliance_required'>,
): boolean {
  return (
    project.inspection_compliance_required &&
    awaitsComplianceCertification(inspection, template) &&
    openRequiredFindings === 0
  );
}

/**
 * The part of compliance eligibility the inspection itself decides (complete, certified, not yet
 * signed for compliance, a template with a compliance certificate): what the statistics stream
 * keeps a list of, for Certifications Due; the project and its findings decide the rest.
 */
export function awaitsComplianceCertification(
  inspection: Pick<InspectionState, 'status' | 'certification_date' | 'compliance_date'>,
  template: { has_compliance_cert: boolean },
): boolean {
  return (
    inspection.status === 'complete' &&
    inspection.certification_date !== null &&
    inspection.compliance_date === null &&
    template.has_compliance_cert
  );
}

export type CalendarState = 'late' | 'on-time' | 'hidden' | 'missed' | null;

/**
 * Spec 000 §4 calendar icon: certified later than the inspection, late; the same day, on time;
 * earlier, hidden; not certified with a next due date after the inspection, missed.
 */
export function calendarState(
  inspectionDate: string,
  certificationDate: string | null,
  nextDueDate: string | null,
): CalendarState {
  const day = inspectionDate.slice(0, 10);
  if (certificationDate) {
    const cert = certificationDate.slice(0, 10);
    if (cert > day) return 'late';
    return cert === day ? 'on-time' : 'hidden';
  }
  return nextDueDate && nextDueDate.slice(0, 10) > day ? 'missed' : null;
}

/** Spec 000 §4 Inspections Due action from the due date: today, past, future. */
export function inspectionsDueAction(
  dueDate: string,
  today: string,
): 'Start Inspection' | 'Past Due' | 'View Project' {
  if (dueDate === today) return 'Start Inspection';
  return dueDate < today ? 'Past Due' : 'View Project';
}

/**
 * The due date a project has let pass by `now` (docs/decisions/0019, 0021): its next inspection
 * date once that day has ended in the project's time zone, or null. Starting a routine inspection
 * moves the next date on by the interval, so a date still in place after its day has no routine
 * inspection after it; whether one is dated on the day itself is for the caller to look up.
 */
export function passedDueDate(
  project: { next_inspection_date: string | null; timezone: string },
  now: Date,
): string | null {
  const due = project.next_inspection_date;
  return due && due < localDate(project.timezone, now) ? due : null;
}

/** 'MM-dd-yyyy' (spec 000 §9, the due date input) as 'YYYY-MM-DD', or null if it is not one. */
export function parseDueDate(value: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * Spec 000 §5: the next-inspection due date is required, MM-dd-yyyy, not before today (the
 * project's today). The server receives 'YYYY-MM-DD' or 'MM-dd-yyyy'; both are accepted.
 */
export function nextInspectionDateIssues(
  value: string | null | undefined,
  timeZone: string,
  now: Date,
): FieldIssue[] {
  const path = 'value';
  if (!value || !value.trim()) return [{ path, message: INSPECTION_MESSAGES.dueDateRequired }];
  const iso = isIsoDate(value) ? value : parseDueDate(value);
  if (!iso) return [{ path, message: INSPECTION_MESSAGES.dueDateFormat }];
  return iso < localDate(timeZone, now) ? [{ path, message: INSPECTION_MESSAGES.dueDateBeforeToday }] : [];
}
