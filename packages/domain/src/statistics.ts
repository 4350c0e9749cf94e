import { daysBetween } from './local-date';

/**
 * The statistics the dashboard and the compliance report read (docs/decisions/0019): counters a
 * stream handler keeps per project, so a widget or a report row costs the rows it shows, never the
 * inspections and findings stored.
 *
 * Each stored record contributes a set of named counters to its project's statistics item; the
 * statistics are the sum of the contributions of the records that exist. A change to a record
 * moves the statistics by (what it contributes now) − (what it contributed before), which is
 * what the stream handler applies; a rebuild sums the contributions afresh. Counters are flat
 * names (one DynamoDB attribute each, so one UpdateExpression ADDs them):
 *
 * | counter                     | counts                                                          |
 * | --------------------------- | --------------------------------------------------------------- |
 * | `i`                         | inspections                                                     |
 * | `f|<type>`                  | findings of a type (its code: CA, MI, …)                        |
 * | `o|<type>|<date>`           | open findings of a type initiated on a date (oldest: max days)  |
 * | `d|<type>|<days>`           | completed findings of a type by days to correct                 |
 * | `c|<type>`                  | carry-overs: a finding carried into a later inspection, once each |
 * | `cd`                        | inspections waiting for their compliance certification         |
 * | `ack`, `ackLate`, `cmp`     | inspections acknowledged (late: after 2 days), certified for compliance |
 * | `missed`                    | missed inspections                                              |
 * | `ps|done`, `ps|late`, `ps|missed` | post-storm dues settled in time, late, or missed (issue 23) |
 * | `day|<date>|<counter>`      | the report's counters by day (the data layer keeps a month's days in one item) |
 *
 * By the inspection's day: `i`, `ack`, `ackLate`, `cmp`. By the finding's day of initiation:
 * `f|<type>`, `o|<type>`, `dd|<type>|<days>` (completed, by days to correct). By the due date a
 * missed inspection was due on: `missed`. By the storm's day (its counted hour in the project's
 * zone): `ps|<status>`. The project-wide counters hold every day's sum, so the
 * report without dates reads one item a row (allTimeFigures), not a month item per month of the
 * project's life.
 */

/** Spec 001 §9: a finding is late when it is not completed within 7 days of being initiated. */
export const LATE_FINDING_DAYS = 7;
/** Spec 001 §9: an acknowledgement is late when not signed within 2 days of the inspection. */
export const LATE_ACKNOWLEDGEMENT_DAYS = 2;

export type Counters = Record<string, number>;

/** An inspection as the statistics see it. */
export interface InspectionSource {
  kind: 'inspection';
  projectId: string;
  /** Its id, for the Certifications Due list (the counters do not read it). */
  inspectionId?: string;
  /** The inspection's local date and time, 'YYYY-MM-DDTHH:mm' (its day counts), or a date. */
  created_date: string;
  acknowledgement_date: string | null;
  compliance_date: string | null;
  /**
   * Complete, certified and waiting for its compliance signature (awaitsComplianceCertification):
   * counted in `cd`, and listed for Certifications Due (the ledger row carries the index key).
   */
  certificationDue?: boolean;
}

/** A finding as the statistics see it. */
export interface FindingSource {
  kind: 'finding';
  projectId: string;
  typeCode: string;
  date_initiated: string;
  date_completed: string | null;
  /** A corrective action's deadline (CGP 5.2, 0049), or null. */
  due_by?: string | null;
}

/** A finding carried into a later inspection (its link there, carriedOver). */
export interface CarryOverSource {
  kind: 'carry-over';
  projectId: string;
  typeCode: string;
}

/**
 * A missed inspection (0019): a scheduled due date, the project's next inspection date, that passed
 * in the project's time zone with no routine inspection on it. The scheduled job records one per
 * project and due date.
 */
export interface MissedInspectionSource {
  kind: 'missed';
  projectId: string;
  /** The due date that passed, 'YYYY-MM-DD' in the project's time zone. */
  dueDate: string;
}

