import * as z from 'zod/mini';
import { CORRECTIVE_ACTION_KINDS } from '@stormline/domain/corrective-actions';
import { INSPECTION_TYPES, SIGNATURE_GROUPS } from '@stormline/domain/template-model';
import { Id, IsoDateTime, Version } from './schemas';

/**
 * The records of the inspection workflow as responses show them (spec 000 §3, spec 002 §3;
 * docs/decisions/0018). Shared by the inspections, questions, findings and certification areas.
 */

export const InspectionTypeName = z.enum(INSPECTION_TYPES, 'Please choose an inspection type');
export const SignatureGroupName = z.enum(SIGNATURE_GROUPS, 'The signature group is not valid');

/** A calendar date, 'YYYY-MM-DD' (the project's own days). */
export const DateText = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date'));
/** A wall-clock moment in the project's zone, 'YYYY-MM-DDTHH:mm'. */
export const LocalDateTime = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Please enter a valid date and time'));

export const PersonRef = z.strictObject({ id: Id, name: z.string() });

/** An answer as the questionnaire stores it; what each question type accepts is the domain's. */
export const AnswerValueSchema = z.nullable(
  z.union([
    z.string().check(z.maxLength(4000, 'Please keep the answer under 4000 characters')),
    z.number(),
    z.boolean(),
    z.array(z.string().check(z.maxLength(64))).check(z.maxLength(200)),
  ]),
);

/** Per finding type, what the inspection holds: the card counts of the project tab. */
export const FindingTypeCount = z.strictObject({
  code: z.string(),
  name: z.string(),
  color: z.string(),
  total: z.number(),
  open: z.number(),
});

export const InspectionTemplateSummary = z.strictObject({
  id: Id,
  name: z.string(),
  version: z.number(),
  kind: z.enum(['standard', 'cdot', 'maryland']),
  has_acknowledgement: z.boolean(),
  has_compliance_cert: z.boolean(),
});

/** An inspection: the card of the project tab and the head of its detail. */
export const Inspection = z.strictObject({
  id: Id,
  number: z.number(),
  created_date: LocalDateTime,
  type: InspectionTypeName,
  status: z.enum(['new', 'complete']),
  project_id: Id,
  template_id: Id,
  certification_date: z.nullable(DateText),
  compliance_date: z.nullable(DateText),
  acknowledgement_date: z.nullable(DateText),
  inspector: z.nullable(PersonRef),
  inspection_template: InspectionTemplateSummary,
  findings: z.array(FindingTypeCount),
  /** Open findings of types required for certification. */
  openRequiredCount: z.number(),
  /** The editable-state rule (spec 002 §4) as the server applies it to this caller. */
  editable: z.boolean(),
  eligibleForCompliance: z.boolean(),
  createdAt: IsoDateTime,
  version: Version,
});
export type Inspection = z.infer<typeof Inspection>;

/** The project an inspection belongs to, as its header and rules need it. */
export const InspectionProject = z.strictObject({
  id: Id,
  name: z.string(),
  client: z.strictObject({ id: Id, name: z.string() }),
  timezone: z.string(),
  start_date: z.nullable(DateText),
  inspection_compliance_required: z.boolean(),
  archivedAt: z.nullable(IsoDateTime),
  division_id: Id,
  /** Whether the client has switched finding images off (spec 002 §2 Finding detail). */
  imagesDisabled: z.boolean(),
  /** The project runs on CGP 5.2's corrective-action deadlines: its CA findings ask which (0049). */
  correctiveActionDeadlines: z.boolean(),
});

export const InspectionDetail = z.strictObject({ ...Inspection.shape, project: InspectionProject });
export type InspectionDetail = z.infer<typeof InspectionDetail>;

export const InspectionNote = z.strictObject({
  id: Id,
  commentable_id: Id,
  content: z.string(),
  createdAt: IsoDateTime,
  updatedAt: z.nullable(IsoDateTime),
  author: PersonRef,
  /** Its author, or anyone with all on adminInspectionNotes (spec 002 §6). */
  mayEdit: z.boolean(),
});

