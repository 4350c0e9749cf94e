import { isIsoDate } from './local-date';
import type { FieldIssue, Region } from './region';

/**
 * The permit rule sets (issue 23, docs/decisions/0046): which permit a project runs on decides how
 * often its routine inspections fall due, what rain at the site makes a post-storm inspection due
 * and by when. Rule sets are data, each with its name and citation, so a permit is added by
 * adding an entry here and its table tests; the clock that applies them is permit-clock.ts.
 */

/** What rain (or snow) at the site, within a rolling window, makes a storm. */
export interface StormTrigger {
  /** Rain, in inches, within `windowHours` that counts as a storm. */
  rainInches: number;
  /** Snowfall, in inches, within `windowHours` whose melt counts as a storm, or null (rain only). */
  snowInches: number | null;
  windowHours: number;
  /** The post-storm inspection is due this many hours after `dueFrom`. */
  dueWithinHours: number;
  /**
   * What the deadline counts from: the hour the rolling total reached the threshold (the CGP's
   * 'occurrence'), or the end of the storm (Texas), the last wet hour before `DRY_HOURS_ENDING_A_STORM`
   * dry ones.
   */
  dueFrom: 'threshold' | 'storm-end';
  /** The permit's words for it, quoted on the project page and the printed inspection. */
  citation: string;
}

/** One way a permit lets its routine inspections be scheduled (CGP 4.2.1, 4.2.2, 4.3 ...). */
export interface InspectionFrequency {
  id: string;
  label: string;
  citation: string;
  /**
   * Days between routine inspections, or 'project' for the project's own routine interval (the
   * fixed-interval rule set), or null when routine inspections are suspended (frozen conditions).
   */
  routineDays: number | 'project' | null;
  /**
   * Days between routine inspections in a reduced period's first `FIRST_MONTH_DAYS` days, where
   * the permit asks for more then (CGP 4.4.1: 'twice during the first month, no more than 14
   * calendar days apart'); absent where the first month is like the rest.
   */
  firstMonthRoutineDays?: number;
  storm: StormTrigger | null;
}

/** A "month" of a reduced-frequency period, in days, as `routineDays: 30` reads 'once per month'. */
export const FIRST_MONTH_DAYS = 30;

/** CGP 4.4's kinds of reduced-frequency period, each with the dates it applies from and to. */
export const REDUCED_PERIOD_KINDS = [
  'stabilized',
  'arid-dry-season',
  'frozen-suspended',
  'frozen-continuing',
] as const;
export type ReducedPeriodKind = (typeof REDUCED_PERIOD_KINDS)[number];

export interface PermitRuleSet {
  id: PermitRuleSetId;
  name: string;
  citation: string;
  /** The frequencies a project chooses from; the first is the default. */
  frequencies: readonly InspectionFrequency[];
  /** The frequency a site discharging to sensitive waters must use instead (CGP 4.3), or null. */
  sensitiveWaters: InspectionFrequency | null;
  /** The reduced-frequency periods the permit allows (CGP 4.4), by kind. */
  reduced: Partial<Record<ReducedPeriodKind, InspectionFrequency>>;
}

export const PERMIT_RULE_SET_IDS = ['fixed-interval', 'cgp-2022', 'txr150000-2023'] as const;
export type PermitRuleSetId = (typeof PERMIT_RULE_SET_IDS)[number];

/** A reduced-frequency period of a project: 'YYYY-MM-DD' dates in the project's zone, `to` kept. */
export interface ReducedPeriod {
  kind: ReducedPeriodKind;
  from: string;
  /** The last day it applies, or null while it has no end date yet. */
  to: string | null;
}

/** A project's permit, as Create and Edit Project choose it. */
export interface ProjectPermit {
  ruleSetId: PermitRuleSetId;
  /** One of the rule set's frequencies (its id); null for the rule set's default. */
  frequencyId: string | null;
  /** The site discharges to sediment- or nutrient-impaired or Tier 2, 2.5 or 3 waters (CGP 4.3). */
  sensitiveWaters: boolean;
  reducedPeriods: ReducedPeriod[];
}

