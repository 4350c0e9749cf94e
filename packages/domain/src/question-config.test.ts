import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  answerLimits,
  checkedConfig,
  CONFIG_MESSAGES,
  configIssues,
  fieldsOfType,
  mayChangeTypeDefaults,
  newQuestionConfig,
  QUESTION_TYPE_FIELDS,
  questionConfig,
} from './question-config';
import {
  ANSWER_MESSAGES,
  answerIssue,
  TEXT_ANSWER_MAX,
  TEXTAREA_ANSWER_MAX,
  TIME_STEP_MINUTES,
} from './questionnaire-rules';
import { SYSTEM_TEMPLATES } from './system-templates/index';
import {
  addQuestion,
  emptyContent,
  findQuestion,
  partId,
  setQuestionConfig,
  updateQuestion,
} from './template-editing';
import { allQuestions } from './template-model';
import type { Question, QuestionConfigValues, QuestionTypeId } from './template-model';
import { templateIssues } from './template-rules';

const question = (type: QuestionTypeId, config?: QuestionConfigValues): Question => ({
  id: 'q',
  input_label: 'Question',
  description: null,
  question_type_id: type,
  sort_order: 0,
  questionWidth: 100,
  required: false,
  features: [],
  options: [],
  ...(config ? { config } : {}),
});
const context = { nowLocal: '2026-03-10T14:20' };
const field = (id: string) => QUESTION_TYPE_FIELDS.find((f) => f.id === id)!;

describe('the built-in defaults are the questionnaire as it was', () => {
  it('"Time question step 15 minutes" (spec 002 §9), 500 characters of text, 4000 of a text area', () => {
    expect(field('time.minute_step').default).toBe(TIME_STEP_MINUTES);
    expect(field('text.max_length').default).toBe(TEXT_ANSWER_MAX);
    expect(field('textarea.max_length').default).toBe(TEXTAREA_ANSWER_MAX);
    expect(questionConfig(question('number'))).toEqual({
      'number.min': null,
      'number.max': null,
      'number.decimals': null,
    });
  });

  it('every system template question answers exactly as before (no configuration stored)', () => {
    for (const template of SYSTEM_TEMPLATES)
      for (const q of allQuestions(template)) {
        expect(q.config).toBeUndefined();
        expect(answerLimits(q)).toEqual({
          placeholder: null,
          maxLength:
            q.question_type_id === 'text'
              ? TEXT_ANSWER_MAX
              : q.question_type_id === 'textarea'
                ? TEXTAREA_ANSWER_MAX
                : null,
          min: null,
          max: null,
          decimals: null,
          minuteStep: q.question_type_id === 'time' ? 15 : null,
        });
      }
  });

  it('only text, text area, number and time questions have fields; ids name their type', () => {
    const typed = new Set(QUESTION_TYPE_FIELDS.map((f) => f.questionTypeId));
    expect([...typed].sort()).toEqual(['number', 'text', 'textarea', 'time']);
    for (const f of QUESTION_TYPE_FIELDS) expect(f.id.startsWith(`${f.questionTypeId}.`)).toBe(true);
    expect(fieldsOfType('boolean')).toEqual([]);
  });
});

