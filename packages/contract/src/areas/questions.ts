import * as z from 'zod/mini';
import { COMMENT_MAX } from '@stormline/domain/questionnaire-rules';
import { QUESTION_TYPES } from '@stormline/domain/template-model';
import { DateText, LocalDateTime, QuestionAnswer } from '../inspection-views';
import { defineArea, permission } from '../route';
import { Id, Version } from '../schemas';
import { InspectionQuestionsConfig, PublishedVersionQuery } from '../question-config';
import { QuestionGroupSchema } from '../template-model';

const inspectionParams = z.strictObject({ id: Id });
const commentParams = z.strictObject({ id: Id, questionId: z.string().check(z.maxLength(64)) });
const noQuery = z.strictObject({});

/** The questionnaire of an inspection (spec 002 §2): its pinned version, answers and what it may offer. */
export const Questionnaire = z.strictObject({
  template: z.strictObject({
    id: Id,
    name: z.string(),
    version: z.number(),
    question_groups: z.array(QuestionGroupSchema),
  }),
  questionTypes: z.array(
    z.strictObject({
      id: z.enum(QUESTION_TYPES.map((t) => t.id) as [string, ...string[]]),
      label: z.string(),
    }),
  ),
  answers: z.array(QuestionAnswer),
  comments: z.array(z.strictObject({ questionId: z.string(), comment: z.string() })),
  answersVersion: Version,
  /** The editable-state rule (spec 002 §4) as the server applies it to this caller. */
  editable: z.boolean(),
  /** Now in the project's zone: date questions may not be later. */
  nowLocal: LocalDateTime,
  /** What the finding-array question may hold (spec 002 §2). */
  findingOffer: z.array(
    z.strictObject({
      id: Id,
      number: z.number(),
      location: z.string(),
      date_completed: z.nullable(DateText),
      typeCode: z.string(),
    }),
  ),
});
export type Questionnaire = z.infer<typeof Questionnaire>;

/**
 * Spec 002 §7 "Inspections, questions and notes": the questionnaire of an inspection, question
 * comments and the question configuration the questionnaire renders with.
 */
export const questionsRoutes = defineArea('questions', {
  getInspectionQuestions: {
    method: 'GET',
    path: '/api/inspections/{id}/questions',
    summary: 'The questionnaire of an inspection: template (question_groups, questions) and questionTypes',
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    params: inspectionParams,
    query: noQuery,
    response: Questionnaire,
    implemented: true,
  },
  createQuestionComment: {
    method: 'POST',
    path: '/api/inspections/{id}/questions/{questionId}/comments',
    summary: 'Set the comment of a question in an inspection (comment)',
    access: permission('update', 'Inspection'),
    division: 'required',
    params: commentParams,
    query: noQuery,
    body: z.strictObject({
      comment: z
        .string({ error: 'The comment is required' })
        .check(
          z.trim(),
          z.minLength(1, 'The comment is required'),
          z.maxLength(COMMENT_MAX, `Please keep the comment under ${COMMENT_MAX} characters`),
        ),
    }),
    response: z.strictObject({ questionId: z.string(), comment: z.string(), answersVersion: Version }),
    implemented: true,
  },
  deleteQuestionComment: {
    method: 'DELETE',
    path: '/api/inspections/{id}/questions/{questionId}/comments',
    summary: 'Delete the comment of a question in an inspection',
    access: permission('update', 'Inspection'),
    division: 'required',
    params: commentParams,
    query: noQuery,
    body: z.undefined(),
    response: z.strictObject({ questionId: z.string(), answersVersion: Version }),
    implemented: true,
  },
  getTemplateQuestionsConfig: {
    method: 'GET',
    path: '/api/inspection-templates/{templateId}/questions/config',
    summary:
      "Configuration of the questions of a template's published version (the current one, or `version`): items with questionId, questionTypeFieldId and value",
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    params: z.strictObject({ templateId: Id }),
    query: PublishedVersionQuery,
    response: InspectionQuestionsConfig,
    implemented: true,
  },
  getQuestionConfig: {
    method: 'GET',
    path: '/api/questions/{questionId}/config',
    summary:
      "Configuration of one question of its template's published version (the current one, or `version`): items with questionTypeFieldId and value",
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    params: z.strictObject({ questionId: Id }),
    query: PublishedVersionQuery,
    response: InspectionQuestionsConfig,
    implemented: true,
  },
});
