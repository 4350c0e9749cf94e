import { describe, expect, it } from 'vitest';
import { FIXED_INTERVAL_PERMIT } from './permit-rules';
import type { ProjectPermit } from './permit-rules';
import { permitSummary } from './permit-summary';

const cgp = (over: Partial<ProjectPermit> = {}): ProjectPermit => ({
  ruleSetId: 'cgp-2022',
  frequencyId: 'every-14-days-and-storm',
  sensitiveWaters: false,
  reducedPeriods: [],
  ...over,
});
const at = (over: Partial<Parameters<typeof permitSummary>[1]> = {}) => ({
  routineInterval: 10,
  today: '2026-11-30',
  nextInspectionDate: '2026-12-05',
  lastRoutineDate: '2026-11-21',
  ...over,
});

describe('permitSummary: the project page says which rule applies and why the next inspection is due then', () => {
  it.each<[string, ProjectPermit, ReturnType<typeof at>, string]>([
    [
      'CGP 4.2.2, the example of the issue',
      cgp(),
      at(),
      'EPA 2022 CGP 4.2.2: every 14 calendar days and within 24 hours of 0.25 in of rain (or 3.25 in of snow). Next routine inspection 12-05-2026, 14 days after the last on 11-21-2026.',
    ],
    [
      'CGP 4.2.1 every 7 days',
      cgp({ frequencyId: 'every-7-days' }),
      at({ nextInspectionDate: '2026-11-28' }),
      'EPA 2022 CGP 4.2.1: every 7 calendar days. Next routine inspection 11-28-2026, 7 days after the last on 11-21-2026.',
    ],
    [
      'CGP 4.3 sensitive waters, whatever frequency was chosen',
      cgp({ sensitiveWaters: true }),
      at({ nextInspectionDate: '2026-11-28' }),
      'EPA 2022 CGP 4.3: every 7 calendar days and within 24 hours of 0.25 in of rain (or 3.25 in of snow), the site discharging to sensitive waters. Next routine inspection 11-28-2026, 7 days after the last on 11-21-2026.',
    ],
    [
      'CGP 4.4.3(a) frozen and suspended',
      cgp({ reducedPeriods: [{ kind: 'frozen-suspended', from: '2026-11-25', to: null }] }),
      at({ nextInspectionDate: null }),
      'EPA 2022 CGP 4.4.3(a): routine inspections suspended, frozen, work suspended from 11-25-2026. No routine inspection is due while they are suspended.',
    ],
    [
      'CGP 4.4.2 arid dry season, with its dates',
      cgp({ reducedPeriods: [{ kind: 'arid-dry-season', from: '2026-06-01', to: '2026-12-31' }] }),
      at({ nextInspectionDate: '2026-12-21' }),
      'EPA 2022 CGP 4.4.2: every 30 calendar days and within 24 hours of 0.25 in of rain (or 3.25 in of snow), arid or semi-arid, dry season from 06-01-2026 to 12-31-2026. Next routine inspection 12-21-2026, 30 days after the last on 11-21-2026.',
    ],
    [
      "TXR150000's storm counted from its end",
      { ...cgp({ frequencyId: 'every-14-days-and-storm' }), ruleSetId: 'txr150000-2023' },
      at(),
      'TXR150000 (2023) III.F.6(a): every 14 calendar days and within 24 hours of the end of a storm of 0.5 in of rain. Next routine inspection 12-05-2026, 14 days after the last on 11-21-2026.',
    ],
    [
      'the fixed interval, with no routine inspection recorded yet',
      FIXED_INTERVAL_PERMIT,
      at({ lastRoutineDate: null }),
      "Fixed interval: every 10 days (the project's routine interval). Next routine inspection 12-05-2026.",
    ],
    [
      'no next date set',
      FIXED_INTERVAL_PERMIT,
      at({ nextInspectionDate: null, lastRoutineDate: null }),
      "Fixed interval: every 10 days (the project's routine interval). No next routine inspection is scheduled.",
    ],
  ])('%s', (_name, permit, input, line) => {
    expect(permitSummary(permit, input)).toBe(line);
  });
});