/**
 * A post-storm due once settled (docs/decisions/0048): done in time, late, or missed. A due still
 * open counts nothing; its settlement moves it into one of the three, and a missed one turned
 * late moves from one to the other.
 */
export interface PostStormSource {
  kind: 'post-storm';
  projectId: string;
  /** The storm's day, 'YYYY-MM-DD' in the project's time zone. */
  stormDay: string;
  status: 'done' | 'late' | 'missed';
}

export type StatisticsSource =
  InspectionSource | FindingSource | CarryOverSource | MissedInspectionSource | PostStormSource;

const DAY = 'day|';

/** What one record adds to its project's statistics. */
export function contribution(source: StatisticsSource): Counters {
  switch (source.kind) {
    case 'inspection':
      return inspectionCounters(source);
    case 'finding':
      return findingCounters(source);
    case 'carry-over':
      return { [`c|${source.typeCode}`]: 1 };
    case 'missed':
      return { missed: 1, [`${DAY}${source.dueDate}|missed`]: 1 };
    case 'post-storm':
      return { [`ps|${source.status}`]: 1, [`${DAY}${source.stormDay}|ps|${source.status}`]: 1 };
  }
}

function inspectionCounters(inspection: InspectionSource): Counters {
  const day = inspection.created_date.slice(0, 10);
  const m = `${DAY}${day}`;
  const counters: Counters = { i: 1, [`${m}|i`]: 1 };
  if (inspection.acknowledgement_date) {
    counters.ack = 1;
    counters[`${m}|ack`] = 1;
    const late = daysBetween(day, inspection.acknowledgement_date.slice(0, 10)) > LATE_ACKNOWLEDGEMENT_DAYS;
    if (late) Object.assign(counters, { ackLate: 1, [`${m}|ackLate`]: 1 });
  }
  if (inspection.compliance_date) Object.assign(counters, { cmp: 1, [`${m}|cmp`]: 1 });
  if (inspection.certificationDue) counters.cd = 1;
  return counters;
}

function findingCounters(finding: FindingSource): Counters {
  const type = finding.typeCode;
  const m = `${DAY}${finding.date_initiated}`;
  const counters: Counters = { [`f|${type}`]: 1, [`${m}|f|${type}`]: 1 };
  if (finding.date_completed === null) {
    counters[`o|${type}|${finding.date_initiated}`] = 1;
    counters[`${m}|o|${type}`] = 1;
    // Open with a deadline: Open Findings names the site's earliest (0049).
    if (finding.due_by) counters[`od|${type}|${finding.due_by}`] = 1;
    return counters;
  }
  const days = Math.max(0, daysBetween(finding.date_initiated, finding.date_completed));
  counters[`d|${type}|${days}`] = 1;
  counters[`${m}|dd|${type}|${days}`] = 1;
  return counters;
}

/** What a change to one record moves the statistics by: after − before (absent: nothing). */
export function delta(before: StatisticsSource | null, after: StatisticsSource | null): Counters {
  const moved: Counters = {};
  for (const [name, value] of Object.entries(after ? contribution(after) : {}))
    moved[name] = (moved[name] ?? 0) + value;
  for (const [name, value] of Object.entries(before ? contribution(before) : {}))
    moved[name] = (moved[name] ?? 0) - value;
  for (const name of Object.keys(moved)) if (moved[name] === 0) delete moved[name];
  return moved;
}

/** Adds `moved` to `counters` in place; counters that come to zero are dropped. */
export function applyDelta(counters: Counters, moved: Counters): Counters {
  for (const [name, value] of Object.entries(moved)) {
    const next = (counters[name] ?? 0) + value;
    if (next === 0) delete counters[name];
    else counters[name] = next;
  }
  return counters;
}

/** The statistics rebuilt from the records that exist: the sum of their contributions. */
export function rebuild(sources: readonly StatisticsSource[]): Counters {
  return sources.reduce((counters, source) => applyDelta(counters, contribution(source)), {} as Counters);
}

