import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './local-date';
import {
  applyDelta,
  applyStreamRecord,
  delta,
  findingsOverviewFigures,
  openFindingsFigures,
  rebuild,
  allTimeFigures,
  reportFigures,
  type AppliedSource,
  type Counters,
  type StatisticsSource,
} from './statistics';

const inspection = (
  created_date: string,
  acknowledgement_date: string | null = null,
  compliance_date: string | null = null,
) => ({ kind: 'inspection', projectId: 'p1', created_date, acknowledgement_date, compliance_date }) as const;
const finding = (typeCode: string, date_initiated: string, date_completed: string | null = null) =>
  ({ kind: 'finding', projectId: 'p1', typeCode, date_initiated, date_completed }) as const;
const carried = (typeCode: string) => ({ kind: 'carry-over', projectId: 'p1', typeCode }) as const;
const missed = (dueDate: string) => ({ kind: 'missed', projectId: 'p1', dueDate }) as const;

// A hand-computed project: 4 inspections in March, 5 findings, 2 carry-overs.
const season: StatisticsSource[] = [
  inspection('2026-03-02', '2026-03-03', '2026-03-04'),
  inspection('2026-03-09T15:45', '2026-03-13'), // as stored: a local date and time
  inspection('2026-03-16'),
  inspection('2026-03-23', null, '2026-03-24'),
  finding('CA', '2026-03-02', '2026-03-05'), // 3 days
  finding('CA', '2026-03-09', '2026-03-19'), // 10 days: late
  finding('CA', '2026-03-16'), // open
  finding('MI', '2026-03-02', '2026-03-02'), // 0 days
  finding('MI', '2026-03-23'), // open
  carried('CA'),
  carried('CA'),
  missed('2026-03-13'), // due on the 13th, no routine inspection that day
];

