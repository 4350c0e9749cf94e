import * as z from 'zod/mini';
import { defineArea, permission } from '../route';
import { CertificationState } from '../inspection-views';
import { Id } from '../schemas';
import { ConditionOptionSchema, FindingTypeSchema, QuestionGroupSchema } from '../template-model';
import {
  QuestionGroupBody,
  QuestionGroupsSwap,
  QuestionGroupUpdate,
  QuestionCreate,
  QuestionUpdate,
  QuestionView,
  FindingTypeCreate,
  FindingTypeDelete,
  FindingTypeUpdate,
  QuestionTypeSchema,
  SignaturesUpdate,
  TemplateCreate,
  TemplateEditorView,
  TemplateFile,
  TemplateImport,
  TemplateLogo,
  TemplateLogoUpload,
  TemplateSummary,
  TemplateUpdate,
} from '../template-editor';
import { Cursor, Page, SearchText } from '../schemas';
import type { RouteSpec } from '../route';
import {
  QuestionConfigUpdate,
  QuestionsConfigList,
  QuestionTypeConfigUpdate,
  QuestionTypeIdParam,
  QuestionTypesConfig,
} from '../question-config';

const readTemplates = permission('read', 'Inspection Templates');
const createTemplates = permission('create', 'Inspection Templates');
const updateTemplates = permission('update', 'Inspection Templates');
const deleteTemplates = permission('delete', 'Inspection Templates');

/**
 * The template logo, under the spec's path and under a correctly spelled alias (spec 002 §7:
 * "/api/inspection-templat/{templateId}/upload-logo (spelling as shown)"). The logo is the
 * draft's (a published version pins the one it had); system templates are read-only.
 */
