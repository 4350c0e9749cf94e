import * as z from 'zod/mini';
import { REASSIGN_LIMIT_MESSAGE, REASSIGN_MAX } from '@stormline/domain/dashboard-rules';
import { TEXTAREA_ANSWER_MAX } from '@stormline/domain/questionnaire-rules';
import {
  AnswerValueSchema,
  Inspection,
  QuestionAnswer,
  QuestionComment,
  InspectionDetail,
  InspectionNote,
  InspectionTypeName,
} from '../inspection-views';
import { defineArea, permission } from '../route';
import { Cursor, Id, Page, Version } from '../schemas';

/**
 * An inspection form type as the Create project modal offers it (spec 000 §3: id, name,
 * has_compliance_cert), with what the template says about the projects that use it: the flags
 * that decide which of the modal's conditional fields show (docs/decisions/0014). `ccr`: its
 * projects may be CCR projects; `optionalCompliance`: each project chooses whether compliance is
 * signed (and then whether completed findings are required); `cgp`: its projects carry a CGP
 * tracking ID (required).
 */
export const InspectionTemplateOption = z.strictObject({
  id: Id,
  name: z.string(),
  has_compliance_cert: z.boolean(),
  projectOptions: z.strictObject({
    ccr: z.boolean(),
    optionalCompliance: z.boolean(),
    cgp: z.boolean(),
  }),
});
export type InspectionTemplateOption = z.infer<typeof InspectionTemplateOption>;

const inspectionParams = z.strictObject({ id: Id });
const noteParams = z.strictObject({ id: Id, noteId: Id });
const noQuery = z.strictObject({});
const NoteText = z
  .string({ error: 'Note text is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Note text is required'),
    z.maxLength(TEXTAREA_ANSWER_MAX, `Please keep the note under ${TEXTAREA_ANSWER_MAX} characters`),
  );

export const AnswerValue = AnswerValueSchema;

/**
 * Save the questionnaire (PUT /api/inspections/{id}): the changed answers and comments, and the
 * version of the answers the screen read (a stale one answers 409, nothing lost).
 */
export const InspectionSave = z.strictObject({
  answersVersion: Version,
  answers: z.array(QuestionAnswer).check(z.maxLength(400)),
  comments: z.optional(z.array(QuestionComment).check(z.maxLength(400))),
});

/** The project tab's list: the page of cards with the due-today banner and the creation rule. */
export const ProjectInspectionsPage = z.strictObject({
  ...Page(Inspection).shape,
  dueToday: z.strictObject({
    action: z.nullable(z.enum(['Start Inspection', 'Complete Inspection'])),
    inspectionId: z.nullable(Id),
  }),
  creation: z.strictObject({
    allowed: z.boolean(),
    reason: z.nullable(z.string()),
    type: InspectionTypeName,
  }),
  next_inspection_date: z.nullable(z.string()),
});

export const InspectionTypeFilter = z.enum(
  ['Routine', 'Post Storm', 'Routine + Post Storm'],
  'The filter is not valid',
);

/**
 * Spec 000 §7 "Inspections and certification" and spec 002 §7 "Inspections, questions and notes":
 * inspections of a project, creating, editing, reopening, inspector assignment and notes.
 */