/** A storm has ended once this many hours in a row are dry (no measurable rain). */
export const DRY_HOURS_ENDING_A_STORM = 6;

const CGP = 'EPA 2022 Construction General Permit';

/** CGP 4.2.2(a) and (b): 0.25 in of rain, or a snowmelt from 3.25 in of snow, within 24 hours. */
const CGP_STORM: StormTrigger = {
  rainInches: 0.25,
  snowInches: 3.25,
  windowHours: 24,
  dueWithinHours: 24,
  dueFrom: 'threshold',
  citation:
    'CGP 4.2.2: within 24 hours of the occurrence of a storm event that produces 0.25 inches or more of rain within a 24-hour period, or a snowmelt discharge from a storm event that produces 3.25 inches or more of snow within a 24-hour period',
};

/** TXR150000 (2023) Part III.F.6(a): 0.5 in of rain, due within 24 hours. */
const TXR_STORM: StormTrigger = {
  rainInches: 0.5,
  snowInches: null,
  windowHours: 24,
  dueWithinHours: 24,
  dueFrom: 'storm-end',
  citation: 'TXR150000 Part III.F.6(a): within 24 hours of the end of a storm event of 0.5 inches or greater',
};

export const PERMIT_RULE_SETS: Readonly<Record<PermitRuleSetId, PermitRuleSet>> = {
  'fixed-interval': {
    id: 'fixed-interval',
    name: 'Fixed interval',
    citation: "The project's routine inspection interval; no post-storm trigger",
    frequencies: [
      {
        id: 'interval',
        label: 'Every routine interval',
        citation: "Every routine inspection interval of the project's days",
        routineDays: 'project',
        storm: null,
      },
    ],
    sensitiveWaters: null,
    reduced: {},
  },
  'cgp-2022': {
    id: 'cgp-2022',
    name: CGP,
    citation: 'EPA NPDES General Permit for Discharges from Construction Activities, 2022, Part 4',
    frequencies: [
      {
        id: 'every-7-days',
        label: 'Every 7 calendar days',
        citation: 'CGP 4.2.1: at least once every 7 calendar days',
        routineDays: 7,
        storm: null,
      },
      {
        id: 'every-14-days-and-storm',
        label: 'Every 14 calendar days and after 0.25 in of rain',
        citation: 'CGP 4.2.2: once every 14 calendar days and within 24 hours of a storm event',
        routineDays: 14,
        storm: CGP_STORM,
      },
    ],
    sensitiveWaters: {
      id: 'increased',
      label: 'Every 7 calendar days and after 0.25 in of rain (sensitive waters)',
      citation:
        'CGP 4.3: sites discharging to sediment- or nutrient-impaired waters or Tier 2, 2.5 or 3 waters, once every 7 calendar days and within 24 hours of a storm event',
      routineDays: 7,
      storm: CGP_STORM,
    },
    reduced: {
      stabilized: {
        id: 'stabilized',
        label: 'Stabilized: once a month',
        citation:
          'CGP 4.4.1: stabilized areas, twice during the first month no more than 14 calendar days apart, then once per month',
        routineDays: 30,
        firstMonthRoutineDays: 14,
        storm: null,
      },
      'arid-dry-season': {
        id: 'arid-dry-season',
        label: 'Arid or semi-arid, dry season: once a month and after 0.25 in of rain',
        citation:
          'CGP 4.4.2: arid, semi-arid or drought-stricken areas in the seasonally dry period, once per month and within 24 hours of a storm event',
        routineDays: 30,
        storm: CGP_STORM,
      },
      'frozen-suspended': {
        id: 'frozen-suspended',
        label: 'Frozen, work suspended: inspections suspended',
        citation:
          'CGP 4.4.3(a): frozen conditions with construction suspended, inspections may be suspended until thawing',
        routineDays: null,
        storm: null,
      },
      'frozen-continuing': {
        id: 'frozen-continuing',
        label: 'Frozen, work continuing: once a month',
        citation: 'CGP 4.4.3(b): frozen conditions with construction continuing, once per month',
        routineDays: 30,
        storm: null,
      },
    },
  },
  'txr150000-2023': {
    id: 'txr150000-2023',
    name: 'Texas Construction General Permit TXR150000 (2023)',
    citation: 'TCEQ TPDES General Permit TXR150000, 2023, Part III.F.6',
    frequencies: [
      {
        id: 'every-7-days',
        label: 'Every 7 calendar days',
        citation: 'TXR150000 III.F.6(a): at least once every 7 calendar days',
        routineDays: 7,
        storm: null,
      },
      {
        id: 'every-14-days-and-storm',
        label: 'Every 14 calendar days and after 0.5 in of rain',
        citation:
          'TXR150000 III.F.6(a): at least once every 14 calendar days and within 24 hours of the end of a storm event of 0.5 inches or greater',
        routineDays: 14,
        storm: TXR_STORM,
      },
    ],
    sensitiveWaters: null,
    reduced: {
      'arid-dry-season': {
        id: 'arid-dry-season',
        label: 'Arid, semi-arid or drought: once a month and after 0.5 in of rain',
        citation:
          'TXR150000 III.F.6(b): arid, semi-arid or drought-stricken areas, at least once every month and within 24 hours after a storm event of 0.5 inches or greater',
        routineDays: 30,
        storm: TXR_STORM,
      },
      stabilized: {
        id: 'stabilized',
        label: 'Stabilized: once a month',
        citation: 'TXR150000 III.F.6(c): where areas have been temporarily stabilized, once every month',
        routineDays: 30,
        storm: null,
      },
    },
  },
};

