import { isIsoDate } from './local-date';
import { answerLimits } from './question-config';
import type { AnswerLimits } from './question-config';
import type { FieldIssue } from './region';
import { INSPECTION_TYPES, OPTION_TYPES, allQuestions, mayBeInFuture } from './template-model';
import type { InspectionType, Question, TemplateVersion } from './template-model';

/**
 * The questionnaire's answers (spec 002 §2 Questionnaire, §5): what each question type accepts,
 * which questions are asked (child questions only under a chosen option) and when the
 * inspection is complete. The screen and the server read the same rules.
 */

export type AnswerValue = string | number | boolean | string[] | null;
export type Answers = Record<string, AnswerValue>;

export const TEXT_ANSWER_MAX = 500;
export const TEXTAREA_ANSWER_MAX = 4000;
export const COMMENT_MAX = 2000;
/** Spec 002 §9: time questions step by 15 minutes. */
export const TIME_STEP_MINUTES = 15;

export const ANSWER_MESSAGES = {
  required: 'This question is required',
  notAnOption: 'Please choose one of the options',
  future: 'The date cannot be in the future',
  time: 'Please enter a time in steps of 15 minutes',
  timeStep: (minutes: number) => `Please enter a time in steps of ${minutes} minutes`,
  belowMin: (min: number) => `Please enter a number of at least ${min}`,
  aboveMax: (max: number) => `Please enter a number of at most ${max}`,
  decimals: (places: number) =>
    places === 0
      ? 'Please enter a whole number'
      : `Please enter a number with at most ${places} decimal places`,
  date: 'Please enter a valid date',
  number: 'Please enter a number',
  tooLong: (max: number) => `Please keep the answer under ${max} characters`,
  notAsked: 'This question is not part of this inspection',
  noAnswer: 'This question takes no answer',
  yesNo: 'Please answer Yes or No',
  yesNoNa: 'Please answer Yes, No or N/A',
  findings: 'Please choose findings from the list',
  inspectionType: `Please choose one of: ${INSPECTION_TYPES.join(', ')}`,
} as const;

function isTime(value: string, step = TIME_STEP_MINUTES): boolean {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return false;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 && minutes % step === 0;
}

/** Whether a number has at most `places` decimal places (1.25 has two; 0.1 + 0.2 has more). */
function hasAtMostDecimals(value: number, places: number): boolean {
  return Number(value.toFixed(places)) === value;
}

/** A number answer against its question's minimum, maximum and decimal places, if configured. */
function numberIssue(value: number, limits: AnswerLimits): string | null {
  if (limits.min !== null && value < limits.min) return ANSWER_MESSAGES.belowMin(limits.min);
  if (limits.max !== null && value > limits.max) return ANSWER_MESSAGES.aboveMax(limits.max);
  if (limits.decimals !== null && !hasAtMostDecimals(value, limits.decimals))
    return ANSWER_MESSAGES.decimals(limits.decimals);
  return null;
}

/** Whether a value counts as an answer (false and 0 do; '', [] and null do not). */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export interface AnswerContext {
  /** Now, 'YYYY-MM-DDTHH:mm' in the project's zone: dates not marked mayBeInFuture may not be later. */
  nowLocal: string;
  /** The findings the finding-array question may hold (its offer); unchecked when absent. */
  findingOffer?: ReadonlySet<string>;
}

/**
 * What is wrong with one answer to one question, or null. Unanswered is the caller's matter. The
 * question's configuration (question-config.ts) sets a text's maximum length, a number's range and
 * decimal places, a time's minute step; unconfigured, the built-in defaults keep the limits above.
 */
export function answerIssue(question: Question, value: AnswerValue, context: AnswerContext): string | null {
  if (!isAnswered(value)) return null;
  const limits = answerLimits(question);
  const optionIds = new Set(question.options.map((o) => o.id));
  switch (question.question_type_id) {
    case 'descriptive_text':
      return ANSWER_MESSAGES.noAnswer;
    case 'select':
    case 'radio_group':
      return typeof value === 'string' && optionIds.has(value) ? null : ANSWER_MESSAGES.notAnOption;
    case 'multiselect':
    case 'checkbox':
      return Array.isArray(value) &&
        value.every((v) => optionIds.has(v)) &&
        new Set(value).size === value.length
        ? null
        : ANSWER_MESSAGES.notAnOption;
    case 'boolean':
      return typeof value === 'boolean' ? null : ANSWER_MESSAGES.yesNo;
    case 'single_checkbox':
      return typeof value === 'boolean' ? null : ANSWER_MESSAGES.yesNo;
    case 'boolean_na':
      return value === 'yes' || value === 'no' || value === 'na' ? null : ANSWER_MESSAGES.yesNoNa;
    case 'time': {
      const step = limits.minuteStep ?? TIME_STEP_MINUTES;
      return typeof value === 'string' && isTime(value, step) ? null : ANSWER_MESSAGES.timeStep(step);
    }
    case 'date':
      if (typeof value !== 'string' || !isIsoDate(value)) return ANSWER_MESSAGES.date;
      return !mayBeInFuture(question) && value > context.nowLocal.slice(0, 10)
        ? ANSWER_MESSAGES.future
        : null;
    case 'datetime': {
      if (typeof value !== 'string') return ANSWER_MESSAGES.date;
      const [date, time] = value.split('T');
      if (!date || !isIsoDate(date) || !time) return ANSWER_MESSAGES.date;
      if (!isTime(time)) return ANSWER_MESSAGES.time;
      return !mayBeInFuture(question) && value > context.nowLocal ? ANSWER_MESSAGES.future : null;
    }
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? numberIssue(value, limits)
        : ANSWER_MESSAGES.number;
    case 'text':
    case 'textarea': {
      const max =
        limits.maxLength ?? (question.question_type_id === 'text' ? TEXT_ANSWER_MAX : TEXTAREA_ANSWER_MAX);
      if (typeof value !== 'string') return ANSWER_MESSAGES.tooLong(max);
      return value.length > max ? ANSWER_MESSAGES.tooLong(max) : null;
    }
    case 'finding_array':
      if (!Array.isArray(value) || new Set(value).size !== value.length) return ANSWER_MESSAGES.findings;
      return context.findingOffer && !value.every((id) => context.findingOffer!.has(id))
        ? ANSWER_MESSAGES.findings
        : null;
  }
}

