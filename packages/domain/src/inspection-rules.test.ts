import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from './local-date';
import {
  calendarState,
  countsAsOpen,
  createInspectionRefusal,
  DUE_TODAY_BANNER,
  dueTodayAction,
  INSPECTION_MESSAGES,
  inspectionsDueAction,
  inspectionWriteRefusal,
  isDueToday,
  isEligibleForCompliance,
  isInspectionEditable,
  newInspectionType,
  nextInspectionDateIssues,
  parseDueDate,
  passedDueDate,
} from './inspection-rules';

// 2026-03-10 03:30 UTC is still 2026-03-09 in Denver (UTC-6/-7) and 2026-03-10 in London.
const NOW = new Date('2026-03-10T03:30:00Z');
const denver = (next: string | null) => ({ next_inspection_date: next, timezone: 'America/Denver' });
const london = (next: string | null) => ({ next_inspection_date: next, timezone: 'Europe/London' });

describe('due today (spec 000 §4: "the project\'s next inspection date equals today in the project\'s timezone and no routine inspection dated today exists")', () => {
  it.each([
    ['Denver, next date is its today', denver('2026-03-09'), false, true],
    ['Denver, next date is the server’s today but not Denver’s', denver('2026-03-10'), false, false],
    ['London, next date is its today', london('2026-03-10'), false, true],
    ['a routine inspection dated today exists', london('2026-03-10'), true, false],
    ['no next date', london(null), false, false],
    ['next date is past', london('2026-03-01'), false, false],
  ])('%s', (_name, project, routineToday, expected) => {
    expect(isDueToday(project, routineToday, NOW)).toBe(expected);
  });

  it.each([
    ['nothing today yet: Start Inspection', london('2026-03-10'), null, 'Start Inspection'],
    [
      "today's routine is new: Complete Inspection",
      london('2026-03-10'),
      { status: 'new' as const },
      'Complete Inspection',
    ],
    ["today's routine is complete: no button", london('2026-03-10'), { status: 'complete' as const }, null],
    ['not due: no button', london('2026-03-11'), null, null],
  ])('banner: %s', (_name, project, todays, expected) => {
    expect(dueTodayAction(project, todays, NOW)).toBe(expected);
  });

  it("the next date a week away and today's routine not complete: Complete Inspection, never 'An inspection is due today'", () => {
    const action = dueTodayAction(london('2026-03-17'), { status: 'new' }, NOW);
    expect(action).toBe('Complete Inspection');
    expect(DUE_TODAY_BANNER[action!].title).toBe("Today's routine inspection is not complete");
    expect(DUE_TODAY_BANNER['Start Inspection'].title).toBe('An inspection is due today');
  });

  const zones = fc.constantFrom('Europe/London', 'America/Denver', 'Pacific/Auckland', 'Pacific/Honolulu');
  const instants = fc.date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2030-12-31T23:59:59Z'),
    noInvalidDate: true,
  });
  const todaysRoutines = fc.constantFrom(null, { status: 'new' as const }, { status: 'complete' as const });

  it("property: 'An inspection is due today' exactly when the next date is the zone's today and no routine is dated today", () => {
    fc.assert(
      fc.property(
        zones,
        instants,
        fc.integer({ min: -10, max: 10 }),
        fc.boolean(),
        todaysRoutines,
        (timezone, now, offset, dated, todays) => {
          const today = localDate(timezone, now);
          const project = { timezone, next_inspection_date: dated ? addDays(today, offset) : null };
          const action = dueTodayAction(project, todays, now);
          const saysDue = action !== null && DUE_TODAY_BANNER[action].title === 'An inspection is due today';
          expect(saysDue).toBe(project.next_inspection_date === today && todays === null);
          expect(saysDue).toBe(isDueToday(project, todays !== null, now));
        },
      ),
    );
  });

  it("property: today's routine inspection gets Complete Inspection until complete, whatever the next date", () => {
    fc.assert(
      fc.property(zones, instants, fc.integer({ min: -10, max: 10 }), (timezone, now, offset) => {
        const project = { timezone, next_inspection_date: addDays(localDate(timezone, now), offset) };
        expect(dueTodayAction(project, { status: 'new' }, now)).toBe('Complete Inspection');
        expect(dueTodayAction(project, { status: 'complete' }, now)).toBeNull();
      }),
    );
  });
});