/** The counters of one kind, by the rest of their name: `entries(c, 'o|CA|')` → [['2026-03-02', 2]]. */
function entries(counters: Counters, prefix: string): [string, number][] {
  return Object.entries(counters)
    .filter(([name, value]) => name.startsWith(prefix) && value !== 0)
    .map(([name, value]) => [name.slice(prefix.length), value]);
}

/** The type codes a project's statistics hold findings of. */
export function findingTypesUsed(counters: Counters): string[] {
  return [...new Set(entries(counters, 'f|').map(([type]) => type))].sort();
}

const typesOf = (counters: Counters, typeCode: string | null) =>
  typeCode ? [typeCode] : findingTypesUsed(counters);

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Open Findings (spec 000 §2): how many are open, and the days the oldest has been, by `today`;
 * and the earliest corrective-action deadline among them (CGP 5.2, 0049), or null.
 */
export function openFindingsFigures(counters: Counters, typeCode: string | null, today: string) {
  const types = typesOf(counters, typeCode);
  const open = types.flatMap((type) => entries(counters, `o|${type}|`));
  const count = open.reduce((sum, [, n]) => sum + n, 0);
  const oldest = open.map(([date]) => date).sort()[0];
  const nextDueBy = types.flatMap((type) => entries(counters, `od|${type}|`).map(([date]) => date)).sort()[0];
  return {
    openFindingsCount: count,
    maxDaysOpened: oldest ? Math.max(0, daysBetween(oldest, today)) : 0,
    nextDueBy: nextDueBy ?? null,
  };
}

/** Findings Overview (spec 000 §2): averages per inspection, days to correct. */
export function findingsOverviewFigures(counters: Counters, typeCode: string | null) {
  const types = typesOf(counters, typeCode);
  const inspections = counters.i ?? 0;
  const findings = types.reduce((sum, type) => sum + (counters[`f|${type}`] ?? 0), 0);
  const carried = types.reduce((sum, type) => sum + (counters[`c|${type}`] ?? 0), 0);
  const corrected = types.flatMap((type) => entries(counters, `d|${type}|`).map(([d, n]) => [Number(d), n]));
  const correctedCount = corrected.reduce((sum, [, n]) => sum + n!, 0);
  const correctedDays = corrected.reduce((sum, [d, n]) => sum + d! * n!, 0);
  return {
    numberOfInspections: inspections,
    averageFindings: inspections > 0 ? round2(findings / inspections) : 0,
    averageCarryOver: inspections > 0 ? round2(carried / inspections) : 0,
    averageDaysToCorrect: correctedCount > 0 ? round2(correctedDays / correctedCount) : 0,
    maxDaysToCorrect: corrected.reduce((max, [d]) => Math.max(max, d!), 0),
  };
}

/** Whether a counter is one of the report's daily ones, and of which day ('YYYY-MM-DD'). */
export function counterDay(name: string): string | null {
  return name.startsWith(DAY) ? name.slice(DAY.length, DAY.length + 10) : null;
}

/**
 * A compliance report row's figures (spec 001 §3 Report row) over the days `from` to `to`, both
 * kept (either open-ended), from a project's daily counters; `today` decides which open findings
 * are already late. The finding type narrows the finding figures only: inspections,
 * acknowledgements, compliance certifications and missed inspections have no type.
 */
export function reportFigures(
  counters: Counters,
  range: { from: string | null; to: string | null },
  typeCode: string | null,
  today: string,
) {
  // The daily counters of the range, each as its day and the rest of its name.
  const daily = Object.entries(counters).flatMap(([name, value]) => {
    const day = counterDay(name);
    if (!day || value === 0 || (range.from && day < range.from) || (range.to && day > range.to)) return [];
    return [{ day, rest: name.slice(DAY.length + day.length + 1), value }];
  });
  const inRange: Counters = {};
  for (const { rest, value } of daily) inRange[rest] = (inRange[rest] ?? 0) + value;
  const byDay = (prefix: string) =>
    daily.filter((c) => c.rest.startsWith(prefix)).map((c) => ({ ...c, rest: c.rest.slice(prefix.length) }));
  // Every finding counts `f|<type>` on its day of initiation, as its open and corrected counters:
  // the types of the range are those (the daily counters alone, without the project-wide ones, suffice).
  const types = typeCode ? [typeCode] : findingTypesUsed(inRange);
  return figuresOf(
    {
      counters: inRange,
      types,
      // Exactly `o|<type>`: a prefix would also take the open findings of a type whose code goes on (CA, CAR).
      open: types.flatMap((type) => daily.filter((c) => c.rest === `o|${type}`)),
      corrected: types.flatMap((type) => byDay(`dd|${type}|`)).map((c) => [Number(c.rest), c.value] as const),
    },
    today,
  );
}