/** A finding as lists show it (spec 002 §3 Finding). */
export const Finding = z.strictObject({
  id: Id,
  number: z.number(),
  type: z.strictObject({ id: z.string(), code: z.string(), name: z.string(), color: z.string() }),
  location: z.string(),
  date_initiated: DateText,
  date_completed: z.nullable(DateText),
  condition: z.nullable(z.string()),
  control_measure: z.nullable(z.strictObject({ id: Id, name: z.string() })),
  comments: z.nullable(z.string()),
  /** CGP 5.2's choice for a CA finding of a project on the CGP, else null (0049). */
  corrective_action: z.nullable(z.enum(CORRECTIVE_ACTION_KINDS)),
  /** The last local date to complete it by (CGP 5.2), else null: late after 7 days open. */
  due_by: z.nullable(DateText),
  is_required_for_cert: z.boolean(),
  initial_inspection_id: Id,
  /** Carried into the inspection being read from an earlier one. */
  carried_over: z.boolean(),
  imageCount: z.number(),
  version: Version,
});
export type Finding = z.infer<typeof Finding>;

export const FindingObservation = z.strictObject({
  id: Id,
  content: z.string(),
  createdAt: IsoDateTime,
  author: PersonRef,
  mayEdit: z.boolean(),
});

/** A shape drawn over a photo (arrow, circle, rectangle, text), in the photo's own pixels. */
export const ImageAnnotation = z.strictObject({
  kind: z.enum(['arrow', 'circle', 'rectangle', 'text']),
  x: z.number(),
  y: z.number(),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  text: z.optional(z.string().check(z.maxLength(200))),
  color: z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/, 'The colour is not valid')),
});

export const FindingImage = z.strictObject({
  id: Id,
  name: z.string(),
  mime_type: z.string(),
  rotation: z.number(),
  annotations: z.array(ImageAnnotation),
  width: z.number(),
  height: z.number(),
  /** Short-lived links (the download pattern of 0009). */
  url: z.string(),
  thumbnailUrl: z.string(),
  uploadedAt: IsoDateTime,
});

export const FindingDetail = z.strictObject({
  ...Finding.shape,
  observations: z.array(FindingObservation),
  /** Absent without read Finding Images or when the client disabled images. */
  images: z.nullable(z.array(FindingImage)),
  /** Within the inspection the finding is read in (query inspectionId), by number. */
  previousId: z.nullable(Id),
  nextId: z.nullable(Id),
  /** The editable-state of the form for this caller (completed, locked, archived, public). */
  editable: z.boolean(),
});

export const SignatureLineView = z.strictObject({
  type: z.string(),
  label: z.nullable(z.string()),
  roleFieldLabel: z.string(),
  userFieldLabel: z.string(),
});

/** An immutable signature record (0018), with whether the inspection still matches it. */
export const Signature = z.strictObject({
  group: SignatureGroupName,
  lineType: z.string(),
  userId: Id,
  userName: z.string(),
  role: z.string(),
  position: z.nullable(z.string()),
  date: DateText,
  signedAt: IsoDateTime,
  attestation: z.nullable(z.string()),
  emailMessage: z.nullable(z.string()),
  contentDigest: z.string(),
  matches: z.boolean(),
});

/** One value per signature group the template has. */
const PerGroup = <T extends z.ZodMiniType>(value: T) =>
  z.strictObject({
    inspection: z.optional(value),
    acknowledgement: z.optional(value),
    compliance: z.optional(value),
  });

/** An answer by question id (the questionnaire's and post-storm entry's answers, as a list). */
export const QuestionAnswer = z.strictObject({
  questionId: z.string().check(z.maxLength(64)),
  value: AnswerValueSchema,
});
export const QuestionComment = z.strictObject({
  questionId: z.string().check(z.maxLength(64)),
  comment: z.nullable(z.string().check(z.maxLength(2000, 'Please keep the comment under 2000 characters'))),
});

/** Spec 000 §3 "Certification state per inspection", with 0018's additions. */
export const CertificationState = z.strictObject({
  inspectionId: Id,
  signatureGroups: z.array(z.strictObject({ group: SignatureGroupName, lines: z.array(SignatureLineView) })),
  userSignatures: z.array(Signature),
  groupOptions: PerGroup(z.strictObject({ enabled: z.boolean(), errors: z.array(z.string()) })),
  attestations: z.array(
    z.strictObject({
      id: z.string(),
      content: z.string(),
      signatureType: SignatureGroupName,
      order: z.number(),
    }),
  ),
  minCertificationDate: PerGroup(DateText),
  /** 'YYYY-MM-DD' in the project's zone: certification dates may not be later. */
  today: DateText,
  /** The caller consented to electronic signatures (spec 000 §4). */
  consented: z.boolean(),
  /** Groups the caller's role may sign. */
  maySign: z.array(SignatureGroupName),
});
export type CertificationState = z.infer<typeof CertificationState>;