describe('creating an inspection (spec 000 §4: "only if every existing inspection is complete and certified. A template named \'CDOT\' is exempt")', () => {
  it.each([
    [0, 'standard' as const, null],
    [1, 'standard' as const, INSPECTION_MESSAGES.createBlocked],
    [3, 'maryland' as const, INSPECTION_MESSAGES.createBlocked],
    [2, 'cdot' as const, null],
  ])('%i open, %s template', (open, kind, expected) => {
    expect(createInspectionRefusal(open, kind)).toBe(expected);
  });

  it('quotes the spec', () => {
    expect(INSPECTION_MESSAGES.createBlocked).toBe(
      'Complete the existing inspection(s) before creating a new one.',
    );
  });

  it.each([
    [{ status: 'new' as const, certification_date: null }, true],
    [{ status: 'complete' as const, certification_date: null }, true],
    [{ status: 'new' as const, certification_date: '2026-03-01' }, true],
    [{ status: 'complete' as const, certification_date: '2026-03-01' }, false],
  ])('counts as open: %o', (inspection, expected) => {
    expect(countsAsOpen(inspection)).toBe(expected);
  });

  it('"Post Storm when post-storm inspections exist in the list (based on the list being non-empty), otherwise Routine"', () => {
    expect(newInspectionType(true)).toBe('Routine');
    expect(newInspectionType(false)).toBe('Post Storm');
  });
});

describe('editable state (spec 002 §4: "read-only once certification_date is set and either the project does not require compliance or compliance_date is set")', () => {
  const active = (required: boolean) => ({ inspection_compliance_required: required, archivedAt: null });
  it.each([
    ['not certified', { certification_date: null, compliance_date: null }, active(true), true],
    [
      'certified, compliance required, not yet',
      { certification_date: '2026-03-01', compliance_date: null },
      active(true),
      true,
    ],
    [
      'certified, compliance not required',
      { certification_date: '2026-03-01', compliance_date: null },
      active(false),
      false,
    ],
    [
      'certified and compliance signed',
      { certification_date: '2026-03-01', compliance_date: '2026-03-02' },
      active(true),
      false,
    ],
    [
      'archived project',
      { certification_date: null, compliance_date: null },
      { inspection_compliance_required: true, archivedAt: '2026-03-05T00:00:00.000Z' },
      false,
    ],
  ])('%s', (_name, inspection, project, expected) => {
    expect(isInspectionEditable(inspection, project)).toBe(expected);
  });

  it('"It is also read-only when the app is read-only"', () => {
    expect(
      isInspectionEditable({ certification_date: null, compliance_date: null }, active(true), true),
    ).toBe(false);
  });

  it('names why a write is refused', () => {
    expect(
      inspectionWriteRefusal({ certification_date: '2026-03-01', compliance_date: null }, active(false)),
    ).toBe(INSPECTION_MESSAGES.readOnly);
    expect(
      inspectionWriteRefusal(
        { certification_date: null, compliance_date: null },
        { inspection_compliance_required: false, archivedAt: '2026-03-05T00:00:00.000Z' },
      ),
    ).toBe(INSPECTION_MESSAGES.archived);
    expect(
      inspectionWriteRefusal({ certification_date: null, compliance_date: null }, active(true)),
    ).toBeNull();
  });
});

