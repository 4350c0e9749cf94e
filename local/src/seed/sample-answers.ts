import type { Answers } from '@stormline/domain/questionnaire-rules';
import { askedQuestions } from '@stormline/domain/questionnaire-rules';
import type { InspectionType, Question, TemplateVersion } from '@stormline/domain/template-model';

/**
 * Answers an inspector on site would give, for every question type (spec 002 §2): the demo
 * season, the benchmark and the tests fill questionnaires with them. `day` is the inspection's
 * date ('YYYY-MM-DD'); `findingIds` what the finding-array question may hold.
 */
export function sampleAnswer(
  question: Question,
  context: { day: string; type: InspectionType; findingIds: readonly string[]; variant?: number },
): Answers[string] | undefined {
  const variant = context.variant ?? 0;
  const option = question.options[variant % Math.max(question.options.length, 1)]?.id;
  switch (question.question_type_id) {
    case 'select':
    case 'radio_group':
      return question.features.includes('inspection_type')
        ? (question.options.find((o) => o.name === context.type)?.id ?? option)
        : option;
    case 'multiselect':
    case 'checkbox':
      return question.options.slice(0, 2).map((o) => o.id);
    case 'time':
      return ['08:15', '09:30', '10:45', '13:00'][variant % 4];
    case 'date':
      return context.day;
    case 'datetime':
      return `${context.day}T${['08:15', '09:30', '10:45', '13:00'][variant % 4]}`;
    case 'boolean':
      return variant % 3 !== 2;
    case 'boolean_na':
      return (['yes', 'no', 'na'] as const)[variant % 3];
    case 'single_checkbox':
      return true;
    case 'descriptive_text':
      return undefined;
    case 'textarea':
      return [
        'Silt fence intact along the east boundary; inlet protection in place at both inlets.',
        'Sediment accumulation at the construction entrance; street sweeping requested.',
        'Stockpiles covered; concrete washout three quarters full, to be emptied this week.',
      ][variant % 3];
    case 'finding_array':
      return [...context.findingIds];
    case 'text':
      return ['Clear, light wind', 'Overcast after overnight rain', 'Light rain'][variant % 3];
    case 'number':
      return [0, 0.4, 1.2, 0.25][variant % 4];
  }
}

/** A full set of answers for the questions asked (child questions under the options chosen). */
export function sampleAnswers(
  version: Pick<TemplateVersion, 'question_groups'>,
  context: { day: string; type: InspectionType; findingIds: readonly string[]; variant?: number },
  start: Answers = {},
): Answers {
  const answers: Answers = { ...start };
  // Child questions appear once their option is chosen: answer until nothing new is asked.
  for (let round = 0; round < 4; round++) {
    let added = false;
    for (const question of askedQuestions(version, answers)) {
      if (question.id in answers && round > 0) continue;
      if (question.features.includes('inspection_date') && answers[question.id]) continue;
      if (question.features.includes('default_current_user') && answers[question.id]) continue;
      const value = sampleAnswer(question, context);
      if (value !== undefined && answers[question.id] !== value) {
        answers[question.id] = value;
        added = true;
      }
    }
    if (!added) break;
  }
  return answers;
}