describe('configIssues names the field that is wrong', () => {
  it.each<[string, QuestionTypeId, Record<string, unknown>, string | null]>([
    ['a valid range', 'number', { 'number.min': 0, 'number.max': 10, 'number.decimals': 1 }, null],
    ['empty values take the default', 'number', { 'number.min': null, 'number.max': '' }, null],
    [
      'a field of another type',
      'number',
      { 'text.max_length': 20 },
      "'text.max_length' is not a configuration field of Number questions",
    ],
    [
      'a field nobody has',
      'text',
      { 'text.colour': 'red' },
      "'text.colour' is not a configuration field of Text questions",
    ],
    [
      'a minimum above the maximum',
      'number',
      { 'number.min': 10, 'number.max': 1 },
      CONFIG_MESSAGES.minAboveMax,
    ],
    ['a number as text', 'number', { 'number.min': '5' }, 'Minimum (number.min) must be a number'],
    [
      'a fractional length',
      'text',
      { 'text.max_length': 10.5 },
      'Maximum length (text.max_length) must be a whole number',
    ],
    [
      'a length out of bounds',
      'textarea',
      { 'textarea.max_length': 4001 },
      'Maximum length (textarea.max_length) must be from 1 to 4000',
    ],
    [
      'a length of 0',
      'text',
      { 'text.max_length': 0 },
      'Maximum length (text.max_length) must be from 1 to 2000',
    ],
    [
      'too many decimals allowed',
      'number',
      { 'number.decimals': 5 },
      'Decimal places (number.decimals) must be from 0 to 4',
    ],
    [
      'a minute step off the list',
      'time',
      { 'time.minute_step': 7 },
      'Minute step (time.minute_step) must be one of 1, 5, 10, 15, 30, 60',
    ],
    [
      'a placeholder as a number',
      'text',
      { 'text.placeholder': 3 },
      'Placeholder (text.placeholder) must be text',
    ],
    [
      'a long placeholder',
      'textarea',
      { 'textarea.placeholder': 'x'.repeat(101) },
      'Placeholder (textarea.placeholder) must be at most 100 characters',
    ],
  ])('%s', (_name, type, values, expected) => {
    const issues = configIssues(type, values);
    expect(issues[0]?.message ?? null).toBe(expected);
  });

  it('checkedConfig refuses a field given twice, keeps what is set and drops what is empty', () => {
    expect(() =>
      checkedConfig('number', [
        { questionFieldId: 'number.min', value: 1 },
        { questionFieldId: 'number.min', value: 2 },
      ]),
    ).toThrow("'number.min' is given more than once");
    expect(
      checkedConfig('text', [
        { questionFieldId: 'text.placeholder', value: '  e.g. Sunny  ' },
        { questionFieldId: 'text.max_length', value: null },
      ]),
    ).toEqual({ 'text.placeholder': 'e.g. Sunny' });
  });
});

describe('the questionnaire honours the configuration (answerIssue)', () => {
  const range = question('number', { 'number.min': 0, 'number.max': 10, 'number.decimals': 1 });
  it.each<[string, Question, unknown, string | null]>([
    ['a number in range', range, 9.5, null],
    ['the minimum itself', range, 0, null],
    ['below the minimum', range, -0.5, ANSWER_MESSAGES.belowMin(0)],
    ['above the maximum', range, 10.1, ANSWER_MESSAGES.aboveMax(10)],
    ['too many decimals', range, 2.25, ANSWER_MESSAGES.decimals(1)],
    ['whole numbers only', question('number', { 'number.decimals': 0 }), 2.5, 'Please enter a whole number'],
    ['unconfigured: any number, as before', question('number'), -123.456, null],
    ['a text within its configured length', question('text', { 'text.max_length': 5 }), 'Sunny', null],
    [
      'a text past its configured length',
      question('text', { 'text.max_length': 5 }),
      'Cloudy',
      ANSWER_MESSAGES.tooLong(5),
    ],
    [
      'a text area past its configured length',
      question('textarea', { 'textarea.max_length': 10 }),
      'x'.repeat(11),
      ANSWER_MESSAGES.tooLong(10),
    ],
    ['"Time question step 15 minutes": 09:45', question('time'), '09:45', null],
    ['... 09:50 is refused', question('time'), '09:50', 'Please enter a time in steps of 15 minutes'],
    ['a 5-minute step takes 09:50', question('time', { 'time.minute_step': 5 }), '09:50', null],
    [
      'an hourly step refuses 09:30',
      question('time', { 'time.minute_step': 60 }),
      '09:30',
      'Please enter a time in steps of 60 minutes',
    ],
  ])('%s', (_name, q, value, expected) => {
    expect(answerIssue(q, value as never, context)).toBe(expected);
  });
});

