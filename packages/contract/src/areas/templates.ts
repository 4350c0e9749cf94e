import * as z from 'zod/mini';
import { defineArea, permission } from '../route';
import { CertificationState } from '../inspection-views';
import { Id } from '../schemas';
import { ConditionOptionSchema, FindingTypeSchema, QuestionGroupSchema } from '../template-model';
import {
  QuestionGroupBody,
  QuestionGroupsSwap,
  QuestionGroupUpdate,
  TemplateCreate,
  TemplateEditorView,
  TemplateSummary,
  TemplateUpdate,
} from '../template-editor';
import { Cursor, Page, SearchText } from '../schemas';
import type { RouteSpec } from '../route';

const readTemplates = permission('read', 'Inspection Templates');
const createTemplates = permission('create', 'Inspection Templates');
const updateTemplates = permission('update', 'Inspection Templates');
const deleteTemplates = permission('delete', 'Inspection Templates');

/**
 * The template logo, under the spec's path and under a correctly spelled alias (spec 002 §7:
 * "/api/inspection-templat/{templateId}/upload-logo (spelling as shown)").
 */
function logoRoutes<S extends string>(prefix: string, suffix: S) {
  const path = `${prefix}/{templateId}/upload-logo`;
  const routes: Record<string, RouteSpec> = {
    [`getTemplateLogo${suffix}`]: {
      method: 'GET',
      path,
      summary: 'The logo of a template (logo_GUID; the image is served from /dl/{GUID})',
      access: readTemplates,
      division: 'required',
      files: 'read',
      implemented: false,
    },
    [`uploadTemplateLogo${suffix}`]: {
      method: 'POST',
      path,
      summary: "Upload a template's logo (multipart 'file'); answers logo_GUID",
      access: updateTemplates,
      division: 'required',
      files: 'write',
      implemented: false,
    },
    [`deleteTemplateLogo${suffix}`]: {
      method: 'DELETE',
      path,
      summary: "Remove a template's logo",
      access: updateTemplates,
      division: 'required',
      files: 'write',
      implemented: false,
    },
  };
  return routes as Record<`${'get' | 'upload' | 'delete'}TemplateLogo${S}`, RouteSpec>;
}

/**
 * Spec 002 §7 "Inspection template editor" and "Certification and signatures": templates, question
 * groups, questions and their configuration, finding types, signatures and the logo. Only user
 * templates are editable; the handlers refuse writes to system templates.
 */
