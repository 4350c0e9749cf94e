import { ValidationError } from './errors';
import type { Grants } from './permissions';
import type { FieldIssue } from './region';
import { QUESTION_TYPES } from './template-model';
import type { Question, QuestionConfigValues, QuestionTypeId } from './template-model';

/**
 * The configuration of questions (spec 002 §7 "questions-config", "question-types-config";
 * docs/decisions/0036 "Question configuration"). The spec names the calls, not what they hold:
 * these are the fields a question of each type may set, with their bounds and built-in defaults.
 * A question's values live in the question itself, so a published version pins them; absent
 * values take the built-in default, which is exactly how the questionnaire behaved before
 * configuration existed (500 characters for text, 4000 for a text area, 15-minute time steps).
 */

export type ConfigValue = string | number;

export interface QuestionTypeField {
  /** Stable: stored in questions and sent by the editor ('text.max_length'). */
  id: string;
  questionTypeId: QuestionTypeId;
  label: string;
  kind: 'integer' | 'number' | 'text';
  /** Numbers: the least value allowed; null for text. */
  min: number | null;
  /** Numbers: the greatest value allowed; text: the most characters. */
  max: number | null;
  /** When set, the value must be one of these. */
  choices: readonly number[] | null;
  /** The built-in default; null is empty (no placeholder, no limit). */
  default: ConfigValue | null;
}

/** The largest number a number question's minimum or maximum may be set to, either way. */
const NUMBER_BOUND = 1_000_000_000;
const PLACEHOLDER_MAX = 100;

const field = (
  questionTypeId: QuestionTypeId,
  name: string,
  label: string,
  kind: QuestionTypeField['kind'],
  more: Partial<Pick<QuestionTypeField, 'min' | 'max' | 'choices' | 'default'>> = {},
): QuestionTypeField => ({
  id: `${questionTypeId}.${name}`,
  questionTypeId,
  label,
  kind,
  min: more.min ?? null,
  max: more.max ?? null,
  choices: more.choices ?? null,
  default: more.default ?? null,
});

/**
 * The configurable fields, by question type. The defaults are the questionnaire's limits before
 * configuration (questionnaire-rules' TEXT_ANSWER_MAX, TEXTAREA_ANSWER_MAX, TIME_STEP_MINUTES; a
 * test keeps them equal), so every existing template answers as it did. A text area stays at most
 * 4000 characters: that is what an answer may hold on the wire and in the inspection's item.
 */
export const QUESTION_TYPE_FIELDS: readonly QuestionTypeField[] = [
  field('text', 'placeholder', 'Placeholder', 'text', { max: PLACEHOLDER_MAX }),
  field('text', 'max_length', 'Maximum length', 'integer', { min: 1, max: 2000, default: 500 }),
  field('textarea', 'placeholder', 'Placeholder', 'text', { max: PLACEHOLDER_MAX }),
  field('textarea', 'max_length', 'Maximum length', 'integer', { min: 1, max: 4000, default: 4000 }),
  field('number', 'min', 'Minimum', 'number', { min: -NUMBER_BOUND, max: NUMBER_BOUND }),
  field('number', 'max', 'Maximum', 'number', { min: -NUMBER_BOUND, max: NUMBER_BOUND }),
  field('number', 'decimals', 'Decimal places', 'integer', { min: 0, max: 4 }),
  // Spec 002 §9: "Time question step 15 minutes".
  field('time', 'minute_step', 'Minute step', 'integer', {
    min: 1,
    max: 60,
    choices: [1, 5, 10, 15, 30, 60],
    default: 15,
  }),
];

const FIELD_BY_ID = new Map(QUESTION_TYPE_FIELDS.map((f) => [f.id, f]));

/** The fields a question of the type may set, in the editor's order; [] for most types. */
export function fieldsOfType(typeId: QuestionTypeId): QuestionTypeField[] {
  return QUESTION_TYPE_FIELDS.filter((f) => f.questionTypeId === typeId);
}

const typeLabel = (typeId: string) => QUESTION_TYPES.find((t) => t.id === typeId)?.label ?? typeId;
const named = (f: QuestionTypeField) => `${f.label} (${f.id})`;

export const CONFIG_MESSAGES = {
  unknownField: (fieldId: string, typeId: string) =>
    `'${fieldId}' is not a configuration field of ${typeLabel(typeId)} questions`,
  twice: (fieldId: string) => `'${fieldId}' is given more than once`,
  integer: (f: QuestionTypeField) => `${named(f)} must be a whole number`,
  number: (f: QuestionTypeField) => `${named(f)} must be a number`,
  text: (f: QuestionTypeField) => `${named(f)} must be text`,
  range: (f: QuestionTypeField) => `${named(f)} must be from ${f.min} to ${f.max}`,
  choices: (f: QuestionTypeField) => `${named(f)} must be one of ${f.choices!.join(', ')}`,
  textTooLong: (f: QuestionTypeField) => `${named(f)} must be at most ${f.max} characters`,
  minAboveMax: 'Minimum (number.min) cannot be greater than Maximum (number.max)',
  /** Who may change the company's defaults of new questions (docs/decisions/0036). */
  adminOnly: 'Only an Admin may change the default configuration of question types',
  questionMismatch: (questionId: string) =>
    `The configuration names the question '${questionId}', not the question being configured`,
} as const;