/** The permit of a project that has chosen none: the product's fixed interval (the UK default). */
export const FIXED_INTERVAL_PERMIT: ProjectPermit = {
  ruleSetId: 'fixed-interval',
  frequencyId: null,
  sensitiveWaters: false,
  reducedPeriods: [],
};

/** A project's permit; one saved before permits existed runs on the fixed interval. */
export function projectPermit(project: { permit?: ProjectPermit | null }): ProjectPermit {
  return project.permit ?? FIXED_INTERVAL_PERMIT;
}

/** How many reduced-frequency periods a project keeps (a year of monthly changes at most). */
export const MAX_REDUCED_PERIODS = 12;

/** The permit section's messages (Create and Edit Project), each answered on its field. */
export const PERMIT_MESSAGES = {
  ruleSetUnknown: 'Please choose a permit from the list',
  ruleSetRegion: 'Projects in the UK run on the fixed interval',
  frequencyUnknown: 'Please choose an inspection frequency of this permit',
  sensitiveNotApplicable: 'This permit has no sensitive-waters frequency',
  periodKindNotAllowed: 'This permit has no reduced-frequency period of this kind',
  periodFromRequired: 'From date is required',
  dateFormat: 'Please enter a valid date',
  periodToBeforeFrom: 'To date cannot be before the From date',
  // A plain string: a template literal here keeps this whole object in every bundle that imports the
  // module (esbuild cannot prove it pure); the test checks the number against MAX_REDUCED_PERIODS.
  tooManyPeriods: 'A project keeps at most 12 reduced-frequency periods',
  periodsOverlap: 'This period overlaps another period of the same kind',
  permitNumberOnCgpList: "On this form type the CGP tracking ID is the project's permit number",
} as const;

/**
 * The permit or NPDES tracking number (0049): a form type on the CGP list keeps it as its CGP
 * tracking ID (required there, spec 001 §5), so a second number is refused; any other form type
 * may carry one here, whatever its rule set.
 */
export function permitNumberIssues(
  onCgpList: boolean,
  permitNumber: string | null | undefined,
): FieldIssue[] {
  return onCgpList && permitNumber?.trim()
    ? [{ path: 'permit_number', message: PERMIT_MESSAGES.permitNumberOnCgpList }]
    : [];
}

/** The project's permit number, wherever the form kept it. */
export function projectPermitNumber(project: {
  cgp_tracking_id: string | null;
  permit_number?: string | null;
}): string | null {
  return project.cgp_tracking_id ?? project.permit_number ?? null;
}

