import * as z from 'zod/mini';
import { QUESTION_FEATURES, QUESTION_TYPE_IDS, SIGNATURE_GROUPS } from '@stormline/domain/template-model';
import type { TemplateContent } from '@stormline/domain/template-editing';
import { Count, Id, IsoDateTime, Version } from './schemas';
import {
  AttestationSchema,
  QuestionSchema,
  ConditionOptionSchema,
  FindingTypeSchema,
  QuestionGroupSchema,
  SignatureLineSchema,
} from './template-model';

/**
 * The template editor's records (spec 002 §2 "Inspection template editor", docs/decisions/0036):
 * what a template holds (a draft's or a version's content), what the editor reads, and the bodies
 * of its calls. The domain's TemplateContent is the source; the check at the end keeps them alike.
 */

const TEMPLATE_NAME_REQUIRED = 'Template name is required';
export const TemplateName = z
  .string({ error: TEMPLATE_NAME_REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, TEMPLATE_NAME_REQUIRED),
    z.maxLength(100, 'Template name must be at most 100 characters'),
  );

export const TemplateContentSchema = z.strictObject({
  name: z.string(),
  kind: z.enum(['standard', 'cdot', 'maryland']),
  has_acknowledgement: z.boolean(),
  has_compliance_cert: z.boolean(),
  question_groups: z.array(QuestionGroupSchema),
  finding_types: z.array(FindingTypeSchema),
  signature_groups: z.strictObject({
    inspection: z.optional(z.array(SignatureLineSchema)),
    acknowledgement: z.optional(z.array(SignatureLineSchema)),
    compliance: z.optional(z.array(SignatureLineSchema)),
  }),
  attestations: z.array(AttestationSchema),
  condition_options: z.array(ConditionOptionSchema),
  control_measure_required: z.boolean(),
  post_storm_questions: z.array(z.strictObject({ questionId: z.string() })),
  /** The logo (/dl/{GUID}); absent in versions stored before it. */
  logo_GUID: z.optional(z.nullable(z.string())),
});

/** One row of /inspection-templates. */
export const TemplateSummary = z.strictObject({
  id: Id,
  name: z.string(),
  isUserTemplate: z.boolean(),
  has_acknowledgement: z.boolean(),
  has_compliance_cert: z.boolean(),
  /** The version new inspections use; 0 when a user template was never published. */
  currentVersion: Count,
});

/** What the editor reads and every editor call answers: the template and the content it shows. */
export const TemplateEditorView = z.strictObject({
  id: Id,
  name: z.string(),
  isUserTemplate: z.boolean(),
  currentVersion: Count,
  /** A user template's draft; null for a system template (read-only, spec 002 §2). */
  draft: z.nullable(
    z.strictObject({
      version: Version,
      /** Edits not yet published: new inspections do not see them. */
      unpublished: z.boolean(),
      updatedAt: IsoDateTime,
    }),
  ),
  /** The draft's content, or a system template's current version. */
  content: TemplateContentSchema,
  /** Spec 002 §4's feature warnings, word for word, while they apply. */
  warnings: z.array(z.string()),
  /**
   * How many inspections use each published version (0036), newest first, the 20 newest at most;
   * empty when never published. `open`: of those, the ones not yet complete and certified.
   */
  versions: z.array(
    z.strictObject({
      version: z.number().check(z.int(), z.positive()),
      inspections: Count,
      open: Count,
    }),
  ),
});

export const TemplateCreate = z.strictObject({
  name: TemplateName,
  /** A template of the division to start from (spec: "Copy"); without it, an empty template. */
  copyOf: z.optional(Id),
});

export const TemplateUpdate = z.strictObject({
  name: TemplateName,
  has_compliance_cert: z.optional(z.boolean()),
});

const GROUP_REQUIRED = 'Question group name and layout_type are required';
const groupFields = {
  name: z
    .string({ error: GROUP_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, GROUP_REQUIRED),
      z.maxLength(100, 'Group name must be at most 100 characters'),
    ),
  layout_type: z.enum(['FORM', 'TABLE'], { error: GROUP_REQUIRED }),
  description: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
  table_headers: z.optional(z.array(z.string().check(z.maxLength(60))).check(z.maxLength(6))),
};
export const QuestionGroupUpdate = z.strictObject(groupFields);
export const QuestionGroupBody = z.strictObject({
  ...groupFields,
  /** Where the new group goes, 0 first; last when absent (spec 002 §7: POST with order). */
  order: z.optional(z.number().check(z.int(), z.nonnegative())),
});

export const QuestionGroupsSwap = z.strictObject({ groupId1: Id, groupId2: Id });

export const SignatureGroupName = z.enum(SIGNATURE_GROUPS);

// The schema's content fits the domain's (its questions stop at child questions, one level deep).
type Fits<A, B> = [A] extends [B] ? true : never;
export const sameContent: Fits<z.infer<typeof TemplateContentSchema>, TemplateContent> = true;