function logoRoutes<S extends string>(prefix: string, suffix: S) {
  const path = `${prefix}/{templateId}/upload-logo`;
  const params = z.strictObject({ templateId: Id });
  const get = {
    method: 'GET',
    path,
    summary:
      "The logo of a template: its draft's, or a system template's current version's (logo_GUID, null when none; the image is served from /dl/{GUID})",
    access: readTemplates,
    division: 'required',
    params,
    query: z.strictObject({}),
    response: TemplateLogo,
    implemented: true,
  } as const satisfies RouteSpec;
  const upload = {
    method: 'POST',
    path,
    summary:
      "Upload a template's logo (the spec's multipart 'file': sent to storage with POST /api/uploads' presigned PUT, then its `upload` given here); a png or jpeg by its content, at most 2 MB, at least 20x20; replaces the draft's logo and answers logo_GUID",
    access: updateTemplates,
    division: 'required',
    files: 'write',
    params,
    query: z.strictObject({}),
    body: TemplateLogoUpload,
    response: TemplateLogo,
    implemented: true,
  } as const satisfies RouteSpec;
  const remove = {
    method: 'DELETE',
    path,
    summary: "Remove a template's logo from its draft (versions published with it keep it)",
    access: updateTemplates,
    division: 'required',
    files: 'write',
    params,
    query: z.strictObject({}),
    body: z.undefined(),
    response: TemplateLogo,
    implemented: true,
  } as const satisfies RouteSpec;
  return {
    [`getTemplateLogo${suffix}`]: get,
    [`uploadTemplateLogo${suffix}`]: upload,
    [`deleteTemplateLogo${suffix}`]: remove,
  } as { [K in `getTemplateLogo${S}`]: typeof get } & { [K in `uploadTemplateLogo${S}`]: typeof upload } & {
    [K in `deleteTemplateLogo${S}`]: typeof remove;
  };
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
    query: z.strictObject({}),
    response: z.strictObject({ pageData: z.array(QuestionTypeSchema) }),
    implemented: true,
  },
  listInspectionTypes: {
    method: 'GET',
    path: '/api/inspection-types',
    summary: 'Inspection types (Routine, Post Storm, Routine + Post Storm)',
    access: readTemplates,
    division: 'none',
    query: z.strictObject({}),
    response: z.strictObject({ pageData: z.array(z.strictObject({ id: z.string(), name: z.string() })) }),
    implemented: true,
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
    // Part of editing the template: update, as the editor needs to open (spec 002 §6).
    access: updateTemplates,
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
    // Part of editing the template: update, as the editor needs to open (spec 002 §6).
    access: updateTemplates,
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
    summary:
      "Configuration of a template's questions for the question editor (query templateId): each configurable question's effective values (stored, else the built-in default), one row per field, of the draft or a system template's current version",
    access: readTemplates,
    division: 'required',
    query: z.strictObject({ templateId: Id }),
    response: QuestionsConfigList,
    implemented: true,
  },
  updateQuestionConfig: {
    method: 'PUT',
    path: '/api/questions/{questionId}/config',
    summary:
      "Set a question's whole configuration in the template's draft (items: value, questionId, questionFieldId; empty or left out takes the default)",
    access: updateTemplates,
    division: 'required',
    params: z.strictObject({ questionId: Id }),
    query: z.strictObject({}),
    body: QuestionConfigUpdate,
    response: TemplateEditorView,
    implemented: true,
  },
  listQuestionTypesConfig: {
    method: 'GET',
    path: '/api/question-types-config',
    summary:
      "Configuration fields of the question types: label, kind, bounds, the built-in default and the company's default for new questions",
    access: readTemplates,
    division: 'none',
    query: z.strictObject({}),
    response: QuestionTypesConfig,
    implemented: true,
  },
  updateQuestionTypeConfig: {
    method: 'PUT',
    path: '/api/question-types/{typeId}/config',
    summary:
      "Set the company's default configuration of new questions of a type (items: value, questionFieldId); Admin only. Existing questions keep theirs",
    access: updateTemplates,
    division: 'none',
    params: z.strictObject({ typeId: QuestionTypeIdParam }),
    query: z.strictObject({}),
    body: QuestionTypeConfigUpdate,
    response: QuestionTypesConfig,
    implemented: true,
  },
  getQuestion: {
    method: 'GET',
    path: '/api/questions/{id}',
    summary: 'One question with its options',
    access: readTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    response: QuestionView,
    implemented: true,
  },
  createQuestion: {
    method: 'POST',
    path: '/api/questions',
    summary: 'Add a question to a group (type, input label, width, sort order, options)',
    // Part of editing the template: update, as the editor needs to open (spec 002 §6).
    access: updateTemplates,
    division: 'required',
    query: z.strictObject({}),
    body: QuestionCreate,
    response: TemplateEditorView,
    implemented: true,
  },
  updateQuestion: {
    method: 'PUT',
    path: '/api/questions/{id}',
    summary: 'Edit a question; sort_order and groupId reorder it',
    access: updateTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: QuestionUpdate,
    response: TemplateEditorView,
    implemented: true,
  },
  deleteQuestion: {
    method: 'DELETE',
    path: '/api/questions/{id}',
    summary: 'Delete a question',
    // Part of editing the template: update, as the editor needs to open (spec 002 §6).
    access: updateTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: z.undefined(),
    response: TemplateEditorView,
    implemented: true,
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
  exportTemplate: {
    method: 'GET',
    path: '/api/inspection-templates/{id}/export',
    summary:
      "A template as a JSON file to keep or import elsewhere (issue 19): a user template's draft, a system template's current version, or with `version` a published one; the logo stays behind",
    access: readTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({
      version: z.optional(z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'The version is not valid'))),
    }),
    response: TemplateFile,
    implemented: true,
  },
  importTemplate: {
    method: 'POST',
    path: '/api/inspection-templates/import',
    summary:
      'Import a template file as a new user template of the division, unpublished, every part with a new id (issue 19); a wrong or unknown field is refused naming its path, and nothing is written',
    access: createTemplates,
    division: 'required',
    query: z.strictObject({}),
    body: TemplateImport,
    response: TemplateEditorView,
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
  applyConditionGroup: {
    method: 'POST',
    path: '/api/inspection-templates/{id}/condition-group',
    summary:
      "Apply the Condition Group (spec 002 §2, §9's default options) to a user template's draft, once: again answers 'Condition Group already applied'",
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
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: SignaturesUpdate,
    response: TemplateEditorView,
    implemented: true,
  },
  updateTemplateAcknowledgement: {
    method: 'PUT',
    path: '/api/templates/{id}/acknowledgement',
    summary:
      'Add or update the acknowledgement group of a template (has_acknowledgement, attestation, lines)',
    access: updateTemplates,
    division: 'required',
    params: z.strictObject({ id: Id }),
    query: z.strictObject({}),
    body: z.undefined(),
    response: TemplateEditorView,
    implemented: true,
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
    // Part of editing the template: update, as the editor needs to open (spec 002 §6).
    access: updateTemplates,
    division: 'required',
    query: z.strictObject({}),
    body: FindingTypeCreate,
    response: TemplateEditorView,
    implemented: true,
  },
  updateFindingType: {
    method: 'PUT',
    path: '/api/finding-types',
    summary: 'Edit a finding type (Include, required-for-cert, colour); at least one must stay included',
    access: updateTemplates,
    division: 'required',
    query: z.strictObject({}),
    body: FindingTypeUpdate,
    response: TemplateEditorView,
    implemented: true,
  },
  deleteFindingType: {
    method: 'DELETE',
    path: '/api/finding-types',
    summary: 'Delete a finding type (id in the body)',
    // Part of editing the template: update, as the editor needs to open (spec 002 §6).
    access: updateTemplates,
    division: 'required',
    query: z.strictObject({}),
    body: FindingTypeDelete,
    response: TemplateEditorView,
    implemented: true,
  },
});
