import { daysBetween, displayDate } from './local-date';
import { frequencyOn, routineDaysOn } from './permit-clock';
import type { PermitRuleSetId, ProjectPermit, StormTrigger } from './permit-rules';

/**
 * The project page's one line (issue 23, docs/decisions/0049): which rule of its permit applies
 * today and why the next routine inspection is due when it is. 'EPA 2022 CGP 4.2.2: every 14
 * calendar days and within 24 hours of 0.25 in of rain. Next routine inspection 12-05-2026, 14
 * days after the last on 11-21-2026.'
 */

/** How the line names each permit before the section it cites. */
const PERMIT_SHORT_NAMES: Record<PermitRuleSetId, string> = {
  'fixed-interval': 'Fixed interval',
  'cgp-2022': 'EPA 2022 CGP',
  'txr150000-2023': 'TXR150000 (2023)',
};

export interface PermitSummaryInput {
  routineInterval: number;
  /** The project's local date. */
  today: string;
  /** The project's next inspection date as stored, or null. */
  nextInspectionDate: string | null;
  /** The local date of the last routine inspection started, or null (none yet, or before it was kept). */
  lastRoutineDate: string | null;
}

function stormWords(storm: StormTrigger): string {
  const rain = `${storm.rainInches} in of rain`;
  const snow = storm.snowInches === null ? '' : ` (or ${storm.snowInches} in of snow)`;
  return storm.dueFrom === 'storm-end'
    ? ` and within ${storm.dueWithinHours} hours of the end of a storm of ${rain}`
    : ` and within ${storm.dueWithinHours} hours of ${rain}${snow}`;
}

/** The section a frequency cites ('CGP 4.2.2: ...' is '4.2.2'). */
function sectionOf(citation: string): string {
  return (citation.split(':')[0] ?? '').replace(/^(CGP|TXR150000)\s*/, '').trim();
}

export function permitSummary(permit: ProjectPermit, input: PermitSummaryInput): string {
  const { ruleSet, frequency, reducedPeriod } = frequencyOn(permit, input.today);
  const days = routineDaysOn(permit, input.routineInterval, input.today);
  const cadence =
    days === null
      ? 'routine inspections suspended'
      : frequency.routineDays === 'project'
        ? `every ${days} days (the project's routine interval)`
        : `every ${days} calendar days`;
  const storm = frequency.storm ? stormWords(frequency.storm) : '';
  const why = reducedPeriod
    ? `, ${frequency.label.split(':')[0]!.toLowerCase()} from ${displayDate(reducedPeriod.from)}${
        reducedPeriod.to ? ` to ${displayDate(reducedPeriod.to)}` : ''
      }`
    : frequency === ruleSet.sensitiveWaters
      ? ', the site discharging to sensitive waters'
      : '';
  const section = ruleSet.id === 'fixed-interval' ? '' : ` ${sectionOf(frequency.citation)}`;
  const rule = `${PERMIT_SHORT_NAMES[ruleSet.id]}${section}: ${cadence}${storm}${why}.`;

  const { nextInspectionDate: next, lastRoutineDate: last } = input;
  const when =
    next === null
      ? days === null
        ? 'No routine inspection is due while they are suspended.'
        : 'No next routine inspection is scheduled.'
      : last !== null && last < next
        ? `Next routine inspection ${displayDate(next)}, ${daysBetween(last, next)} days after the last on ${displayDate(last)}.`
        : `Next routine inspection ${displayDate(next)}.`;
  return `${rule} ${when}`;
}
