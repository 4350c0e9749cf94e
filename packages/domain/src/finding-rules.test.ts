import { describe, expect, it } from 'vitest';
import {
  areInspectionFindingsLocked,
  completeFindingsIssues,
  COMPLETED_AS_RECOMMENDED,
  DEFAULT_FINDING_LOCATION,
  deletionNoteIssue,
  FINDING_MESSAGES,
  findingFormIssues,
  isFindingLate,
  isOfferedInFindingArray,
  mayEditFindingBasics,
  mayReopenFinding,
  reconcileCompletedDate,
} from './finding-rules';
import type { FindingFormContext } from './finding-rules';
import { grantsOf, roleByName } from './roles';
import { DEFAULT_CONDITION_OPTIONS } from './template-model';
import type { FindingType } from './template-model';

const type = (id: string, code: string, enabled = true): FindingType => ({
  id,
  name: code,
  code,
  is_static_type: true,
  details: { is_enabled: enabled, is_required_for_cert: code === 'CA', color: '#2FF363' },
});
const standard: FindingFormContext = {
  version: {
    finding_types: [type('ca', 'CA'), type('mi', 'MI'), type('a', 'A', false)],
    condition_options: [],
    control_measure_required: false,
  },
  projectStartDate: '2026-01-15',
  today: '2026-03-10',
};
const cdot: FindingFormContext = {
  ...standard,
  version: {
    ...standard.version,
    condition_options: [...DEFAULT_CONDITION_OPTIONS],
    control_measure_required: true,
  },
};
const valid = { finding_type_id: 'ca', location: 'North gate', date_initiated: '2026-03-01' };
const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('the finding form (spec 002 §5)', () => {
  it.each([
    ['a valid finding', valid, standard, []],
    [
      '"Finding Type, Location and Date Initiated are required"',
      {},
      standard,
      [FINDING_MESSAGES.typeRequired, FINDING_MESSAGES.locationRequired, FINDING_MESSAGES.initiatedRequired],
    ],
    [
      'a type the template does not include',
      { ...valid, finding_type_id: 'a' },
      standard,
      [FINDING_MESSAGES.typeUnknown],
    ],
    [
      '"Date Initiated is not before the project start date"',
      { ...valid, date_initiated: '2026-01-14' },
      standard,
      [FINDING_MESSAGES.initiatedBeforeStart],
    ],
    [
      '"... and not after today"',
      { ...valid, date_initiated: '2026-03-11' },
      standard,
      [FINDING_MESSAGES.initiatedFuture],
    ],
    [
      '"Date Completed is not after today"',
      { ...valid, date_completed: '2026-03-11' },
      standard,
      [FINDING_MESSAGES.completedFuture],
    ],
    [
      '"... and not before Date Initiated"',
      { ...valid, date_completed: '2026-02-28' },
      standard,
      [FINDING_MESSAGES.completedBeforeInitiated],
    ],
    [
      '"Control Measure and Condition are required where shown (the CDOT template)"',
      valid,
      cdot,
      [FINDING_MESSAGES.controlMeasureRequired, FINDING_MESSAGES.conditionRequired],
    ],
    [
      'a condition from the Condition Group',
      { ...valid, control_measure_id: 'silt-fence', condition: 'M' },
      cdot,
      [],
    ],
    [
      'a condition outside it',
      { ...valid, control_measure_id: 'silt-fence', condition: 'Z' },
      cdot,
      [FINDING_MESSAGES.conditionUnknown],
    ],
  ])('%s', (_name, input, context, expected) => {
    expect(messages(findingFormIssues(input, context))).toEqual(expected);
  });

  it('"If date_initiated is later than date_completed, date_completed is cleared"', () => {
    expect(reconcileCompletedDate('2026-03-05', '2026-03-01')).toBeNull();
    expect(reconcileCompletedDate('2026-03-01', '2026-03-05')).toBe('2026-03-05');
  });

  it('"BMP Contractor and Client User cannot edit type, location or date initiated"', () => {
    expect(mayEditFindingBasics('BMP Contractor')).toBe(false);
    expect(mayEditFindingBasics('Client User')).toBe(false);
    expect(mayEditFindingBasics('Inspector')).toBe(true);
  });

  it('quotes the constants of spec 002 §9', () => {
    expect(DEFAULT_FINDING_LOCATION).toBe('See site inspection map for location');
    expect(COMPLETED_AS_RECOMMENDED).toBe('Completed as recommended');
  });
});