describe('the statistics of a project (docs/decisions/0019)', () => {
  const counters = rebuild(season);

  it('Open Findings: the open ones and the days the oldest has been open', () => {
    expect(openFindingsFigures(counters, null, '2026-03-30')).toEqual({
      openFindingsCount: 2,
      maxDaysOpened: 14,
      nextDueBy: null,
    });
    expect(openFindingsFigures(counters, 'MI', '2026-03-30')).toEqual({
      openFindingsCount: 1,
      maxDaysOpened: 7,
      nextDueBy: null,
    });
    expect(openFindingsFigures(counters, 'XX', '2026-03-30')).toEqual({
      openFindingsCount: 0,
      maxDaysOpened: 0,
      nextDueBy: null,
    });
  });

  it('Open Findings: the earliest corrective-action deadline of the open ones (CGP 5.2), of the type asked', () => {
    const withDeadlines = rebuild([
      ...season,
      { ...finding('CA', '2026-03-26'), due_by: '2026-03-27' },
      { ...finding('CA', '2026-03-25'), due_by: '2026-04-01' },
      { ...finding('CA', '2026-03-20', '2026-03-21'), due_by: '2026-03-23' }, // completed: not open
    ]);
    expect(openFindingsFigures(withDeadlines, null, '2026-03-30').nextDueBy).toBe('2026-03-27');
    expect(openFindingsFigures(withDeadlines, 'MI', '2026-03-30').nextDueBy).toBeNull();
    // Completing the finding due first moves the site's next deadline on.
    const completed = applyDelta(
      withDeadlines,
      delta(
        { ...finding('CA', '2026-03-26'), due_by: '2026-03-27' },
        { ...finding('CA', '2026-03-26', '2026-03-27'), due_by: '2026-03-27' },
      ),
    );
    expect(openFindingsFigures(completed, 'CA', '2026-03-30').nextDueBy).toBe('2026-04-01');
  });

  it('Findings Overview: per inspection averages and days to correct (sum / count, max)', () => {
    expect(findingsOverviewFigures(counters, null)).toEqual({
      numberOfInspections: 4,
      averageFindings: 1.25, // 5 / 4
      averageCarryOver: 0.5, // 2 / 4
      averageDaysToCorrect: 4.33, // (3 + 10 + 0) / 3
      maxDaysToCorrect: 10,
    });
    expect(findingsOverviewFigures(counters, 'CA')).toMatchObject({
      averageFindings: 0.75,
      averageDaysToCorrect: 6.5,
    });
  });

  it('the report row: late findings over 7 days, late acknowledgements over 2 days, by the days asked', () => {
    expect(reportFigures(counters, { from: null, to: null }, null, '2026-03-30')).toEqual({
      inspectionCount: 4,
      findingsCount: 5,
      avgFindings: 1.25,
      avgFindingDays: 4.33,
      maxDay: 10,
      openFindings: 2,
      // Corrected in 10 days, and the CA open since the 16th (14 days); the MI of the 23rd is 7 days.
      notCompleteInExpectedDays: 2,
      ackCount: 2,
      ackLateCount: 1, // signed 4 days after the inspection of the 9th
      complianceCount: 2,
      missedIsp: 1,
      postStormInTime: 0,
      postStormLate: 0,
      postStormMissed: 0,
    });
    expect(
      reportFigures(counters, { from: '2026-03-09', to: '2026-03-16' }, null, '2026-03-30'),
    ).toMatchObject({
      inspectionCount: 2,
      findingsCount: 2,
      openFindings: 1,
      ackCount: 1,
      complianceCount: 0,
      missedIsp: 1,
    });
    expect(
      reportFigures(counters, { from: '2026-03-14', to: '2026-03-20' }, null, '2026-03-30'),
    ).toMatchObject({ inspectionCount: 1, missedIsp: 0 });
  });

  it('the report row from the daily counters alone (what the month items hold), narrowed by type', () => {
    const daily = Object.fromEntries(Object.entries(counters).filter(([name]) => name.startsWith('day|')));
    const range = { from: '2026-03-01', to: '2026-03-31' };
    expect(reportFigures(daily, range, null, '2026-03-30')).toEqual(
      reportFigures(counters, range, null, '2026-03-30'),
    );
    expect(reportFigures(daily, range, 'CA', '2026-03-30')).toMatchObject({
      inspectionCount: 4, // inspections have no type
      findingsCount: 3,
      avgFindings: 0.75,
      avgFindingDays: 6.5, // (3 + 10) / 2
      maxDay: 10,
      openFindings: 1,
      notCompleteInExpectedDays: 2,
      missedIsp: 1,
    });
    // A custom type whose code begins with another's is counted as its own.
    const withCar = rebuild([...season, finding('CAR', '2026-03-16')]);
    expect(reportFigures(withCar, range, 'CA', '2026-03-30').openFindings).toBe(1);
    expect(reportFigures(withCar, range, 'CAR', '2026-03-30').openFindings).toBe(1);
  });

  it('nothing to average is null (the report shows "-"), not zero', () => {
    expect(
      reportFigures(rebuild([missed('2026-03-13')]), { from: null, to: null }, null, '2026-03-30'),
    ).toEqual({
      inspectionCount: 0,
      findingsCount: 0,
      avgFindings: null,
      avgFindingDays: null,
      maxDay: null,
      openFindings: 0,
      notCompleteInExpectedDays: 0,
      ackCount: 0,
      ackLateCount: 0,
      complianceCount: 0,
      missedIsp: 1,
      postStormInTime: 0,
      postStormLate: 0,
      postStormMissed: 0,
    });
  });

  it('post-storm dues count once settled, by the storm’s day: in time, late, missed (issue 23)', () => {
    const due = (stormDay: string, status: 'done' | 'late' | 'missed') =>
      ({ kind: 'post-storm', projectId: 'p1', stormDay, status }) as const;
    const counters = rebuild([
      due('2026-03-02', 'done'),
      due('2026-03-09', 'done'),
      due('2026-03-12', 'late'),
      due('2026-03-20', 'missed'),
    ]);
    expect(reportFigures(counters, { from: null, to: null }, null, '2026-03-30')).toMatchObject({
      postStormInTime: 2,
      postStormLate: 1,
      postStormMissed: 1,
    });
    expect(allTimeFigures(counters, null, '2026-03-30')).toMatchObject({
      postStormInTime: 2,
      postStormLate: 1,
      postStormMissed: 1,
    });
    expect(
      reportFigures(counters, { from: '2026-03-09', to: '2026-03-15' }, null, '2026-03-30'),
    ).toMatchObject({ postStormInTime: 1, postStormLate: 1, postStormMissed: 0 });
    // A missed due turned late moves from one counter to the other.
    const turned = applyDelta(counters, delta(due('2026-03-20', 'missed'), due('2026-03-20', 'late')));
    expect(allTimeFigures(turned, null, '2026-03-30')).toMatchObject({
      postStormLate: 2,
      postStormMissed: 0,
    });
  });

  it('moves by after − before: a finding completed, then deleted', () => {
    const open = finding('CA', '2026-03-02');
    const closed = finding('CA', '2026-03-02', '2026-03-12');
    const completed = applyDelta(rebuild([open]), delta(open, closed));
    expect(completed).toEqual(rebuild([closed]));
    expect(completed).toMatchObject({ 'f|CA': 1, 'd|CA|10': 1 });
    expect(applyDelta(completed, delta(closed, null))).toEqual({});
  });

  it('counts the inspections waiting for compliance, and stops when one is signed', () => {
    const waiting = { ...inspection('2026-03-02'), certificationDue: true };
    const signed = { ...inspection('2026-03-02', null, '2026-03-04'), certificationDue: false };
    expect(rebuild([waiting, inspection('2026-03-09')]).cd).toBe(1);
    expect(applyDelta(rebuild([waiting]), delta(waiting, signed)).cd).toBeUndefined();
  });
});