describe('a question carries its configuration (docs/decisions/0036)', () => {
  const TEMPLATE = '3c0a4e1b-2d5f-4a6b-8c7d-9e0f1a2b3c4d';
  let n = 0;
  const newId = () => partId(TEMPLATE, `c${++n}`);
  const withNumber = () => {
    const content = emptyContent('Configured', newId);
    const groupId = content.question_groups[0]!.id;
    const id = newId();
    return {
      id,
      content: addQuestion(
        content,
        { groupId },
        id,
        { input_label: 'Rainfall (in)', question_type_id: 'number', config: { 'number.decimals': 2 } },
        newId,
      ),
    };
  };

  it('a new question starts with the company defaults given for its type', () => {
    const { id, content } = withNumber();
    expect(findQuestion(content, id).question.config).toEqual({ 'number.decimals': 2 });
  });

  it('setQuestionConfig replaces the whole configuration; refused values leave it as it was', () => {
    const { id, content } = withNumber();
    const set = setQuestionConfig(content, id, [
      { questionFieldId: 'number.min', value: 0 },
      { questionFieldId: 'number.max', value: 12 },
    ]);
    expect(findQuestion(set, id).question.config).toEqual({ 'number.min': 0, 'number.max': 12 });
    expect(() =>
      setQuestionConfig(set, id, [
        { questionFieldId: 'number.min', value: 20 },
        { questionFieldId: 'number.max', value: 1 },
      ]),
    ).toThrow(CONFIG_MESSAGES.minAboveMax);
    const cleared = setQuestionConfig(set, id, []);
    expect(findQuestion(cleared, id).question.config).toBeUndefined();
  });

  it('an edit keeps it while the type stays; a new type starts from that type’s defaults', () => {
    const { id, content } = withNumber();
    const relabelled = updateQuestion(
      content,
      id,
      { input_label: 'Rainfall (mm)', question_type_id: 'number', config: { 'number.decimals': 4 } },
      newId,
    );
    expect(findQuestion(relabelled, id).question.config).toEqual({ 'number.decimals': 2 });
    const retyped = updateQuestion(
      relabelled,
      id,
      { input_label: 'Rainfall', question_type_id: 'text' },
      newId,
    );
    expect(findQuestion(retyped, id).question.config).toBeUndefined();
  });

  it('Publish refuses a configuration that did not come through the editor (an import)', () => {
    const { id, content } = withNumber();
    const broken = setQuestionConfig(content, id, []);
    const q = findQuestion(broken, id).question;
    const group = broken.question_groups[0]!;
    const bad = {
      ...broken,
      question_groups: [
        {
          ...group,
          questions: group.questions.map((x) =>
            x.id === q.id ? { ...x, config: { 'number.max': 'lots' } } : x,
          ),
        },
      ],
    };
    expect(templateIssues({ ...bad, templateId: TEMPLATE, version: 1 })).toContain(
      'Rainfall (in): Maximum (number.max) must be a number',
    );
  });
});

describe("the company's defaults for new questions", () => {
  it('only an Admin may change them', () => {
    expect(mayChangeTypeDefaults({ isAdmin: true })).toBe(true);
    expect(mayChangeTypeDefaults({ isAdmin: false })).toBe(false);
  });

  it("a new question takes only its type's valid defaults", () => {
    expect(newQuestionConfig('number', undefined)).toBeUndefined();
    expect(
      newQuestionConfig('number', { 'number.decimals': 2, 'number.min': 'x', 'text.max_length': 4 }),
    ).toEqual({ 'number.decimals': 2 });
  });

  it('checkedConfig throws a 400 carrying every issue', () => {
    try {
      checkedConfig('number', [
        { questionFieldId: 'number.colour', value: 1 },
        { questionFieldId: 'number.min', value: 'a' },
      ]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
        'number.colour',
        'number.min',
      ]);
    }
  });
});