/** The option names a question's answer chose (for option types), else []. */
function chosenOptionIds(question: Question, value: AnswerValue | undefined): string[] {
  if (!OPTION_TYPES.includes(question.question_type_id) || !isAnswered(value ?? null)) return [];
  return Array.isArray(value) ? value : [String(value)];
}

/**
 * The questions asked, in order: every group's questions, and an option's child questions only
 * while that option is chosen (spec 002 §2 "Options may have child questions").
 */
export function askedQuestions(
  version: Pick<TemplateVersion, 'question_groups'>,
  answers: Answers,
): Question[] {
  const out: Question[] = [];
  const visit = (q: Question) => {
    out.push(q);
    const chosen = new Set(chosenOptionIds(q, answers[q.id]));
    for (const option of q.options) if (chosen.has(option.id)) option.child_questions.forEach(visit);
  };
  for (const group of [...version.question_groups].sort((a, b) => a.order - b.order))
    [...group.questions].sort((a, b) => a.sort_order - b.sort_order).forEach(visit);
  return out;
}

/** 'complete' once every asked required question holds an answer (0018). */
export function questionnaireStatus(
  version: Pick<TemplateVersion, 'question_groups'>,
  answers: Answers,
): 'new' | 'complete' {
  const missing = askedQuestions(version, answers).some(
    (q) => q.required && q.question_type_id !== 'descriptive_text' && !isAnswered(answers[q.id]),
  );
  return missing ? 'new' : 'complete';
}

/**
 * The issues of a set of changed answers: each must name a question of the version and be a
 * valid answer to it. Unanswered required questions are not issues (the questionnaire saves as
 * it goes; it is simply not complete yet). The 'Inspection Type' answer must be one of the types.
 */
export function answersIssues(
  version: Pick<TemplateVersion, 'question_groups'>,
  changed: Answers,
  context: AnswerContext,
): FieldIssue[] {
  const byId = new Map(allQuestions(version).map((q) => [q.id, q]));
  const issues: FieldIssue[] = [];
  for (const [questionId, value] of Object.entries(changed)) {
    const path = `answers.${questionId}`;
    const question = byId.get(questionId);
    if (!question) {
      issues.push({ path, message: ANSWER_MESSAGES.notAsked });
      continue;
    }
    const issue = answerIssue(question, value, context);
    if (issue) issues.push({ path, message: issue });
    else if (question.features.includes('inspection_type') && isAnswered(value)) {
      const name = question.options.find((o) => o.id === value)?.name ?? value;
      if (!INSPECTION_TYPES.includes(name as never))
        issues.push({ path, message: ANSWER_MESSAGES.inspectionType });
    }
  }
  return issues;
}

/** A wall-clock 'YYYY-MM-DDTHH:mm' moved down to its 15-minute step (09:52 is 09:45). */
export function toTimeStep(localDateTime: string): string {
  const [date, time] = localDateTime.split('T');
  const [hours, minutes] = (time ?? '00:00').split(':').map(Number);
  const stepped = Math.floor(minutes! / TIME_STEP_MINUTES) * TIME_STEP_MINUTES;
  return `${date}T${String(hours).padStart(2, '0')}:${String(stepped).padStart(2, '0')}`;
}

/**
 * The answers a new inspection starts with (spec 002 §2 features, 0018): 'Inspection Date' now
 * in the project's zone (on the 15-minute step; the day for a date question), 'Inspection Type'
 * the type asked for, default-to-current-user questions the inspector's name.
 */
export function initialAnswers(
  version: Pick<TemplateVersion, 'question_groups'>,
  context: { nowLocal: string; type: string; userName: string },
): Answers {
  const answers: Answers = {};
  for (const question of allQuestions(version)) {
    if (question.features.includes('inspection_date'))
      answers[question.id] =
        question.question_type_id === 'date' ? context.nowLocal.slice(0, 10) : toTimeStep(context.nowLocal);
    if (question.features.includes('inspection_type')) {
      const option = question.options.find((o) => o.name === context.type);
      if (option) answers[question.id] = option.id;
    }
    if (question.features.includes('default_current_user')) answers[question.id] = context.userName;
  }
  return answers;
}

/**
 * The inspection's date and type as its answers give them (the features' questions): the date
 * 'YYYY-MM-DDTHH:mm' (a date question's day at 00:00), the type by its option's name.
 */
export function inspectionFacts(
  version: Pick<TemplateVersion, 'question_groups'>,
  answers: Answers,
  fallback: { created_date: string; type: InspectionType },
): { created_date: string; type: InspectionType } {
  let { created_date, type } = fallback;
  for (const question of allQuestions(version)) {
    const value = answers[question.id];
    if (question.features.includes('inspection_date') && typeof value === 'string' && isAnswered(value))
      created_date = value.length === 10 ? `${value}T00:00` : value;
    if (question.features.includes('inspection_type') && typeof value === 'string') {
      const name = question.options.find((o) => o.id === value)?.name;
      if (name && (INSPECTION_TYPES as readonly string[]).includes(name)) type = name as InspectionType;
    }
  }
  return { created_date, type };
}
