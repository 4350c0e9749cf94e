import * as z from 'zod/mini';
import { QUESTION_TYPE_IDS } from '@stormline/domain/template-model';
import { Id } from './schemas';

/**
 * The question configuration calls' records (spec 002 §7; docs/decisions/0036 "Question
 * configuration"). The schemas keep to the shape; which fields a type has and what each accepts is
 * the domain's (question-config.ts configIssues), so a wrong field is refused with its name.
 */

/** A field's value as sent: text, a number, or empty (null or '') for the default. */
const ConfigValueIn = z.nullable(
  z.union([
    z.string().check(z.maxLength(200, 'A configuration value is at most 200 characters')),
    z.number(),
  ]),
);
/** A field's value as read: null is empty (no placeholder, no limit). */
const ConfigValueOut = z.nullable(z.union([z.string(), z.number()]));

const FieldId = z
  .string({ error: 'The configuration field is required' })
  .check(z.regex(/^[a-z_]{1,30}\.[a-z_]{1,30}$/, 'The configuration field is not valid'));

const MAX_FIELDS = 20;

/** PUT /api/questions/{questionId}/config: the question's whole configuration (spec: list of value, questionId, questionFieldId). */
export const QuestionConfigUpdate = z.strictObject({
  items: z
    .array(z.strictObject({ value: ConfigValueIn, questionId: Id, questionFieldId: FieldId }))
    .check(z.maxLength(MAX_FIELDS)),
});

/** GET /api/questions-config: each configurable question's effective values, one row per field. */
export const QuestionsConfigList = z.strictObject({
  templateId: Id,
  pageData: z.array(
    z.strictObject({ questionId: z.string(), questionFieldId: z.string(), value: ConfigValueOut }),
  ),
});

/** PUT /api/question-types/{id}/config: the company's defaults for new questions of the type. */
export const QuestionTypeConfigUpdate = z.strictObject({
  items: z
    .array(z.strictObject({ value: ConfigValueIn, questionFieldId: FieldId }))
    .check(z.maxLength(MAX_FIELDS)),
});

export const QuestionTypeIdParam = z.enum(QUESTION_TYPE_IDS, { error: 'The question type is not valid' });

/** GET /api/question-types-config: per configurable type, its fields, bounds and defaults. */
export const QuestionTypesConfig = z.strictObject({
  pageData: z.array(
    z.strictObject({
      id: z.enum(QUESTION_TYPE_IDS),
      label: z.string(),
      fields: z.array(
        z.strictObject({
          id: z.string(),
          label: z.string(),
          kind: z.enum(['integer', 'number', 'text']),
          min: z.nullable(z.number()),
          max: z.nullable(z.number()),
          choices: z.nullable(z.array(z.number())),
          /** The built-in default; null is empty. */
          default: ConfigValueOut,
          /** What new questions of the type start with: the company's default, else the built-in one. */
          companyDefault: ConfigValueOut,
        }),
      ),
    }),
  ),
});

/** The inspection side (spec: "items with questionTypeFieldId and value"), of a published version. */
export const InspectionQuestionsConfig = z.strictObject({
  templateId: Id,
  version: z.number(),
  pageData: z.array(
    z.strictObject({ questionId: z.string(), questionTypeFieldId: z.string(), value: ConfigValueOut }),
  ),
});

/** `version`: the one an inspection pinned; the current one when absent. */
export const PublishedVersionQuery = z.strictObject({
  version: z.optional(z.string().check(z.regex(/^\d{1,6}$/, 'The version is not valid'))),
});