describe('incremental statistics equal the rebuilt ones (property)', () => {
  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`);
  const source = fc.oneof(
    fc
      .record({ a: day, ack: fc.option(day), cmp: fc.option(day), due: fc.boolean() })
      .map(({ a, ack, cmp, due }) => ({ ...inspection(a, ack, cmp), certificationDue: due })),
    fc
      .record({ t: fc.constantFrom('CA', 'MI'), a: day, done: fc.option(fc.integer({ min: 0, max: 20 })) })
      .map(({ t, a, done }) => finding(t, a, done === null ? null : addDays(a, done))),
    fc.constantFrom('CA', 'MI').map(carried),
    day.map(missed),
  );
  it('the report without dates: the project-wide counters give the figures of every day', () => {
    fc.assert(
      fc.property(fc.array(source, { maxLength: 30 }), fc.constantFrom(null, 'CA', 'MI'), (sources, type) => {
        const counters = rebuild(sources);
        expect(allTimeFigures(counters, type, '2026-04-10')).toEqual(
          reportFigures(counters, { from: null, to: null }, type, '2026-04-10'),
        );
      }),
      { numRuns: 300 },
    );
  });

  // A write (a record as it now is) or a delete (null) of one of six records.
  const change = fc.record({ key: fc.integer({ min: 0, max: 5 }), now: fc.option(source, { freq: 4 }) });

  it('for any writes and deletes, each delivered once or more and some late', () => {
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (changes, replays) => {
          // The stream: each change at its position; some are delivered again, anywhere after or
          // before their turn (a redelivery, or a record that arrives after a later one).
          const stream = changes.map((c, i) => ({ ...c, sequence: BigInt(i + 1) }));
          const delivered = [...stream];
          for (const r of replays)
            if (stream.length > 0)
              delivered.splice(r % (delivered.length + 1), 0, stream[r % stream.length]!);

          const counters: Counters = {};
          const applied = new Map<number, AppliedSource>();
          for (const record of delivered) {
            const result = applyStreamRecord(applied.get(record.key), record.sequence, record.now);
            if (!result) continue;
            applyDelta(counters, result.moved);
            applied.set(record.key, result.applied);
          }
          // What exists at the end: each record's last change.
          const final = new Map<number, StatisticsSource | null>();
          for (const c of stream) final.set(c.key, c.now);
          const existing = [...final.values()].filter((s): s is StatisticsSource => s !== null);
          expect(counters).toEqual(rebuild(existing));
        },
      ),
      { numRuns: 300 },
    );
  });
});