/**
 * A compliance report row's figures over the project's whole life (the report without dates),
 * from its project-wide counters: the same figures reportFigures gives over every day, from one
 * item instead of a month item per month.
 */
export function allTimeFigures(counters: Counters, typeCode: string | null, today: string) {
  const types = typesOf(counters, typeCode);
  return figuresOf(
    {
      counters,
      types,
      open: types.flatMap((type) => entries(counters, `o|${type}|`).map(([day, value]) => ({ day, value }))),
      corrected: types.flatMap((type) =>
        entries(counters, `d|${type}|`).map(([d, n]) => [Number(d), n] as const),
      ),
    },
    today,
  );
}

/** The report row's figures from its counters (`i`, `f|<type>`, `ack`, …), open and corrected findings. */
function figuresOf(
  parts: {
    counters: Counters;
    types: readonly string[];
    open: readonly { day: string; value: number }[];
    /** Completed findings: [days to correct, how many]. */
    corrected: readonly (readonly [number, number])[];
  },
  today: string,
) {
  const { counters, types, open, corrected } = parts;
  const inspections = counters.i ?? 0;
  const findings = types.reduce((sum, type) => sum + (counters[`f|${type}`] ?? 0), 0);
  const correctedCount = corrected.reduce((sum, [, n]) => sum + n, 0);
  const correctedDays = corrected.reduce((sum, [d, n]) => sum + d * n, 0);
  const lateOpen = open
    .filter((o) => daysBetween(o.day, today) > LATE_FINDING_DAYS)
    .reduce((sum, o) => sum + o.value, 0);
  const lateCorrected = corrected.filter(([d]) => d > LATE_FINDING_DAYS).reduce((sum, [, n]) => sum + n, 0);
  return {
    inspectionCount: inspections,
    findingsCount: findings,
    avgFindings: inspections > 0 ? round2(findings / inspections) : null,
    avgFindingDays: correctedCount > 0 ? round2(correctedDays / correctedCount) : null,
    maxDay: corrected.length > 0 ? corrected.reduce((max, [d]) => Math.max(max, d), 0) : null,
    openFindings: open.reduce((sum, o) => sum + o.value, 0),
    notCompleteInExpectedDays: lateOpen + lateCorrected,
    ackCount: counters.ack ?? 0,
    ackLateCount: counters.ackLate ?? 0,
    complianceCount: counters.cmp ?? 0,
    missedIsp: counters.missed ?? 0,
    postStormInTime: counters['ps|done'] ?? 0,
    postStormLate: counters['ps|late'] ?? 0,
    postStormMissed: counters['ps|missed'] ?? 0,
  };
}

/** What the stream handler keeps of one record: the stream position and the record as applied. */
export interface AppliedSource {
  sequence: bigint;
  source: StatisticsSource | null;
}

/**
 * One stream record applied to a project's statistics: the change from the record as last
 * applied to the record now, or nothing when this position was applied already (a redelivery) or
 * passed (an older record arriving late). The handler stores `applied` beside the statistics in
 * the same transaction, so applying is idempotent.
 */
export function applyStreamRecord(
  last: AppliedSource | undefined,
  sequence: bigint,
  now: StatisticsSource | null,
): { moved: Counters; applied: AppliedSource } | null {
  if (last && last.sequence >= sequence) return null;
  return { moved: delta(last?.source ?? null, now), applied: { sequence, source: now } };
}
