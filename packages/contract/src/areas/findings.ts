import * as z from 'zod/mini';
import {
  FINDING_COMMENTS_MAX,
  FINDING_LOCATION_MAX,
  FINDING_MESSAGES,
} from '@stormline/domain/finding-rules';
import { CORRECTIVE_ACTION_KINDS } from '@stormline/domain/corrective-actions';
import { MAX_PHOTO_ANNOTATIONS } from '@stormline/domain/uploads';
import {
  DateText,
  Finding,
  FindingDetail,
  FindingImage,
  FindingObservation,
  ImageAnnotation,
} from '../inspection-views';
import { defineArea, permission, signedIn } from '../route';
import { Cursor, Id, Page, Version } from '../schemas';

const inspectionParams = z.strictObject({ id: Id });
const findingParams = z.strictObject({ id: Id });
const noQuery = z.strictObject({});

const OptionalDate = z.optional(z.nullable(DateText));
const Comments = z.optional(
  z.nullable(
    z
      .string()
      .check(
        z.maxLength(
          FINDING_COMMENTS_MAX,
          `Please keep the comments under ${FINDING_COMMENTS_MAX} characters`,
        ),
      ),
  ),
);
const NoteText = z
  .string({ error: FINDING_MESSAGES.noteRequired })
  .check(
    z.trim(),
    z.minLength(1, FINDING_MESSAGES.noteRequired),
    z.maxLength(FINDING_COMMENTS_MAX, `Please keep the note under ${FINDING_COMMENTS_MAX} characters`),
  );

/**
 * The finding form (spec 002 §5). The schema carries types and lengths; required fields, date
 * limits against the project and today, Control Measure and Condition are the domain's
 * findingFormIssues, answered together as field issues.
 */
export const FindingInput = z.strictObject({
  finding_type_id: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  location: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.maxLength(
            FINDING_LOCATION_MAX,
            `Please keep the location under ${FINDING_LOCATION_MAX} characters`,
          ),
        ),
    ),
  ),
  date_initiated: OptionalDate,
  date_completed: OptionalDate,
  control_measure_id: z.optional(z.nullable(Id)),
  condition: z.optional(z.nullable(z.string().check(z.maxLength(8)))),
  comments: Comments,
  /**
   * What a CA finding of a project on the CGP needs (CGP 5.2.2 or 5.2.3): it sets the finding's
   * deadline. Whether it applies (type, permit) is the domain's correctiveActionIssues.
   */
  corrective_action: z.optional(
    z.nullable(
      z.enum(CORRECTIVE_ACTION_KINDS, { error: 'Please choose the corrective action from the list' }),
    ),
  ),
  /** A first observation, written with the finding. */
  observation: z.optional(z.nullable(z.string().check(z.maxLength(FINDING_COMMENTS_MAX)))),
});
export type FindingInput = z.infer<typeof FindingInput>;

export const FindingUpdate = z.strictObject({ ...FindingInput.shape, version: Version });

/** An image of a finding: the upload ticket of a file sent straight to storage, turned and drawn on. */
const Rotation = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);
const UploadTicket = z
  .string({ error: 'The upload is required' })
  .check(
    z.maxLength(2000),
    z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'The upload is not valid. Upload the file again.'),
  );
export const FindingImageInput = z.strictObject({
  upload: UploadTicket,
  /** The 220 px thumbnail the browser made of the photo (spec 002 §9), uploaded the same way. */
  thumbnail: UploadTicket,
  rotation: z.optional(Rotation),
  annotations: z.optional(z.array(ImageAnnotation).check(z.maxLength(MAX_PHOTO_ANNOTATIONS))),
});
export const FindingImageUpdate = z.strictObject({
  rotation: z.optional(Rotation),
  annotations: z.optional(z.array(ImageAnnotation).check(z.maxLength(MAX_PHOTO_ANNOTATIONS))),
});

