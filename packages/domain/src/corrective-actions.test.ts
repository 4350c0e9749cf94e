import { describe, expect, it } from 'vitest';
import {
  correctiveActionDueBy,
  correctiveActionIssues,
  CORRECTIVE_ACTION_MESSAGES,
  hasCorrectiveActionDeadlines,
  isBusinessDay,
} from './corrective-actions';
import { isFindingLate } from './finding-rules';
import { localDate } from './local-date';
import { notificationEventsOf } from './notification-events';

const CGP = {
  permit: { ruleSetId: 'cgp-2022' as const, frequencyId: null, sensitiveWaters: false, reducedPeriods: [] },
};
const TEXAS = { permit: { ...CGP.permit, ruleSetId: 'txr150000-2023' as const } };

describe('CGP 5.2.2: repair or maintenance by the close of the next business day', () => {
  it.each([
    ['a Monday finding is due Tuesday', '2026-11-30', '2026-12-01'],
    ['a Thursday finding is due Friday', '2026-12-03', '2026-12-04'],
    ["a Friday finding's next business day is Monday", '2026-12-04', '2026-12-07'],
    ['a Saturday finding is due Monday', '2026-12-05', '2026-12-07'],
    ['a Sunday finding is due Monday', '2026-12-06', '2026-12-07'],
    ['across a month end', '2026-07-31', '2026-08-03'],
    ['across a year end', '2026-12-31', '2027-01-01'],
    [
      'a federal holiday counts as a business day (the Wednesday before Thanksgiving is due Thursday)',
      '2026-11-25',
      '2026-11-26',
    ],
  ])('%s', (_name, discovered, due) => {
    expect(correctiveActionDueBy(discovered, 'repair')).toBe(due);
  });

  it('a day the site names closed is skipped', () => {
    expect(correctiveActionDueBy('2026-12-04', 'repair', new Set(['2026-12-07']))).toBe('2026-12-08');
    expect(isBusinessDay('2026-12-07', new Set(['2026-12-07']))).toBe(false);
  });
});

describe('CGP 5.2.3: a new or replacement control within 7 calendar days from discovery', () => {
  it.each([
    ['a Monday finding is due the next Monday', '2026-11-30', '2026-12-07'],
    ['a Friday finding is due the next Friday, weekends counted', '2026-12-04', '2026-12-11'],
    ['across February in a leap year', '2028-02-25', '2028-03-03'],
  ])('%s', (_name, discovered, due) => {
    expect(correctiveActionDueBy(discovered, 'new-control')).toBe(due);
  });
});

describe("zones: discovery is the project's local date", () => {
  // 23:30 on Friday 4 December in Los Angeles is already Saturday in New York.
  const instant = new Date('2026-12-05T07:30:00Z');
  it('a Los Angeles repair found late on Friday is due Monday; in New York it was found Saturday, also due Monday', () => {
    expect(localDate('America/Los_Angeles', instant)).toBe('2026-12-04');
    expect(correctiveActionDueBy(localDate('America/Los_Angeles', instant), 'repair')).toBe('2026-12-07');
    expect(correctiveActionDueBy(localDate('America/New_York', instant), 'repair')).toBe('2026-12-07');
  });
  it('a new control found at that instant is due a day apart in the two zones', () => {
    expect(correctiveActionDueBy(localDate('America/Los_Angeles', instant), 'new-control')).toBe(
      '2026-12-11',
    );
    expect(correctiveActionDueBy(localDate('America/New_York', instant), 'new-control')).toBe('2026-12-12');
  });
  it('a deadline across the end of daylight saving is still 7 dates on', () => {
    expect(correctiveActionDueBy('2026-10-30', 'new-control')).toBe('2026-11-06');
  });
});

describe('which findings have deadlines', () => {
  it('CA findings of a CGP project need the choice; others refuse it', () => {
    expect(hasCorrectiveActionDeadlines(CGP)).toBe(true);
    expect(hasCorrectiveActionDeadlines({})).toBe(false);
    expect(hasCorrectiveActionDeadlines(TEXAS)).toBe(false);
    expect(correctiveActionIssues(null, 'CA', CGP)).toEqual([
      { path: 'corrective_action', message: CORRECTIVE_ACTION_MESSAGES.kindRequired },
    ]);
    expect(correctiveActionIssues('repair', 'CA', CGP)).toEqual([]);
    expect(correctiveActionIssues('repair', 'MI', CGP)).toEqual([
      { path: 'corrective_action', message: CORRECTIVE_ACTION_MESSAGES.notApplicable },
    ]);
    expect(correctiveActionIssues('repair', 'CA', {})).toEqual([
      { path: 'corrective_action', message: CORRECTIVE_ACTION_MESSAGES.notApplicable },
    ]);
    expect(correctiveActionIssues(null, 'CA', {})).toEqual([]);
  });

  it('a finding with a deadline is late the day after it; one without, after 7 days open', () => {
    const repair = { date_initiated: '2026-12-04', date_completed: null, due_by: '2026-12-07' };
    expect(isFindingLate(repair, '2026-12-07')).toBe(false);
    expect(isFindingLate(repair, '2026-12-08')).toBe(true);
    expect(isFindingLate({ ...repair, date_completed: '2026-12-07' }, '2026-12-20')).toBe(false);
    expect(isFindingLate({ ...repair, due_by: null }, '2026-12-11')).toBe(false);
    expect(isFindingLate({ ...repair, due_by: null }, '2026-12-12')).toBe(true);
  });
});

describe('the late-finding notification', () => {
  it("carries a late finding's deadline when it has one", () => {
    const late = {
      type: 'LateFinding',
      divisionId: 'd1',
      projectId: 'p1',
      number: 4,
      typeCode: 'CA',
      date_initiated: '2026-12-04',
    };
    expect(notificationEventsOf(undefined, { ...late, due_by: '2026-12-07' })[0]).toMatchObject({
      typeId: 'findings-past-due',
      date: '2026-12-04',
      dueBy: '2026-12-07',
    });
    expect(notificationEventsOf(undefined, { ...late, due_by: null })[0]).not.toHaveProperty('dueBy');
  });
});
