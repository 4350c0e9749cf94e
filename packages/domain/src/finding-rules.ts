import { isIsoDate } from './local-date';
import type { Grants } from './permissions';
import { can } from './permissions';
import type { FieldIssue } from './region';
import type { RoleName } from './roles';
import type { TemplateVersion } from './template-model';

/**
 * The finding rules of spec 002 §4-§6 and §9, shared by the finding form, the findings list and
 * the handlers (docs/decisions/0018).
 */

export const DEFAULT_FINDING_TYPE_CODE = 'CA';
export const DEFAULT_FINDING_LOCATION = 'See site inspection map for location';
export const COMPLETED_AS_RECOMMENDED = 'Completed as recommended';

/**
 * Spec 002 §9: "A Corrective Action Notice note template exists." Offered where inspection notes
 * are written; inserted as text the inspector completes (the spec gives the name, not the words).
 */
export const CORRECTIVE_ACTION_NOTICE = {
  name: 'Corrective Action Notice',
  content: [
    'CORRECTIVE ACTION NOTICE',
    'The conditions below were found at this site during the inspection and require corrective action.',
    'Conditions found: ',
    'Corrective action required: ',
    'Complete by: ',
    'Notified (name and role): ',
    'Reply to the inspector when the corrective actions are complete.',
  ].join('\n'),
} as const;
export const FINDING_LOCATION_MAX = 500;
export const FINDING_COMMENTS_MAX = 2000;
/** Spec 002 §9 compliance thresholds: a finding is late when open over 7 days. */
export const FINDING_LATE_DAYS = 7;

export const FINDING_MESSAGES = {
  typeRequired: 'Finding Type is required',
  typeUnknown: 'Please choose a finding type of this inspection',
  locationRequired: 'Location is required',
  initiatedRequired: 'Date Initiated is required',
  initiatedBeforeStart: 'Date Initiated cannot be before the project start date',
  initiatedFuture: 'Date Initiated cannot be after today',
  completedFuture: 'Date Completed cannot be after today',
  completedBeforeInitiated: 'Date Completed cannot be before Date Initiated',
  controlMeasureRequired: 'Control Measure is required',
  conditionRequired: 'Condition is required',
  conditionUnknown: 'Please choose a condition from the list',
  restrictedField: 'Your role cannot change the type, location or date initiated of a finding',
  deletionNote: 'Finding Deletion Note is required.',
  completeDateRequired: 'Date Completed is required',
  completeBeforeInitiated:
    'Date Completed cannot be before the latest Date Initiated of the selected findings',
  alreadyCompleted: 'This finding is completed and can no longer be changed.',
  findingsLocked:
    'The findings of this inspection are read-only: it is certified for compliance and every finding is completed.',
  noteRequired: 'Note is required',
  dateFormat: 'Please enter a valid date',
} as const;

/** Spec 002 §5: BMP Contractor and Client User cannot edit type, location or date initiated. */
export const ROLES_WITHOUT_FINDING_BASICS: readonly RoleName[] = ['BMP Contractor', 'Client User'];

export interface FindingFormInput {
  finding_type_id?: string | null;
  location?: string | null;
  date_initiated?: string | null;
  date_completed?: string | null;
  control_measure_id?: string | null;
  condition?: string | null;
}

export interface FindingFormContext {
  version: Pick<TemplateVersion, 'finding_types' | 'condition_options' | 'control_measure_required'>;
  /** 'YYYY-MM-DD', or null when the project has none. */
  projectStartDate: string | null;
  /** 'YYYY-MM-DD' in the project's zone. */
  today: string;
}