/** '' and null are "empty": the field takes its default. */
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** What is wrong with one field's value, or null (an empty value never is). */
function fieldIssue(f: QuestionTypeField, value: unknown): string | null {
  if (isEmpty(value)) return null;
  if (f.kind === 'text') {
    if (typeof value !== 'string') return CONFIG_MESSAGES.text(f);
    return f.max !== null && value.trim().length > f.max ? CONFIG_MESSAGES.textTooLong(f) : null;
  }
  if (typeof value !== 'number' || !Number.isFinite(value))
    return f.kind === 'integer' ? CONFIG_MESSAGES.integer(f) : CONFIG_MESSAGES.number(f);
  if (f.kind === 'integer' && !Number.isInteger(value)) return CONFIG_MESSAGES.integer(f);
  if (f.choices) return f.choices.includes(value) ? null : CONFIG_MESSAGES.choices(f);
  if ((f.min !== null && value < f.min) || (f.max !== null && value > f.max)) return CONFIG_MESSAGES.range(f);
  return null;
}

/**
 * What is wrong with a configuration of a question type, each issue naming its field: a field the
 * type does not have, a value of the wrong kind or out of its bounds, a minimum above the maximum.
 */
export function configIssues(
  typeId: QuestionTypeId,
  values: Readonly<Record<string, unknown>>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [id, value] of Object.entries(values)) {
    const f = FIELD_BY_ID.get(id);
    if (!f || f.questionTypeId !== typeId) {
      issues.push({ path: id, message: CONFIG_MESSAGES.unknownField(id, typeId) });
      continue;
    }
    const issue = fieldIssue(f, value);
    if (issue) issues.push({ path: id, message: issue });
  }
  const [min, max] = [values['number.min'], values['number.max']];
  if (typeId === 'number' && typeof min === 'number' && typeof max === 'number' && min > max)
    issues.push({ path: 'number.max', message: CONFIG_MESSAGES.minAboveMax });
  return issues;
}

/**
 * The values to store from what the editor sent (`{ questionFieldId, value }` items): checked with
 * configIssues (a ValidationError naming the first field), empty values left out (they take the
 * default), text trimmed.
 */
export function checkedConfig(
  typeId: QuestionTypeId,
  items: readonly { questionFieldId: string; value: unknown }[],
): QuestionConfigValues {
  const values: Record<string, unknown> = {};
  const issues: FieldIssue[] = [];
  for (const item of items) {
    if (item.questionFieldId in values)
      issues.push({ path: item.questionFieldId, message: CONFIG_MESSAGES.twice(item.questionFieldId) });
    values[item.questionFieldId] = item.value;
  }
  issues.push(...configIssues(typeId, values));
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues);
  const out: QuestionConfigValues = {};
  for (const [id, value] of Object.entries(values)) {
    if (isEmpty(value)) continue;
    const text = typeof value === 'string' ? value.trim() : (value as number);
    if (text !== '') out[id] = text;
  }
  return out;
}

/**
 * Who may change the company's defaults for new questions: an Admin. They apply to every
 * division's templates, and 'update on Inspection Templates' is a division role's right
 * (Regional Managers hold it), so the route's permission alone is not enough.
 */
export function mayChangeTypeDefaults(grants: Pick<Grants, 'isAdmin'>): boolean {
  return grants.isAdmin;
}

/** A question's effective configuration: each field of its type, its stored value or the default. */
export function questionConfig(
  question: Pick<Question, 'question_type_id' | 'config'>,
): Record<string, ConfigValue | null> {
  return Object.fromEntries(
    fieldsOfType(question.question_type_id).map((f) => [f.id, question.config?.[f.id] ?? f.default]),
  );
}

/** The configuration a new question of the type starts with: the company's defaults for it. */
export function newQuestionConfig(
  typeId: QuestionTypeId,
  companyDefaults: Readonly<QuestionConfigValues> | undefined,
): QuestionConfigValues | undefined {
  // Only the type's fields, with valid values: a default stored before a field changed is ignored.
  const kept = Object.entries(companyDefaults ?? {}).filter(([id, value]) => {
    const f = FIELD_BY_ID.get(id);
    return f?.questionTypeId === typeId && !isEmpty(value) && !fieldIssue(f, value);
  });
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** What the questionnaire's inputs and its answer check read of a question's configuration. */
export interface AnswerLimits {
  placeholder: string | null;
  /** Text and text area: the most characters. */
  maxLength: number | null;
  /** Number: the least and greatest answer, and the most decimal places. */
  min: number | null;
  max: number | null;
  decimals: number | null;
  /** Time: answers fall on this grid of minutes. */
  minuteStep: number | null;
}

/** The effective limits of a question (empty where its type has no such field). */
export function answerLimits(question: Pick<Question, 'question_type_id' | 'config'>): AnswerLimits {
  const config = questionConfig(question);
  const type = question.question_type_id;
  const num = (name: string) => {
    const value = config[`${type}.${name}`];
    return typeof value === 'number' ? value : null;
  };
  const placeholder = config[`${type}.placeholder`];
  return {
    placeholder: typeof placeholder === 'string' && placeholder !== '' ? placeholder : null,
    maxLength: num('max_length'),
    min: num('min'),
    max: num('max'),
    decimals: num('decimals'),
    minuteStep: num('minute_step'),
  };
}