export const inspectionsRoutes = defineArea('inspections', {
  listProjectInspections: {
    method: 'GET',
    path: '/api/projects/{id}/inspections',
    summary: 'Inspections of a project (project inspections tab)',
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    pageSize: 10,
    params: inspectionParams,
    query: z.strictObject({ cursor: z.optional(Cursor), type: z.optional(InspectionTypeFilter) }),
    response: ProjectInspectionsPage,
    implemented: true,
  },
  createInspection: {
    method: 'POST',
    path: '/api/inspections',
    summary:
      'Create an inspection (projectId, type); refused while an existing one is not complete and certified',
    access: permission('create', 'Inspection'),
    division: 'required',
    query: noQuery,
    body: z.strictObject({ projectId: Id, type: InspectionTypeName }),
    response: InspectionDetail,
    implemented: true,
  },
  getInspection: {
    method: 'GET',
    path: '/api/inspections/{id}',
    summary: 'One inspection with its project, template, findings and notes',
    access: permission('read', 'Inspection'),
    division: 'required',
    publicRead: true,
    params: inspectionParams,
    query: noQuery,
    response: InspectionDetail,
    implemented: true,
  },
  updateInspection: {
    method: 'PUT',
    path: '/api/inspections/{id}',
    summary: 'Save an inspection (questionnaire answers); refused once it is read-only',
    access: permission('update', 'Inspection'),
    division: 'required',
    params: inspectionParams,
    query: noQuery,
    body: InspectionSave,
    response: z.strictObject({ inspection: InspectionDetail, answersVersion: Version }),
    implemented: true,
  },
  deleteInspection: {
    method: 'DELETE',
    path: '/api/inspections/{id}',
    summary: 'Delete an inspection',
    access: permission('delete', 'Inspection'),
    division: 'required',
    params: inspectionParams,
    query: noQuery,
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  setInspector: {
    method: 'POST',
    path: '/api/inspections/{id}/inspector/{userId}',
    summary:
      "Set the inspector of an inspection (projectId: the inspection's project); an active user of the division with an assignable role, while the inspection is editable",
    access: permission('update', 'Inspection'),
    division: 'required',
    params: z.strictObject({ id: Id, userId: Id }),
    query: z.strictObject({}),
    body: z.strictObject({ projectId: Id }),
    response: InspectionDetail,
    implemented: true,
  },
  reassignInspections: {
    method: 'POST',
    path: '/api/inspections/reassign/{userId}',
    summary:
      "Re-assign projects (projectIds) to another inspector (Team Management): each project's inspector, as Edit Project sets it; for those who may also create projects",
    access: permission('update', 'Inspection'),
    division: 'required',
    params: z.strictObject({ userId: Id }),
    query: z.strictObject({}),
    body: z.strictObject({
      projectIds: z
        .array(Id)
        .check(
          z.minLength(1, 'Select the inspections to re-assign'),
          z.maxLength(REASSIGN_MAX, REASSIGN_LIMIT_MESSAGE),
        ),
    }),
    response: z.strictObject({ reassigned: z.array(Id) }),
    implemented: true,
  },
  listInspectionTemplates: {
    method: 'GET',
    path: '/api/inspections/templates',
    summary:
      "Inspection templates (form types) of the division by name, each with has_compliance_cert and the project options that drive the Create project modal's conditional fields",
    access: permission('read', 'Inspection'),
    division: 'required',
    pageSize: 100,
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(InspectionTemplateOption),
    implemented: true,
  },
  reopenInspection: {
    method: 'POST',
    path: '/api/inspections/{id}/open',
    summary: 'Reopen an inspection: deletes its compliance signatures and unlocks its questions',
    access: permission('all', 'reopenInspection'),
    division: 'required',
    params: inspectionParams,
    query: noQuery,
    body: z.undefined(),
    response: InspectionDetail,
    implemented: true,
  },
  listInspectionNotes: {
    method: 'GET',
    path: '/api/inspections/{id}/notes',
    summary: 'Notes of an inspection (content, createdAt, author name)',
    access: permission('read', 'Inspection Notes'),
    division: 'required',
    pageSize: 25,
    params: inspectionParams,
    query: z.strictObject({ cursor: z.optional(Cursor) }),
    response: Page(InspectionNote),
    implemented: true,
  },
  createInspectionNote: {
    method: 'POST',
    path: '/api/inspections/{id}/notes',
    summary: 'Add a note to an inspection (note.content)',
    access: permission('create', 'Inspection Notes'),
    division: 'required',
    params: inspectionParams,
    query: noQuery,
    body: z.strictObject({ note: z.strictObject({ content: NoteText }) }),
    response: InspectionNote,
    implemented: true,
  },
  updateInspectionNote: {
    method: 'PUT',
    path: '/api/inspections/{id}/notes/{noteId}',
    summary: 'Edit an inspection note (its author, or all on adminInspectionNotes)',
    access: permission('update', 'Inspection Notes'),
    division: 'required',
    params: noteParams,
    query: noQuery,
    body: z.strictObject({ note: z.strictObject({ content: NoteText }) }),
    response: InspectionNote,
    implemented: true,
  },
  deleteInspectionNote: {
    method: 'DELETE',
    path: '/api/inspections/{id}/notes/{noteId}',
    summary: 'Delete an inspection note (its author, or all on adminInspectionNotes)',
    access: permission('delete', 'Inspection Notes'),
    division: 'required',
    params: noteParams,
    query: noQuery,
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
});