describe('Complete Findings (spec 002 §5: "date completed required, not after today, not before the latest initiation date among the selected findings")', () => {
  const selected = [{ date_initiated: '2026-03-01' }, { date_initiated: '2026-03-04' }];
  it.each([
    [null, FINDING_MESSAGES.completeDateRequired],
    ['2026-03-11', FINDING_MESSAGES.completedFuture],
    ['2026-03-03', FINDING_MESSAGES.completeBeforeInitiated],
    ['2026-03-04', null],
  ])('%s', (date, expected) => {
    expect(completeFindingsIssues(date, selected, '2026-03-10')[0]?.message ?? null).toBe(expected);
  });
});

describe('deleting a finding (spec 002 §5: "requires a note, trimmed")', () => {
  it.each([
    [undefined, FINDING_MESSAGES.deletionNote],
    ['   ', FINDING_MESSAGES.deletionNote],
    ['Raised in error', null],
  ])('%j', (note, expected) => {
    expect(deletionNoteIssue(note)).toBe(expected);
  });

  it('quotes the spec', () => {
    expect(FINDING_MESSAGES.deletionNote).toBe('Finding Deletion Note is required.');
  });
});

describe('read-only findings and reopening (spec 002 §4, §6)', () => {
  it('"Findings are read-only once the inspection has a compliance date and every finding is completed"', () => {
    expect(areInspectionFindingsLocked({ compliance_date: '2026-03-02' }, 0)).toBe(true);
    expect(areInspectionFindingsLocked({ compliance_date: '2026-03-02' }, 1)).toBe(false);
    expect(areInspectionFindingsLocked({ compliance_date: null }, 0)).toBe(false);
  });

  it.each([
    ['Supervising Engineer (all reopenFinding), completed', 'Supervising Engineer', '2026-03-02', true],
    ['Inspector (update Close Findings), not completed', 'Inspector', null, true],
    ['Inspector, completed', 'Inspector', '2026-03-02', false],
    ['Regulator', 'Regulator', null, false],
  ] as const)('%s', (_name, role, completed, expected) => {
    expect(mayReopenFinding(grantsOf(roleByName(role)), { date_completed: completed })).toBe(expected);
  });
});

describe('the finding-array offer (spec 002 §2: "findings of type CA that are open, or were completed on or after the inspection date")', () => {
  it.each([
    ['open CA', { typeCode: 'CA', date_completed: null }, true],
    ['CA completed on the inspection date', { typeCode: 'CA', date_completed: '2026-03-05' }, true],
    ['CA completed before it', { typeCode: 'CA', date_completed: '2026-03-04' }, false],
    ['open MI', { typeCode: 'MI', date_completed: null }, false],
  ])('%s', (_name, finding, expected) => {
    expect(isOfferedInFindingArray(finding, '2026-03-05T10:00')).toBe(expected);
  });
});

it('a finding is late when open over 7 days (spec 002 §9)', () => {
  expect(isFindingLate({ date_initiated: '2026-03-01', date_completed: '2026-03-08' }, '2026-03-20')).toBe(
    false,
  );
  expect(isFindingLate({ date_initiated: '2026-03-01', date_completed: '2026-03-09' }, '2026-03-20')).toBe(
    true,
  );
  expect(isFindingLate({ date_initiated: '2026-03-01', date_completed: null }, '2026-03-09')).toBe(true);
});
