import { describe, expect, it } from 'vitest';
import {
  ANSWER_MESSAGES,
  answerIssue,
  answersIssues,
  askedQuestions,
  questionnaireStatus,
} from './questionnaire-rules';
import type { Question, QuestionTypeId, TemplateVersion } from './template-model';

const question = (id: string, type: QuestionTypeId, extra: Partial<Question> = {}): Question => ({
  id,
  input_label: id,
  description: null,
  question_type_id: type,
  sort_order: 0,
  questionWidth: 100,
  required: false,
  features: [],
  options: [],
  ...extra,
});
const options = (...ids: string[]) =>
  ids.map((id) => ({ id, name: id, description: null, child_questions: [] }));
const context = { nowLocal: '2026-03-10T14:20' };

describe('answers by question type (spec 002 §2, §5)', () => {
  it.each([
    ['select one: an option', question('q', 'select', { options: options('a', 'b') }), 'a', null],
    [
      'select one: not an option',
      question('q', 'select', { options: options('a', 'b') }),
      'z',
      ANSWER_MESSAGES.notAnOption,
    ],
    ['select any: options', question('q', 'multiselect', { options: options('a', 'b') }), ['a', 'b'], null],
    [
      'select any: a repeat',
      question('q', 'multiselect', { options: options('a', 'b') }),
      ['a', 'a'],
      ANSWER_MESSAGES.notAnOption,
    ],
    ['checkbox: options', question('q', 'checkbox', { options: options('a') }), ['a'], null],
    ['radio group', question('q', 'radio_group', { options: options('a') }), 'a', null],
    ['"Time questions use 15-minute steps": 09:45', question('q', 'time'), '09:45', null],
    ['... 09:40 is refused', question('q', 'time'), '09:40', ANSWER_MESSAGES.time],
    ['date today', question('q', 'date'), '2026-03-10', null],
    [
      '"Inspection date questions cannot be in the future"',
      question('q', 'date', { features: ['inspection_date'] }),
      '2026-03-11',
      ANSWER_MESSAGES.future,
    ],
    [
      '"Inspection date questions cannot be in the future": the Inspection Date feature, even marked',
      question('q', 'datetime', { features: ['inspection_date'], may_be_future: true }),
      '2026-03-10T14:30',
      ANSWER_MESSAGES.future,
    ],
    [
      'a date marked as not in the future (a storm that ended)',
      question('q', 'date', { may_be_future: false }),
      '2026-03-11',
      ANSWER_MESSAGES.future,
    ],
    [
      "'Date of the next scheduled inspection', marked may be in the future",
      question('q', 'date', { may_be_future: true }),
      '2026-03-17',
      null,
    ],
    [
      'a date question stored before the mark (no feature): may be in the future',
      question('q', 'date'),
      '2026-03-11',
      null,
    ],
    ['a date-time stored before the mark: may be later', question('q', 'datetime'), '2026-03-10T14:30', null],
    ['not a date', question('q', 'date'), '2026-02-30', ANSWER_MESSAGES.date],
    ['datetime earlier today', question('q', 'datetime'), '2026-03-10T14:15', null],
    [
      'inspection datetime later today',
      question('q', 'datetime', { features: ['inspection_date'] }),
      '2026-03-10T14:30',
      ANSWER_MESSAGES.future,
    ],
    ['datetime off the 15-minute step', question('q', 'datetime'), '2026-03-10T09:10', ANSWER_MESSAGES.time],
    ['boolean', question('q', 'boolean'), false, null],
    ['boolean as text', question('q', 'boolean'), 'yes', ANSWER_MESSAGES.yesNo],
    ['boolean with N/A', question('q', 'boolean_na'), 'na', null],
    ['boolean with N/A, wrong', question('q', 'boolean_na'), true, ANSWER_MESSAGES.yesNoNa],
    ['single checkbox', question('q', 'single_checkbox'), true, null],
    ['descriptive text takes no answer', question('q', 'descriptive_text'), 'x', ANSWER_MESSAGES.noAnswer],
    ['textarea', question('q', 'textarea'), 'Silt fence down along the east boundary', null],
    ['textarea too long', question('q', 'textarea'), 'x'.repeat(4001), ANSWER_MESSAGES.tooLong(4000)],
    ['text too long', question('q', 'text'), 'x'.repeat(501), ANSWER_MESSAGES.tooLong(500)],
    ['number', question('q', 'number'), 0.5, null],
    ['number as text', question('q', 'number'), '0.5', ANSWER_MESSAGES.number],
    ['finding array', question('q', 'finding_array'), ['f1'], null],
  ])('%s', (_name, q, value, expected) => {
    expect(answerIssue(q, value, context)).toBe(expected);
  });

  it('the finding array holds only what it offers', () => {
    const q = question('q', 'finding_array');
    expect(answerIssue(q, ['f1'], { ...context, findingOffer: new Set(['f1']) })).toBeNull();
    expect(answerIssue(q, ['f2'], { ...context, findingOffer: new Set(['f1']) })).toBe(
      ANSWER_MESSAGES.findings,
    );
  });

  it('an empty answer is not an issue (the questionnaire saves as it goes)', () => {
    expect(answerIssue(question('q', 'number', { required: true }), null, context)).toBeNull();
  });
});