/** Spec 002 §7 "Findings": findings of an inspection, completing, notes, reopening and images. */
export const findingsRoutes = defineArea('findings', {
  listInspectionFindings: {
    method: 'GET',
    path: '/api/inspections/{id}/findings',
    summary: 'Findings of an inspection, raised in it or carried over (query type, excludeCompleted)',
    access: permission('read', 'Findings'),
    division: 'required',
    publicRead: true,
    pageSize: 50,
    params: inspectionParams,
    query: z.strictObject({
      cursor: z.optional(Cursor),
      type: z.optional(z.string().check(z.maxLength(64))),
      excludeCompleted: z.optional(z.enum(['true', 'false'])),
    }),
    response: Page(Finding),
    implemented: true,
  },
  createFinding: {
    method: 'POST',
    path: '/api/inspections/{id}/findings',
    summary: 'Add a finding to an inspection',
    access: permission('create', 'Findings'),
    division: 'required',
    params: inspectionParams,
    query: noQuery,
    body: FindingInput,
    response: FindingDetail,
    implemented: true,
  },
  completeFindings: {
    method: 'PUT',
    path: '/api/inspections/{id}/findings',
    summary:
      "Bulk complete findings (finding_ids, date_completed, comments; 'Completed as recommended' by default)",
    access: permission('update', 'Close Findings'),
    division: 'required',
    params: inspectionParams,
    query: noQuery,
    body: z.strictObject({
      finding_ids: z.array(Id).check(z.minLength(1, 'Please select findings to complete'), z.maxLength(50)),
      date_completed: z.optional(z.nullable(DateText)),
      comments: Comments,
    }),
    response: z.strictObject({ completed: z.array(Finding) }),
    implemented: true,
  },
  addFindingNotes: {
    method: 'POST',
    path: '/api/inspections/{id}/findings/notes',
    summary: 'Bulk add notes to findings (findingIds, comments)',
    access: permission('create', 'finding_comments'),
    division: 'required',
    params: inspectionParams,
    query: noQuery,
    body: z.strictObject({
      findingIds: z.array(Id).check(z.minLength(1, 'Please select findings'), z.maxLength(50)),
      comments: NoteText,
    }),
    response: z.strictObject({ notes: z.array(FindingObservation) }),
    implemented: true,
  },
  updateFindingNote: {
    method: 'PUT',
    path: '/api/notes/{type}/{id}',
    summary: 'Edit a finding note (its author, or all on adminInspectionNotes)',
    access: permission('update', 'finding_comments'),
    division: 'required',
    params: z.strictObject({ type: z.literal('findings'), id: Id }),
    query: noQuery,
    body: z.strictObject({ content: NoteText }),
    response: FindingObservation,
    implemented: true,
  },
  deleteFindingNote: {
    method: 'DELETE',
    path: '/api/notes/{type}/{id}',
    summary: 'Destroy a finding note (its author, or all on adminInspectionNotes)',
    access: permission('delete', 'finding_comments'),
    division: 'required',
    params: z.strictObject({ type: z.literal('findings'), id: Id }),
    query: noQuery,
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  getFinding: {
    method: 'GET',
    path: '/api/findings/{id}',
    summary: 'One finding with observations (newest first), images and Previous / Next within an inspection',
    access: permission('read', 'Findings'),
    division: 'required',
    publicRead: true,
    params: findingParams,
    query: z.strictObject({ inspectionId: z.optional(Id) }),
    response: FindingDetail,
    implemented: true,
  },
  updateFinding: {
    method: 'POST',
    path: '/api/findings/{id}',
    summary:
      'Save the finding form (update Findings; with only update Close Findings, the completion fields: date completed and comments); read-only once completed',
    access: signedIn,
    division: 'required',
    params: findingParams,
    query: noQuery,
    body: FindingUpdate,
    response: FindingDetail,
    implemented: true,
  },
  deleteFinding: {
    method: 'DELETE',
    path: '/api/findings/{id}',
    summary:
      "Delete a finding; the body carries the required deletion note ('Finding Deletion Note is required.')",
    access: permission('delete', 'Findings'),
    division: 'required',
    params: findingParams,
    query: noQuery,
    body: z.strictObject({
      note: z.optional(z.nullable(z.string().check(z.maxLength(FINDING_COMMENTS_MAX)))),
    }),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
  getFindingReopenImpact: {
    method: 'GET',
    path: '/api/findings/{id}/open',
    summary:
      'The inspections whose compliance signatures reopening the finding would remove (all on reopenFinding, or update Close Findings while it is open)',
    access: signedIn,
    division: 'required',
    params: findingParams,
    query: noQuery,
    response: z.strictObject({
      affectedInspections: z.array(z.strictObject({ id: Id, number: z.number(), created_date: z.string() })),
    }),
    implemented: true,
  },
  reopenFinding: {
    method: 'POST',
    path: '/api/findings/{id}/open',
    summary:
      "Reopen a finding: clears date_completed and removes affected inspections' compliance signatures (all on reopenFinding, or update Close Findings while it is open)",
    access: signedIn,
    division: 'required',
    params: findingParams,
    query: noQuery,
    body: z.undefined(),
    response: FindingDetail,
    implemented: true,
  },
  uploadFindingImages: {
    method: 'POST',
    path: '/api/findings/{id}/uploads',
    summary:
      'Record photos sent straight to storage (upload tickets, each with rotation and annotations); the type is sniffed and the size checked',
    access: permission('create', 'Finding Images'),
    division: 'required',
    files: 'write',
    params: findingParams,
    query: noQuery,
    body: z.strictObject({ uploads: z.array(FindingImageInput).check(z.minLength(1), z.maxLength(10)) }),
    response: z.strictObject({ images: z.array(FindingImage) }),
    implemented: true,
  },
  updateFindingImage: {
    method: 'PUT',
    path: '/api/findings/{id}/uploads/{uploadId}',
    summary: 'Turn or annotate a photo of a finding (all on Annotations for annotations)',
    access: permission('create', 'Finding Images'),
    division: 'required',
    params: z.strictObject({ id: Id, uploadId: Id }),
    query: noQuery,
    body: FindingImageUpdate,
    response: FindingImage,
    implemented: true,
  },
  deleteFindingImage: {
    method: 'DELETE',
    path: '/api/findings/{id}/uploads/{uploadId}',
    summary: 'Delete an image of a finding',
    access: permission('delete', 'Finding Images'),
    division: 'required',
    files: 'write',
    params: z.strictObject({ id: Id, uploadId: Id }),
    query: noQuery,
    body: z.undefined(),
    response: z.strictObject({ id: Id }),
    implemented: true,
  },
});
