import { describe, expect, it } from 'vitest';
import {
  FIXED_INTERVAL_PERMIT,
  MAX_REDUCED_PERIODS,
  normalizedPermit,
  PERMIT_MESSAGES,
  permitIssues,
  permitRuleSetsOf,
} from './permit-rules';
import type { ProjectPermit, ReducedPeriod } from './permit-rules';

const cgp = (over: Partial<ProjectPermit> = {}): ProjectPermit => ({
  ruleSetId: 'cgp-2022',
  frequencyId: 'every-7-days',
  sensitiveWaters: false,
  reducedPeriods: [],
  ...over,
});
const period = (kind: ReducedPeriod['kind'], from: string, to: string | null): ReducedPeriod => ({
  kind,
  from,
  to,
});

describe('permitIssues: the permit section of Create and Edit Project', () => {
  it.each<[string, ProjectPermit, 'US' | 'UK', { path: string; message: string }[]]>([
    ['the fixed interval, in either region', FIXED_INTERVAL_PERMIT, 'UK', []],
    ['CGP 4.2.1 every 7 days', cgp(), 'US', []],
    ['CGP 4.2.2 every 14 days and a storm', cgp({ frequencyId: 'every-14-days-and-storm' }), 'US', []],
    ['the rule set default (no frequency chosen)', cgp({ frequencyId: null }), 'US', []],
    ['CGP 4.3 sensitive waters', cgp({ sensitiveWaters: true }), 'US', []],
    [
      'CGP 4.4 periods of each kind, one open-ended',
      cgp({
        reducedPeriods: [
          period('stabilized', '2026-06-01', '2026-08-31'),
          period('arid-dry-season', '2026-06-01', '2026-09-30'),
          period('frozen-suspended', '2026-12-15', null),
        ],
      }),
      'US',
      [],
    ],
    [
      'an unknown rule set',
      { ...FIXED_INTERVAL_PERMIT, ruleSetId: 'cgp-2017' as never },
      'US',
      [{ path: 'permit.ruleSetId', message: PERMIT_MESSAGES.ruleSetUnknown }],
    ],
    [
      'the CGP in the UK',
      cgp(),
      'UK',
      [{ path: 'permit.ruleSetId', message: PERMIT_MESSAGES.ruleSetRegion }],
    ],
    [
      'a frequency of another permit',
      cgp({ frequencyId: 'interval' }),
      'US',
      [{ path: 'permit.frequencyId', message: PERMIT_MESSAGES.frequencyUnknown }],
    ],
    [
      'sensitive waters on TXR150000, which has no such frequency',
      { ...cgp({ sensitiveWaters: true }), ruleSetId: 'txr150000-2023' },
      'US',
      [{ path: 'permit.sensitiveWaters', message: PERMIT_MESSAGES.sensitiveNotApplicable }],
    ],
    [
      'a frozen period on TXR150000, which allows none',
      {
        ...cgp({ reducedPeriods: [period('frozen-continuing', '2026-12-01', null)] }),
        ruleSetId: 'txr150000-2023',
      },
      'US',
      [{ path: 'permit.reducedPeriods.0.kind', message: PERMIT_MESSAGES.periodKindNotAllowed }],
    ],
    [
      'a period on the fixed interval',
      { ...FIXED_INTERVAL_PERMIT, reducedPeriods: [period('stabilized', '2026-12-01', null)] },
      'US',
      [{ path: 'permit.reducedPeriods.0.kind', message: PERMIT_MESSAGES.periodKindNotAllowed }],
    ],
    [
      'a period with no From date',
      cgp({ reducedPeriods: [period('stabilized', '', null)] }),
      'US',
      [{ path: 'permit.reducedPeriods.0.from', message: PERMIT_MESSAGES.periodFromRequired }],
    ],
    [
      'dates that are not real',
      cgp({ reducedPeriods: [period('stabilized', '2026-02-30', '2026-13-01')] }),
      'US',
      [
        { path: 'permit.reducedPeriods.0.from', message: PERMIT_MESSAGES.dateFormat },
        { path: 'permit.reducedPeriods.0.to', message: PERMIT_MESSAGES.dateFormat },
      ],
    ],
    [
      'To before From',
      cgp({ reducedPeriods: [period('stabilized', '2026-06-02', '2026-06-01')] }),
      'US',
      [{ path: 'permit.reducedPeriods.0.to', message: PERMIT_MESSAGES.periodToBeforeFrom }],
    ],
    [
      'one day (From equals To) is a period',
      cgp({ reducedPeriods: [period('stabilized', '2026-06-01', '2026-06-01')] }),
      'US',
      [],
    ],
    [
      'two stabilized periods sharing a day',
      cgp({
        reducedPeriods: [
          period('stabilized', '2026-06-01', '2026-06-30'),
          period('stabilized', '2026-06-30', '2026-07-31'),
        ],
      }),
      'US',
      [{ path: 'permit.reducedPeriods.1.from', message: PERMIT_MESSAGES.periodsOverlap }],
    ],
    [
      'a period after an open-ended one of the same kind',
      cgp({
        reducedPeriods: [
          period('frozen-continuing', '2026-12-01', null),
          period('frozen-continuing', '2027-02-01', '2027-02-28'),
        ],
      }),
      'US',
      [{ path: 'permit.reducedPeriods.1.from', message: PERMIT_MESSAGES.periodsOverlap }],
    ],
    [
      'back-to-back periods of one kind do not overlap',
      cgp({
        reducedPeriods: [
          period('stabilized', '2026-06-01', '2026-06-30'),
          period('stabilized', '2026-07-01', null),
        ],
      }),
      'US',
      [],
    ],
  ])('%s', (_name, permit, region, issues) => {
    expect(permitIssues(permit, region)).toEqual(issues);
  });

  it(`at most ${MAX_REDUCED_PERIODS} periods`, () => {
    const months = Array.from({ length: MAX_REDUCED_PERIODS + 1 }, (_, i) =>
      period(
        'stabilized',
        `2026-01-${String(i + 1).padStart(2, '0')}`,
        `2026-01-${String(i + 1).padStart(2, '0')}`,
      ),
    );
    expect(permitIssues(cgp({ reducedPeriods: months.slice(0, MAX_REDUCED_PERIODS) }), 'US')).toEqual([]);
    expect(permitIssues(cgp({ reducedPeriods: months }), 'US')).toEqual([
      { path: 'permit.reducedPeriods', message: PERMIT_MESSAGES.tooManyPeriods },
    ]);
  });

  it('the message names the limit', () => {
    expect(PERMIT_MESSAGES.tooManyPeriods).toContain(` ${MAX_REDUCED_PERIODS} `);
  });

  it('the UK offers only the fixed interval; the US every rule set', () => {
    expect(permitRuleSetsOf('UK').map((r) => r.id)).toEqual(['fixed-interval']);
    expect(permitRuleSetsOf('US').map((r) => r.id)).toEqual(['fixed-interval', 'cgp-2022', 'txr150000-2023']);
  });

  it('stores periods by From date and sensitive waters only where the rule set has it', () => {
    expect(
      normalizedPermit(
        cgp({
          reducedPeriods: [
            period('stabilized', '2026-09-01', null),
            period('arid-dry-season', '2026-06-01', '2026-08-31'),
          ],
        }),
      ).reducedPeriods.map((p) => p.from),
    ).toEqual(['2026-06-01', '2026-09-01']);
    expect(normalizedPermit({ ...FIXED_INTERVAL_PERMIT, sensitiveWaters: true }).sensitiveWaters).toBe(false);
  });
});