export const templatesRoutes = defineArea('templates', {
  listQuestionTypes: {
    method: 'GET',
    path: '/api/question-types',
    summary: 'Question types (id, label) for the question editor',
    access: readTemplates,
    division: 'none',
    implemented: false,
  },
  listInspectionTypes: {
    method: 'GET',
    path: '/api/inspection-types',
    summary: 'Inspection types (Routine, Post Storm, Routine + Post Storm)',
    access: readTemplates,
    division: 'none',
    implemented: false,
  },
  listQuestionGroups: {
    method: 'GET',
    path: '/api/inspection-templates/{templateId}/question-groups',
    summary: 'Question groups of a template',
    access: readTemplates,
    division: 'required',
    params: z.strictObject({ templateId: Id }),
    query: z.strictObject({}),
    response: z.strictObject({ pageData: z.array(QuestionGroupSchema) }),
    implemented: true,
  },
  getQuestionGroup: {
    method: 'GET',
    path: '/api/inspection-templates/{templateId}/question-groups/{groupId}',
    summary: 'One question group with its questions',
    access: readTemplates,
    division: 'required',
    params: z.strictObject({ templateId: Id, groupId: Id }),
    query: z.strictObject({}),
    response: QuestionGroupSchema,
    implemented: true,
  },
  createQuestionGroup: {
    method: 'POST',
    path: '/api/inspection-templates/{templateId}/question-groups',
    summary: 'Add a question group (name, layout_type, order)',
    access: createTemplates,
    division: 'required',
    params: z.strictObject({ templateId: Id }),
    query: z.strictObject({}),
    body: QuestionGroupBody,
    response: TemplateEditorView,
    implemented: true,
  },
  updateQuestionGroup: {
    method: 'PUT',
    path: '/api/inspection-templates/{templateId}/question-groups/{groupId}',
    summary: 'Edit a question group (name, layout_type, description, table_headers)',
    access: updateTemplates,
    division: 'required',
    params: z.strictObject({ templateId: Id, groupId: Id }),
    query: z.strictObject({}),
    body: QuestionGroupUpdate,
    response: TemplateEditorView,
    implemented: true,
  },
  deleteQuestionGroup: {
    method: 'DELETE',
    path: '/api/inspection-templates/{templateId}/question-groups/{groupId}',
    summary: 'Delete a question group',
    access: deleteTemplates,
    division: 'required',
    params: z.strictObject({ templateId: Id, groupId: Id }),
    query: z.strictObject({}),
    body: z.undefined(),
    response: TemplateEditorView,
    implemented: true,
  },
  swapQuestionGroups: {
    method: 'PUT',
    path: '/api/inspection-templates/{templateId}/question-groups-swap',
    summary: 'Swap the order of two question groups (groupId1, groupId2)',
    access: updateTemplates,
    division: 'required',
    params: z.strictObject({ templateId: Id }),
    query: z.strictObject({}),
    body: QuestionGroupsSwap,
    response: TemplateEditorView,
    implemented: true,
  },
  listQuestionsConfig: {
    method: 'GET',
    path: '/api/questions-config',
    summary: 'Configuration values of questions for the question editor',
    access: readTemplates,
    division: 'required',
    implemented: false,
  },
  updateQuestionConfig: {
    method: 'PUT',
    path: '/api/questions/{questionId}/config',
    summary: 'Set the configuration of a question (list of value, questionId, questionFieldId)',
    access: updateTemplates,
    division: 'required',
    implemented: false,
  },
  listQuestionTypesConfig: {
    method: 'GET',
    path: '/api/question-types-config',
    summary: 'Configuration fields of the question types',
    access: readTemplates,
    division: 'none',
    implemented: false,
  },
  updateQuestionTypeConfig: {
    method: 'PUT',
    path: '/api/question-types/{id}/config',
    summary: 'Set the configuration fields of a question type',
    access: updateTemplates,
    division: 'none',
    implemented: false,
  },
  getQuestion: {
    method: 'GET',
    path: '/api/questions/{id}',
    summary: 'One question with its options',
    access: readTemplates,
    division: 'required',
    implemented: false,
  },
  createQuestion: {
    method: 'POST',
    path: '/api/questions',
    summary: 'Add a question to a group (type, input label, width, sort order, options)',
    access: createTemplates,
    division: 'required',
    implemented: false,
  },
  updateQuestion: {
    method: 'PUT',
    path: '/api/questions/{id}',
    summary: 'Edit a question; sort_order and groupId reorder it',
    access: updateTemplates,
    division: 'required',
    implemented: false,
  },
  deleteQuestion: {
    method: 'DELETE',
    path: '/api/questions/{id}',
    summary: 'Delete a question',
    access: deleteTemplates,
    division: 'required',
    implemented: false,
  },
  ...logoRoutes('/api/inspection-templat', ''),
  ...logoRoutes('/api/inspection-templates', 'Alias'),
  listTemplates: {
    method: 'GET',
    path: '/api/inspection-templates',
    summary:
      'Inspection templates of the division (isUserTemplate, has_acknowledgement, has_compliance_cert)',
    access: readTemplates,
    division: 'required',
    pageSize: 25,
    query: z.strictObject({ cursor: z.optional(Cursor), s: z.optional(SearchText) }),
    response: Page(TemplateSummary),
    implemented: true,
  },
  createTemplate: {
    method: 'POST',
    path: '/api/inspection-templates',
    summary: 'Create a user inspection template (name)',
    access: createTemplates,
    division: 'required',
    query: z.strictObject({}),
    body: TemplateCreate,
    response: TemplateEditorView,
    implemented: true,
  },
  getTemplate: {
    method: 'GET',
    path: '/api/inspection-templates/{id}',
    summary: 'One inspection template',
    access: readTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    response: TemplateEditorView,
    implemented: true,
  },
  updateTemplate: {
    method: 'PUT',
    path: '/api/inspection-templates/{id}',
    summary: 'Edit a user inspection template',
    access: updateTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: TemplateUpdate,
    response: TemplateEditorView,
    implemented: true,
  },
  deleteTemplate: {
    method: 'DELETE',
    path: '/api/inspection-templates/{id}',
    summary: 'Delete a user inspection template',
    access: deleteTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: z.undefined(),
    response: z.strictObject({ message: z.string() }),
    implemented: true,
  },
  publishTemplate: {
    method: 'POST',
    path: '/api/inspection-templates/{id}/publish',
    summary:
      "Publish a user template's draft as its next version (docs/decisions/0036): new inspections use it, existing ones keep theirs; refused with the spec's messages when the draft is not a valid template",
    access: updateTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: z.undefined(),
    response: TemplateEditorView,
    implemented: true,
  },
  getTemplateSignatures: {
    method: 'GET',
    path: '/api/templates/{id}/signatures',
    summary:
      "Signature groups, lines and attestations of a template's current version (the groups it has: inspection; acknowledgement with the flag; compliance with the certificate)",
    access: readTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    response: z.strictObject({
      templateId: Id,
      version: z.number(),
      has_acknowledgement: z.boolean(),
      has_compliance_cert: z.boolean(),
      signatureGroups: CertificationState.shape.signatureGroups,
      attestations: CertificationState.shape.attestations,
    }),
    implemented: true,
  },
  updateTemplateSignatures: {
    method: 'POST',
    path: '/api/templates/{id}/signatures',
    summary: 'Update the signature lines and attestations of a template',
    access: updateTemplates,
    division: 'required',
    implemented: false,
  },
  updateTemplateAcknowledgement: {
    method: 'PUT',
    path: '/api/templates/{id}/acknowledgement',
    summary:
      'Add or update the acknowledgement group of a template (has_acknowledgement, attestation, lines)',
    access: updateTemplates,
    division: 'required',
    implemented: false,
  },
  listTemplateFindingTypes: {
    method: 'GET',
    path: '/api/finding-types/by_template_id/{templateId}',
    summary:
      "Finding types of a template (finding form type select and the editor Findings tab): the current version's, or with `version` the one an inspection pinned; with the Condition Group and whether findings name a Control Measure",
    access: permission('read', 'Findings'),
    division: 'required',
    publicRead: true,
    params: z.strictObject({ templateId: Id }),
    query: z.strictObject({
      version: z.optional(z.string().check(z.regex(/^\d{1,6}$/, 'The version is not valid'))),
    }),
    response: z.strictObject({
      pageData: z.array(FindingTypeSchema),
      version: z.number(),
      condition_options: z.array(ConditionOptionSchema),
      control_measure_required: z.boolean(),
    }),
    implemented: true,
  },
  createFindingType: {
    method: 'POST',
    path: '/api/finding-types',
    summary:
      'Add a finding type to a template (name unique in the template, colour, Include, required-for-cert)',
    access: createTemplates,
    division: 'required',
    implemented: false,
  },
  updateFindingType: {
    method: 'PUT',
    path: '/api/finding-types',
    summary: 'Edit a finding type (Include, required-for-cert, colour); at least one must stay included',
    access: updateTemplates,
    division: 'required',
    implemented: false,
  },
  deleteFindingType: {
    method: 'DELETE',
    path: '/api/finding-types',
    summary: 'Delete a finding type (id in the body)',
    access: deleteTemplates,
    division: 'required',
    implemented: false,
  },
});
