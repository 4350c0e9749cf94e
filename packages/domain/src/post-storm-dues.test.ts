import { describe, expect, it } from 'vitest';
import {
  inspectionStartedAt,
  instantOfLocal,
  permitRuleLine,
  postStormDueText,
  postStormReason,
  settlementOf,
  stormDayOf,
  triggeringRainfallLine,
} from './post-storm-dues';

// Alder Creek, Pacific time: 0.31 in of rain in the 24 hours to 06:00 on 11-28 (14:00 UTC).
const storm = {
  countedAt: '2026-11-28T14:00:00.000Z',
  dueBy: '2026-11-29T14:00:00.000Z',
  kind: 'rain' as const,
  amountInches: 0.31,
  windowStart: '2026-11-27T14:00:00.000Z',
  windowEnd: '2026-11-28T14:00:00.000Z',
};
const LA = 'America/Los_Angeles';

describe('what a post-storm due says (issue 23)', () => {
  it("names the deadline and the rain in the project's zone, dates as MM-DD-YYYY", () => {
    expect(postStormDueText('Alder Creek', storm, LA)).toBe(
      'Post-storm inspection due by 11-29-2026 06:00 at Alder Creek: 0.31 in of rain in the 24 hours to 11-28 06:00',
    );
    expect(postStormReason(storm, LA)).toBe('0.31 in of rain, 11-28 06:00');
  });

  it('the same storm in London reads in London time', () => {
    expect(postStormDueText('Alder Creek', storm, 'Europe/London')).toBe(
      'Post-storm inspection due by 11-29-2026 14:00 at Alder Creek: 0.31 in of rain in the 24 hours to 11-28 14:00',
    );
  });

  it('a snowmelt due names the snow (CGP 4.2.2(b): 3.25 in of snow within 24 hours)', () => {
    expect(postStormReason({ ...storm, kind: 'snowmelt', amountInches: 3.4 }, LA)).toBe(
      '3.40 in of snow, 11-28 06:00',
    );
  });

  it("counts a storm on its day in the project's zone (late evening in Denver is the next day in UTC)", () => {
    expect(stormDayOf({ countedAt: '2026-11-29T04:00:00.000Z' }, 'America/Denver')).toBe('2026-11-28');
    expect(stormDayOf({ countedAt: '2026-11-29T04:00:00.000Z' }, 'Europe/London')).toBe('2026-11-29');
  });
});

describe("an inspection's recorded local time as an instant", () => {
  it('converts local wall-clock times, on either side of a daylight-saving change', () => {
    expect(instantOfLocal(LA, '2026-11-28T06:00')).toBe('2026-11-28T14:00:00.000Z');
    expect(instantOfLocal(LA, '2026-07-01T06:00')).toBe('2026-07-01T13:00:00.000Z');
    // New York springs forward at 02:00 on 03-08-2026: 01:30 is EST, 03:30 EDT.
    expect(instantOfLocal('America/New_York', '2026-03-08T01:30')).toBe('2026-03-08T06:30:00.000Z');
    expect(instantOfLocal('America/New_York', '2026-03-08T03:30')).toBe('2026-03-08T07:30:00.000Z');
  });
});

describe('when a post-storm inspection was done', () => {
  it('its recorded date and time, in the project’s zone', () => {
    expect(
      inspectionStartedAt({ created_date: '2026-11-28T09:15', createdAt: '2026-11-28T17:20:00.000Z' }, LA),
    ).toBe('2026-11-28T17:15:00.000Z');
  });

  it('a date-only record made that day: when it was created (the day alone says no hour)', () => {
    expect(
      inspectionStartedAt({ created_date: '2026-11-28T00:00', createdAt: '2026-11-28T17:20:00.000Z' }, LA),
    ).toBe('2026-11-28T17:20:00.000Z');
  });

  it('a date-only record entered on a later day: that day’s start', () => {
    expect(
      inspectionStartedAt({ created_date: '2026-11-28', createdAt: '2026-11-30T17:20:00.000Z' }, LA),
    ).toBe('2026-11-28T08:00:00.000Z');
  });
});