/** The rule sets a region's projects may run on: the UK's permits are not modelled yet (fixed interval). */
export function permitRuleSetsOf(region: Region): readonly PermitRuleSet[] {
  return region === 'UK'
    ? [PERMIT_RULE_SETS['fixed-interval']]
    : PERMIT_RULE_SET_IDS.map((id) => PERMIT_RULE_SETS[id]);
}

/**
 * The permit as the form may send it: shapes are the schema's; these are the rules that read the
 * rule set. Every issue names its field under `path` ('permit.reducedPeriods.1.to').
 */
export function permitIssues(permit: ProjectPermit, region: Region, path = 'permit'): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (field: string, message: string) => issues.push({ path: `${path}.${field}`, message });
  const ruleSet = (PERMIT_RULE_SETS as Partial<Record<string, PermitRuleSet>>)[permit.ruleSetId];
  if (!ruleSet) {
    add('ruleSetId', PERMIT_MESSAGES.ruleSetUnknown);
    return issues;
  }
  if (!permitRuleSetsOf(region).includes(ruleSet)) add('ruleSetId', PERMIT_MESSAGES.ruleSetRegion);
  if (permit.frequencyId !== null && !ruleSet.frequencies.some((f) => f.id === permit.frequencyId))
    add('frequencyId', PERMIT_MESSAGES.frequencyUnknown);
  if (permit.sensitiveWaters && !ruleSet.sensitiveWaters)
    add('sensitiveWaters', PERMIT_MESSAGES.sensitiveNotApplicable);
  if (permit.reducedPeriods.length > MAX_REDUCED_PERIODS)
    add('reducedPeriods', PERMIT_MESSAGES.tooManyPeriods);
  const valid: { index: number; period: ReducedPeriod }[] = [];
  permit.reducedPeriods.forEach((period, index) => {
    const at = `reducedPeriods.${index}`;
    let ok = true;
    if (!ruleSet.reduced[period.kind]) {
      add(`${at}.kind`, PERMIT_MESSAGES.periodKindNotAllowed);
      ok = false;
    }
    if (!period.from) {
      add(`${at}.from`, PERMIT_MESSAGES.periodFromRequired);
      ok = false;
    } else if (!isIsoDate(period.from)) {
      add(`${at}.from`, PERMIT_MESSAGES.dateFormat);
      ok = false;
    }
    if (period.to !== null && !isIsoDate(period.to)) {
      add(`${at}.to`, PERMIT_MESSAGES.dateFormat);
      ok = false;
    } else if (ok && period.to !== null && period.to < period.from) {
      add(`${at}.to`, PERMIT_MESSAGES.periodToBeforeFrom);
      ok = false;
    }
    if (ok) valid.push({ index, period });
  });
  // Two periods of one kind cannot both apply on a day: which one's dates would hold?
  for (const [i, a] of valid.entries()) {
    const clash = valid
      .slice(0, i)
      .some(
        (b) =>
          b.period.kind === a.period.kind &&
          a.period.from <= (b.period.to ?? '9999-12-31') &&
          b.period.from <= (a.period.to ?? '9999-12-31'),
      );
    if (clash) add(`reducedPeriods.${a.index}.from`, PERMIT_MESSAGES.periodsOverlap);
  }
  return issues;
}

/** The permit as a project stores it: a frequency the rule set's default is kept as null. */
/** Edit Project by a role that does not create projects: the permit stays as it is (0049). */
export const PERMIT_CHANGE_REFUSED = 'Your role does not allow changing the permit';

export function normalizedPermit(permit: ProjectPermit): ProjectPermit {
  const ruleSet = PERMIT_RULE_SETS[permit.ruleSetId];
  return {
    ruleSetId: permit.ruleSetId,
    frequencyId: permit.frequencyId ?? null,
    sensitiveWaters: ruleSet.sensitiveWaters !== null && permit.sensitiveWaters,
    reducedPeriods: [...permit.reducedPeriods]
      .map((p) => ({ kind: p.kind, from: p.from, to: p.to ?? null }))
      .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)),
  };
}
