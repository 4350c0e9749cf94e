import { PERMIT_RULE_SETS } from './permit-rules';
import type { InspectionFrequency, PermitRuleSet, ProjectPermit, ReducedPeriod } from './permit-rules';

/**
 * STAND-IN (wt-dues): only postStormStateOf and frequencyOn, exactly as /work/briefs/h23-clock.md gives its
 * signature, so the due lifecycle compiles and runs before the permit clock (wt-clock) lands.
 * On merging main, take main's permit-clock.ts whole.
 */

export type PostStormState = 'due' | 'done' | 'missed' | 'late';

/** What a due is, given the post-storm inspections of the project and now. */
export function postStormStateOf(
  due: { countedAt: string; dueBy: string },
  postStormInspectionsStartedAt: readonly string[],
  now: Date,
): { state: PostStormState; settledBy: string | null } {
  const from = Date.parse(due.countedAt);
  const to = Date.parse(due.dueBy);
  const times = postStormInspectionsStartedAt
    .map((startedAt) => ({ startedAt, at: Date.parse(startedAt) }))
    .filter((t) => t.at >= from && t.at <= now.getTime())
    .sort((a, b) => a.at - b.at);
  const inTime = times.find((t) => t.at <= to);
  if (inTime) return { state: 'done', settledBy: inTime.startedAt };
  const late = times.find((t) => t.at > to);
  if (late) return { state: 'late', settledBy: late.startedAt };
  return { state: now.getTime() > to ? 'missed' : 'due', settledBy: null };
}

/**
 * The effective rule on a local date 'YYYY-MM-DD': a reduced period covering the date wins over
 * sensitive waters, which wins over the chosen frequency (frequencyId null: the rule set's first).
 */
export function frequencyOn(
  permit: ProjectPermit,
  date: string,
): { ruleSet: PermitRuleSet; frequency: InspectionFrequency; reducedPeriod: ReducedPeriod | null } {
  const ruleSet = PERMIT_RULE_SETS[permit.ruleSetId];
  const reducedPeriod =
    permit.reducedPeriods.find(
      (p) => ruleSet.reduced[p.kind] && p.from <= date && (p.to === null || date <= p.to),
    ) ?? null;
  const chosen = ruleSet.frequencies.find((f) => f.id === permit.frequencyId) ?? ruleSet.frequencies[0]!;
  const frequency = reducedPeriod
    ? ruleSet.reduced[reducedPeriod.kind]!
    : permit.sensitiveWaters && ruleSet.sensitiveWaters
      ? ruleSet.sensitiveWaters
      : chosen;
  return { ruleSet, frequency, reducedPeriod };
}
