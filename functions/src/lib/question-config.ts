import { NotFoundError } from '@stormline/domain/errors';
import type { QuestionTypeDefaults } from '@stormline/data/question-type-config';
import { fieldsOfType, newQuestionConfig, questionConfig } from '@stormline/domain/question-config';
import { SYSTEM_TEMPLATES } from '@stormline/domain/system-templates/index';
import { TEMPLATE_EDIT_MESSAGES, templateIdOfPart } from '@stormline/domain/template-editing';
import { allQuestions, QUESTION_TYPES } from '@stormline/domain/template-model';
import type { Question, TemplateVersion } from '@stormline/domain/template-model';

/**
 * What the question configuration handlers share (docs/decisions/0036 "Question configuration"):
 * the rows of effective values, and the template a question id belongs to.
 */

/** One row per field of each question that has fields: its stored value, else the built-in default. */
export function configRows(questions: readonly Question[]) {
  return questions.flatMap((q) =>
    Object.entries(questionConfig(q)).map(([fieldId, value]) => ({ questionId: q.id, fieldId, value })),
  );
}

/** The same rows as the inspection side names them (spec: "questionTypeFieldId and value"). */
export function inspectionConfigRows(questions: readonly Question[]) {
  return configRows(questions).map(({ questionId, fieldId, value }) => ({
    questionId,
    questionTypeFieldId: fieldId,
    value,
  }));
}

/**
 * The template a question id names: a user template's from the id (`<templateId>_<suffix>`), a
 * system template's by its hand-written id. The division's link to it is checked by the read.
 */
export function templateOfQuestion(questionId: string): string {
  const fromId = templateIdOfPart(questionId);
  if (fromId) return fromId;
  const system = SYSTEM_TEMPLATES.find((t) => allQuestions(t).some((q) => q.id === questionId));
  if (!system) throw new NotFoundError(TEMPLATE_EDIT_MESSAGES.questionNotFound);
  return system.templateId;
}

/** The question of a version, or 404. */
export function questionOf(version: Pick<TemplateVersion, 'question_groups'>, questionId: string): Question {
  const question = allQuestions(version).find((q) => q.id === questionId);
  if (!question) throw new NotFoundError(TEMPLATE_EDIT_MESSAGES.questionNotFound);
  return question;
}

/** GET /api/question-types-config's answer: the configurable types with each field's defaults. */
export function questionTypesConfig(companyDefaults: QuestionTypeDefaults) {
  return {
    pageData: QUESTION_TYPES.filter((t) => fieldsOfType(t.id).length > 0).map((t) => {
      const company = newQuestionConfig(t.id, companyDefaults[t.id]) ?? {};
      return {
        id: t.id,
        label: t.label,
        fields: fieldsOfType(t.id).map((f) => ({
          id: f.id,
          label: f.label,
          kind: f.kind,
          min: f.min,
          max: f.max,
          choices: f.choices ? [...f.choices] : null,
          default: f.default,
          companyDefault: company[f.id] ?? f.default,
        })),
      };
    }),
  };
}