describe('eligible for compliance certification (spec 000 §4)', () => {
  const eligible = { status: 'complete' as const, certification_date: '2026-03-01', compliance_date: null };
  const withCert = { has_compliance_cert: true };
  const required = { inspection_compliance_required: true };
  it.each([
    ['every condition holds', eligible, withCert, 0, required, true],
    ['"its status is complete"', { ...eligible, status: 'new' as const }, withCert, 0, required, false],
    [
      '"it has a certification date"',
      { ...eligible, certification_date: null },
      withCert,
      0,
      required,
      false,
    ],
    [
      '"it has no compliance date"',
      { ...eligible, compliance_date: '2026-03-02' },
      withCert,
      0,
      required,
      false,
    ],
    [
      '"its template has a compliance certification"',
      eligible,
      { has_compliance_cert: false },
      0,
      required,
      false,
    ],
    ['"no uncompleted finding is required for certification"', eligible, withCert, 1, required, false],
    [
      '"offered only if the project requires inspection compliance"',
      eligible,
      withCert,
      0,
      { inspection_compliance_required: false },
      false,
    ],
  ])('%s', (_name, inspection, template, openRequired, project, expected) => {
    expect(isEligibleForCompliance(inspection, template, openRequired, project)).toBe(expected);
  });
});

describe('calendar icon (spec 000 §4)', () => {
  it.each([
    ['"certified later than the inspection: late"', '2026-03-01T09:00', '2026-03-03', null, 'late'],
    ['"certified on the same day: on time"', '2026-03-01T09:00', '2026-03-01', null, 'on-time'],
    ['"certified earlier: hidden"', '2026-03-02T09:00', '2026-03-01', null, 'hidden'],
    [
      '"not certified, with a next due date after the inspection: missed"',
      '2026-03-01T09:00',
      null,
      '2026-03-08',
      'missed',
    ],
    ['not certified, next due date not after it', '2026-03-01T09:00', null, '2026-03-01', null],
  ])('%s', (_name, inspectionDate, cert, next, expected) => {
    expect(calendarState(inspectionDate, cert, next)).toBe(expected);
  });
});

describe('Inspections Due action (spec 000 §4: "today: Start Inspection; past: Past Due; future: View Project")', () => {
  it.each([
    ['2026-03-10', 'Start Inspection'],
    ['2026-03-09', 'Past Due'],
    ['2026-03-11', 'View Project'],
  ])('%s', (due, expected) => {
    expect(inspectionsDueAction(due, '2026-03-10')).toBe(expected);
  });
});

describe('a missed due date (docs/decisions/0019: "the scheduler records it when the day ends in the project\'s time zone")', () => {
  it('is the next inspection date once its day has ended where the project is', () => {
    // The 9th has ended in London but not yet in Denver.
    expect(passedDueDate(london('2026-03-09'), NOW)).toBe('2026-03-09');
    expect(passedDueDate(denver('2026-03-09'), NOW)).toBeNull();
    expect(passedDueDate(denver('2026-03-08'), NOW)).toBe('2026-03-08');
    expect(passedDueDate(london('2026-03-10'), NOW)).toBeNull();
    expect(passedDueDate(london(null), NOW)).toBeNull();
  });
});

describe('next inspection due date (spec 000 §5: "required, in the format MM-dd-yyyy, and may not be before today")', () => {
  it.each([
    ['', INSPECTION_MESSAGES.dueDateRequired],
    ['2026/03/12', INSPECTION_MESSAGES.dueDateFormat],
    ['02-30-2026', INSPECTION_MESSAGES.dueDateFormat],
    ['03-09-2026', INSPECTION_MESSAGES.dueDateBeforeToday],
    ['03-10-2026', null],
    ['2026-03-12', null],
  ])('%j', (value, message) => {
    const issues = nextInspectionDateIssues(value, 'Europe/London', NOW);
    expect(issues[0]?.message ?? null).toBe(message);
  });

  it('uses the project’s today: 03-09-2026 is today in Denver', () => {
    expect(nextInspectionDateIssues('03-09-2026', 'America/Denver', NOW)).toEqual([]);
  });

  it('reads MM-dd-yyyy', () => {
    expect(parseDueDate('03-12-2026')).toBe('2026-03-12');
    expect(parseDueDate('13-12-2026')).toBeNull();
  });
});