/** Spec 002 §5 Finding form: required fields, date limits, Control Measure and Condition. */
export function findingFormIssues(input: FindingFormInput, context: FindingFormContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const type = context.version.finding_types.find((t) => t.id === input.finding_type_id);
  if (!input.finding_type_id) add('finding_type_id', FINDING_MESSAGES.typeRequired);
  else if (!type || !type.details.is_enabled) add('finding_type_id', FINDING_MESSAGES.typeUnknown);
  if (!input.location?.trim()) add('location', FINDING_MESSAGES.locationRequired);

  const initiated = input.date_initiated;
  if (!initiated) add('date_initiated', FINDING_MESSAGES.initiatedRequired);
  else if (!isIsoDate(initiated)) add('date_initiated', FINDING_MESSAGES.dateFormat);
  else if (context.projectStartDate && initiated < context.projectStartDate)
    add('date_initiated', FINDING_MESSAGES.initiatedBeforeStart);
  else if (initiated > context.today) add('date_initiated', FINDING_MESSAGES.initiatedFuture);

  const completed = input.date_completed;
  if (completed) {
    if (!isIsoDate(completed)) add('date_completed', FINDING_MESSAGES.dateFormat);
    else if (completed > context.today) add('date_completed', FINDING_MESSAGES.completedFuture);
    else if (initiated && isIsoDate(initiated) && completed < initiated)
      add('date_completed', FINDING_MESSAGES.completedBeforeInitiated);
  }

  if (context.version.control_measure_required && !input.control_measure_id)
    add('control_measure_id', FINDING_MESSAGES.controlMeasureRequired);
  if (context.version.condition_options.length > 0) {
    if (!input.condition) add('condition', FINDING_MESSAGES.conditionRequired);
    else if (!context.version.condition_options.some((o) => o.code === input.condition))
      add('condition', FINDING_MESSAGES.conditionUnknown);
  }
  return issues;
}

/**
 * Spec 002 §4: "If date_initiated is later than date_completed, date_completed is cleared." The
 * form applies it as the user picks dates; the server refuses such a pair instead.
 */
export function reconcileCompletedDate(initiated: string | null, completed: string | null): string | null {
  return initiated && completed && initiated > completed ? null : completed;
}

/** Whether a role may change a finding's type, location and date initiated. */
export function mayEditFindingBasics(role: RoleName): boolean {
  return !ROLES_WITHOUT_FINDING_BASICS.includes(role);
}

/** Spec 002 §5 Complete Findings: date required, not after today, not before the latest initiation. */
export function completeFindingsIssues(
  dateCompleted: string | null | undefined,
  selected: readonly { date_initiated: string }[],
  today: string,
): FieldIssue[] {
  const path = 'date_completed';
  if (!dateCompleted) return [{ path, message: FINDING_MESSAGES.completeDateRequired }];
  if (!isIsoDate(dateCompleted)) return [{ path, message: FINDING_MESSAGES.dateFormat }];
  if (dateCompleted > today) return [{ path, message: FINDING_MESSAGES.completedFuture }];
  const latest = selected.reduce((max, f) => (f.date_initiated > max ? f.date_initiated : max), '');
  return latest && dateCompleted < latest
    ? [{ path, message: FINDING_MESSAGES.completeBeforeInitiated }]
    : [];
}

/** Spec 002 §4: a finding deleted needs a note, trimmed. */
export function deletionNoteIssue(note: string | null | undefined): string | null {
  return note && note.trim() ? null : FINDING_MESSAGES.deletionNote;
}

export interface FindingState {
  date_completed: string | null;
  date_initiated: string;
  /** A corrective action's deadline (CGP 5.2, corrective-actions.ts), its project's local date. */
  due_by?: string | null;
}

/**
 * Spec 002 §4: findings are read-only once the inspection has a compliance date and every finding
 * is completed; a completed finding's form is read-only.
 */
export function areInspectionFindingsLocked(
  inspection: { compliance_date: string | null },
  openFindings: number,
): boolean {
  return inspection.compliance_date !== null && openFindings === 0;
}

/**
 * Spec 002 §4 and §6 reopening a finding: all on reopenFinding, or update Close Findings when it
 * is not completed.
 */
export function mayReopenFinding(grants: Grants, finding: Pick<FindingState, 'date_completed'>): boolean {
  return (
    can(grants, 'all', 'reopenFinding') ||
    (!finding.date_completed && can(grants, 'update', 'Close Findings'))
  );
}

/**
 * Spec 002 §2: the finding-array question offers findings of type CA that are open, or were
 * completed on or after the inspection date.
 */
export function isOfferedInFindingArray(
  finding: { typeCode: string; date_completed: string | null },
  inspectionDate: string,
): boolean {
  if (finding.typeCode !== 'CA') return false;
  return !finding.date_completed || finding.date_completed >= inspectionDate.slice(0, 10);
}

/**
 * Spec 002 §9: a finding is late when it was (or has been) open for more than 7 days; one with a
 * corrective-action deadline (CGP 5.2) is late once it is open past that day.
 */
export function isFindingLate(finding: FindingState, today: string): boolean {
  const end = finding.date_completed ?? today;
  if (finding.due_by) return end > finding.due_by;
  const days = (Date.parse(end) - Date.parse(finding.date_initiated)) / 86_400_000;
  return days > FINDING_LATE_DAYS;
}