describe('child questions and completeness', () => {
  const child = question('why', 'textarea', { required: true });
  const version: Pick<TemplateVersion, 'question_groups'> = {
    question_groups: [
      {
        id: 'g',
        name: 'Group',
        layout_type: 'FORM',
        order: 1,
        description: null,
        table_headers: [],
        questions: [
          question('discharge', 'radio_group', {
            required: true,
            sort_order: 1,
            options: [
              { id: 'yes', name: 'Yes', description: null, child_questions: [child] },
              { id: 'no', name: 'No', description: null, child_questions: [] },
            ],
          }),
          question('notes', 'text', { sort_order: 2 }),
          question('intro', 'descriptive_text', { sort_order: 0, required: true }),
        ],
      },
    ],
  };

  it('"Options may have child questions": asked only under the chosen option', () => {
    expect(askedQuestions(version, {}).map((q) => q.id)).toEqual(['intro', 'discharge', 'notes']);
    expect(askedQuestions(version, { discharge: 'yes' }).map((q) => q.id)).toEqual([
      'intro',
      'discharge',
      'why',
      'notes',
    ]);
  });

  it('complete once every asked required question is answered', () => {
    expect(questionnaireStatus(version, {})).toBe('new');
    expect(questionnaireStatus(version, { discharge: 'no' })).toBe('complete');
    expect(questionnaireStatus(version, { discharge: 'yes' })).toBe('new');
    expect(questionnaireStatus(version, { discharge: 'yes', why: 'Sediment at outfall 2' })).toBe('complete');
  });

  it('refuses answers to questions the version does not have', () => {
    expect(answersIssues(version, { ghost: 'x' }, context)).toEqual([
      { path: 'answers.ghost', message: ANSWER_MESSAGES.notAsked },
    ]);
  });

  it("the 'Inspection Type' answer must name an inspection type", () => {
    const typed: Pick<TemplateVersion, 'question_groups'> = {
      question_groups: [
        {
          ...version.question_groups[0]!,
          questions: [
            question('type', 'radio_group', {
              features: ['inspection_type'],
              options: [
                { id: 'routine', name: 'Routine', description: null, child_questions: [] },
                { id: 'odd', name: 'Odd', description: null, child_questions: [] },
              ],
            }),
          ],
        },
      ],
    };
    expect(answersIssues(typed, { type: 'routine' }, context)).toEqual([]);
    expect(answersIssues(typed, { type: 'odd' }, context)[0]?.message).toBe(ANSWER_MESSAGES.inspectionType);
  });
});