const LABEL_REQUIRED = 'Question type and input label are required';
const questionFields = {
  input_label: z
    .string({ error: LABEL_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, LABEL_REQUIRED),
      z.maxLength(500, 'The label must be at most 500 characters'),
    ),
  description: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
  question_type_id: z.enum(QUESTION_TYPE_IDS, { error: LABEL_REQUIRED }),
  /** Percent of the row; empty means 100 (spec 002 §5). */
  questionWidth: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(100)))),
  required: z.optional(z.boolean()),
  features: z.optional(z.array(z.enum(QUESTION_FEATURES)).check(z.maxLength(3))),
  options: z.optional(
    z
      .array(
        z.strictObject({
          id: z.optional(Id),
          name: z.string().check(z.maxLength(200)),
          description: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
        }),
      )
      .check(z.maxLength(50)),
  ),
  may_be_future: z.optional(z.boolean()),
};

/** POST /api/questions: a question in a group, or under an option of one (one level deep). */
export const QuestionCreate = z.strictObject({
  ...questionFields,
  groupId: Id,
  parentQuestionId: z.optional(Id),
  optionId: z.optional(Id),
});

/** PUT /api/questions/{id}: the question; `groupId` and `sort_order` move it (spec 002 §7). */
export const QuestionUpdate = z.strictObject({
  ...questionFields,
  groupId: z.optional(Id),
  sort_order: z.optional(z.number().check(z.int(), z.nonnegative())),
});

/** A question as GET /api/questions/{id} answers it, with where it sits. */
export const QuestionView = z.strictObject({
  templateId: Id,
  groupId: Id,
  parentQuestionId: z.nullable(Id),
  optionId: z.nullable(Id),
  question: QuestionSchema,
});

const FINDING_TYPE_NAME = 'The finding type name is required';
const findingTypeFields = {
  name: z
    .string({ error: FINDING_TYPE_NAME })
    .check(
      z.trim(),
      z.minLength(1, FINDING_TYPE_NAME),
      z.maxLength(100, 'The name must be at most 100 characters'),
    ),
  color: z.optional(
    z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/, 'The colour is a hex colour such as #2FF363')),
  ),
  is_enabled: z.optional(z.boolean()),
  is_required_for_cert: z.optional(z.boolean()),
};
export const FindingTypeCreate = z.strictObject({ ...findingTypeFields, inspection_template_id: Id });
export const FindingTypeUpdate = z.strictObject({
  id: Id,
  ...findingTypeFields,
  name: z.optional(findingTypeFields.name),
});
export const FindingTypeDelete = z.strictObject({ id: Id });

/** POST /api/templates/{id}/signatures: one group's lines and attestations, as the signature editor saves them. */
export const SignaturesUpdate = z.strictObject({
  group: SignatureGroupName,
  lines: z
    .array(
      z.strictObject({
        /** The line's key, kept while it exists (signatures fill lines by it); absent for a new line. */
        type: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'The line is not valid'))),
        label: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
        roleFieldLabel: z.string().check(z.maxLength(100)),
        userFieldLabel: z.string().check(z.maxLength(100)),
      }),
    )
    .check(z.maxLength(10)),
  attestations: z.optional(
    z
      .array(z.strictObject({ id: z.optional(Id), content: z.string().check(z.maxLength(10_000)) }))
      .check(z.maxLength(5)),
  ),
});

export const QuestionTypeSchema = z.strictObject({ id: z.enum(QUESTION_TYPE_IDS), label: z.string() });

/** GET, POST and DELETE of a template's logo answer it (spec 002 §7: "response logo_GUID"). */
export const TemplateLogo = z.strictObject({ logo_GUID: z.nullable(Id) });

const UPLOAD_INVALID = 'The upload is not valid. Upload the file again.';
/**
 * The spec's multipart 'file', sent as every upload is (docs/decisions/0015, 0036): the file goes
 * straight to storage with POST /api/uploads' presigned PUT, and its `upload` comes here.
 */
export const TemplateLogoUpload = z.strictObject({
  upload: z
    .string({ error: 'The upload is required' })
    .check(z.maxLength(2000, UPLOAD_INVALID), z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, UPLOAD_INVALID)),
});

/** What a template file says it is, so an import knows it reads one (issue 19: export and import). */
export const TEMPLATE_FILE_FORMAT = 'stormline-inspection-template' as const;
export const TEMPLATE_FILE_VERSION = 1 as const;

/** A template's content as a file holds it: everything but the logo, whose file stays where it is. */
const TemplateFileContent = z.extend(z.omit(TemplateContentSchema, { logo_GUID: true }), {
  name: TemplateName,
});

const fileFields = {
  format: z.literal(TEMPLATE_FILE_FORMAT, { error: 'This is not a Stormline inspection template file' }),
  formatVersion: z.literal(TEMPLATE_FILE_VERSION, {
    error: `This template file's formatVersion is not one this server reads (${TEMPLATE_FILE_VERSION})`,
  }),
  template: TemplateFileContent,
};

/** GET /api/inspection-templates/{id}/export: the file a customer keeps or imports elsewhere. */
export const TemplateFile = z.strictObject({
  ...fileFields,
  exportedAt: IsoDateTime,
  /** The template and version it was exported from; null for a user template's draft. */
  source: z.strictObject({ templateId: Id, name: z.string(), version: z.nullable(Count) }),
});

/**
 * POST /api/inspection-templates/import: a template file as exported, checked field by field (an
 * unknown or wrong field is refused naming its path), with an optional new name.
 */
export const TemplateImport = z.strictObject({
  ...fileFields,
  exportedAt: z.optional(IsoDateTime),
  source: z.optional(TemplateFile.shape.source),
  name: z.optional(TemplateName),
});
