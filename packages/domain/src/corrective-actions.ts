import { addDays } from './local-date';
import { projectPermit } from './permit-rules';
import type { ProjectPermit } from './permit-rules';

/**
 * Corrective-action deadlines (issue 23, EPA 2022 CGP Part 5.2; docs/decisions/0049). A finding
 * of type CA on a project whose permit has them asks which action it needs, in the CGP's words,
 * and is due by the deadline that action has; every other finding keeps the product's rule (late
 * after 7 days open, spec 002 §9).
 */

export const CORRECTIVE_ACTION_KINDS = ['repair', 'new-control'] as const;
export type CorrectiveActionKind = (typeof CORRECTIVE_ACTION_KINDS)[number];

export interface CorrectiveActionRule {
  kind: CorrectiveActionKind;
  /** The choice as the finding form offers it: the CGP's own words. */
  label: string;
  citation: string;
}

export const CORRECTIVE_ACTION_RULES: Readonly<Record<CorrectiveActionKind, CorrectiveActionRule>> = {
  repair: {
    kind: 'repair',
    label: 'Repair or maintenance of an existing control',
    citation:
      'CGP 5.2.2: complete the repair or maintenance by the close of the next business day from the time of discovery',
  },
  'new-control': {
    kind: 'new-control',
    label: 'A new or replacement control, or significant repair',
    citation:
      'CGP 5.2.3: install the new or replacement control, or complete the significant repair, within 7 calendar days from the time of discovery',
  },
};

/** The finding type whose findings are corrective actions (the default type, spec 002 §5). */
export const CORRECTIVE_ACTION_TYPE_CODE = 'CA';

/** CGP 5.2.3: "within 7 calendar days from the time of discovery". */
export const NEW_CONTROL_DAYS = 7;

export const CORRECTIVE_ACTION_MESSAGES = {
  kindRequired: 'Corrective action needed is required',
  notApplicable:
    'Corrective action deadlines apply only to corrective-action findings of a project on the CGP',
} as const;

/** Whether a project's corrective actions run on CGP 5.2's deadlines: projects on the CGP do. */
export function hasCorrectiveActionDeadlines(project: { permit?: ProjectPermit | null }): boolean {
  return projectPermit(project).ruleSetId === 'cgp-2022';
}

/**
 * Business days are Monday to Friday. Federal holidays count as business days: the CGP does not
 * name them, and a deadline a day early never makes a permittee late (0049). `closedDays` lets a
 * caller name days the site is shut ('YYYY-MM-DD'); none are named today.
 */
export function isBusinessDay(date: string, closedDays: ReadonlySet<string> = NO_CLOSED_DAYS): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !closedDays.has(date);
}
const NO_CLOSED_DAYS: ReadonlySet<string> = /* @__PURE__ */ new Set();

/**
 * The last local date ('YYYY-MM-DD', the project's zone) by which a corrective action discovered
 * on `discovered` (its local date) must be done: the next business day (CGP 5.2.2: "by the close
 * of the next business day"), or 7 calendar days on (CGP 5.2.3). Dates only, so a deadline is a
 * whole day in the project's zone and daylight-saving changes cannot move it.
 */
export function correctiveActionDueBy(
  discovered: string,
  kind: CorrectiveActionKind,
  closedDays: ReadonlySet<string> = NO_CLOSED_DAYS,
): string {
  if (kind === 'new-control') return addDays(discovered, NEW_CONTROL_DAYS);
  let day = addDays(discovered, 1);
  while (!isBusinessDay(day, closedDays)) day = addDays(day, 1);
  return day;
}

/** Whether a finding of this type, on this project, asks which corrective action it needs. */
export function asksCorrectiveAction(typeCode: string, project: { permit?: ProjectPermit | null }): boolean {
  return typeCode === CORRECTIVE_ACTION_TYPE_CODE && hasCorrectiveActionDeadlines(project);
}

/**
 * The corrective action a finding's form sends, checked against its type and project. `required`
 * false lets a CA finding raised before its project moved to the CGP be saved without one (it
 * keeps the 7-day rule until someone chooses).
 */
export function correctiveActionIssues(
  kind: CorrectiveActionKind | null | undefined,
  typeCode: string,
  project: { permit?: ProjectPermit | null },
  required = true,
  path = 'corrective_action',
): { path: string; message: string }[] {
  const applies = asksCorrectiveAction(typeCode, project);
  if (applies && !kind && required) return [{ path, message: CORRECTIVE_ACTION_MESSAGES.kindRequired }];
  if (!applies && kind) return [{ path, message: CORRECTIVE_ACTION_MESSAGES.notApplicable }];
  return [];
}

/** What a finding stores: its corrective action and deadline where they apply, else nulls. */
export function findingDeadline(
  kind: CorrectiveActionKind | null | undefined,
  typeCode: string,
  dateInitiated: string,
  project: { permit?: ProjectPermit | null },
): { corrective_action: CorrectiveActionKind | null; due_by: string | null } {
  return asksCorrectiveAction(typeCode, project) && kind
    ? { corrective_action: kind, due_by: correctiveActionDueBy(dateInitiated, kind) }
    : { corrective_action: null, due_by: null };
}