describe('what the post-storm inspections make of a due (postStormStateOf)', () => {
  const open = { ...storm, status: 'due' };
  const at = (iso: string) => new Date(iso);
  const inspection = (inspectionId: string, startedAt: string) => ({ inspectionId, startedAt });

  it('one started within 24 hours of the storm: done, with its id', () => {
    expect(
      settlementOf(open, [inspection('i1', '2026-11-29T09:00:00.000Z')], at('2026-11-29T10:00:00.000Z')),
    ).toEqual({ status: 'done', inspectionId: 'i1' });
  });

  it('none yet, before the deadline: nothing changes', () => {
    expect(settlementOf(open, [], at('2026-11-29T13:59:00.000Z'))).toBeNull();
  });

  it('none by the deadline: missed, once', () => {
    expect(settlementOf(open, [], at('2026-11-29T14:01:00.000Z'))).toEqual({
      status: 'missed',
      inspectionId: null,
    });
    expect(settlementOf({ ...open, status: 'missed' }, [], at('2026-11-30T14:01:00.000Z'))).toBeNull();
  });

  it('one started after the deadline turns a missed due late', () => {
    expect(
      settlementOf(
        { ...open, status: 'missed' },
        [inspection('i2', '2026-11-30T08:00:00.000Z')],
        at('2026-11-30T09:00:00.000Z'),
      ),
    ).toEqual({ status: 'late', inspectionId: 'i2' });
  });

  it('one started before the storm reached the threshold does not answer it', () => {
    expect(
      settlementOf(open, [inspection('i0', '2026-11-28T12:00:00.000Z')], at('2026-11-29T15:00:00.000Z')),
    ).toEqual({ status: 'missed', inspectionId: null });
  });

  it('done and late are final', () => {
    const later = [inspection('i3', '2026-11-29T10:00:00.000Z')];
    expect(settlementOf({ ...open, status: 'done' }, later, at('2026-12-01T00:00:00.000Z'))).toBeNull();
    expect(settlementOf({ ...open, status: 'late' }, later, at('2026-12-01T00:00:00.000Z'))).toBeNull();
  });
});

describe('what the printed inspection names (issue 23)', () => {
  const cgp = {
    ruleSetId: 'cgp-2022' as const,
    frequencyId: 'every-14-days-and-storm',
    sensitiveWaters: false,
    reducedPeriods: [],
  };

  it('the permit rule in force on the inspection day, a reduced period named with its dates', () => {
    expect(permitRuleLine({ permit: cgp }, '2026-11-29')).toBe(
      'EPA 2022 Construction General Permit: CGP 4.2.2: once every 14 calendar days and within 24 hours of a storm event',
    );
    const frozen = {
      permit: {
        ...cgp,
        reducedPeriods: [{ kind: 'frozen-continuing' as const, from: '2026-12-01', to: null }],
      },
    };
    expect(permitRuleLine(frozen, '2026-12-05')).toBe(
      'EPA 2022 Construction General Permit: CGP 4.4.3(b): frozen conditions with construction continuing, once per month (reduced frequency from 12-01-2026)',
    );
    expect(permitRuleLine({}, '2026-12-05')).toBe(
      "Fixed interval: Every routine inspection interval of the project's days",
    );
  });

  it('the rainfall that triggered a post-storm inspection, with its source, cell and deadline', () => {
    expect(
      triggeringRainfallLine({ ...storm, source: 'open-meteo', cell: '38.6|-121.5', status: 'late' }, LA),
    ).toBe(
      '0.31 in of rain in the 24 hours to 11-28-2026 06:00 (open-meteo, grid cell 38.6|-121.5); due by 11-29-2026 06:00, done late',
    );
  });
});
