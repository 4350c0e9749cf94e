import * as z from 'zod/mini';
import { QUESTION_FEATURES, QUESTION_TYPE_IDS, SIGNATURE_GROUPS } from '@stormline/domain/template-model';
import type * as domain from '@stormline/domain/template-model';
import { QUESTION_TYPE_FIELDS } from '@stormline/domain/question-config';

/**
 * The template model of packages/domain/src/template-model.ts as response schemas (the
 * questionnaire, the finding form's types, the template's signatures). The domain types are the
 * source; the checks at the end keep the two the same shape.
 */

/**
 * A question's configuration: each field of QUESTION_TYPE_FIELDS, of its kind, optional (strict,
 * so an unknown field is refused on import and never passes through a response).
 */
const QuestionConfigSchema = z.strictObject(
  Object.fromEntries(
    QUESTION_TYPE_FIELDS.map((f) => [f.id, z.optional(f.kind === 'text' ? z.string() : z.number())]),
  ),
);

/** The fields of a question, with its options' child questions given (one level deep, 0018). */
function questionSchema<C extends z.ZodMiniType>(childQuestion: C) {
  return z.strictObject({
    id: z.string(),
    input_label: z.string(),
    description: z.nullable(z.string()),
    question_type_id: z.enum(QUESTION_TYPE_IDS),
    sort_order: z.number(),
    questionWidth: z.number(),
    required: z.boolean(),
    features: z.array(z.enum(QUESTION_FEATURES)),
    options: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        description: z.nullable(z.string()),
        child_questions: z.array(childQuestion),
      }),
    ),
    /** Absent in versions stored before issue 24 (mayBeInFuture in the domain). */
    may_be_future: z.optional(z.boolean()),
    /** The question's configuration by field id; absent fields take the built-in default (0036). */
    config: z.optional(QuestionConfigSchema),
  });
}

/** A child question: asked under an option; its own options hold no further questions. */
const ChildQuestionSchema = questionSchema(z.never());
export const QuestionSchema = questionSchema(ChildQuestionSchema);

export const QuestionGroupSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  layout_type: z.enum(['FORM', 'TABLE']),
  order: z.number(),
  description: z.nullable(z.string()),
  table_headers: z.array(z.string()),
  questions: z.array(QuestionSchema),
});

export const FindingTypeSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  is_static_type: z.boolean(),
  details: z.strictObject({ is_enabled: z.boolean(), is_required_for_cert: z.boolean(), color: z.string() }),
});

export const SignatureLineSchema = z.strictObject({
  type: z.string(),
  label: z.nullable(z.string()),
  roleFieldLabel: z.string(),
  userFieldLabel: z.string(),
});

export const AttestationSchema = z.strictObject({
  id: z.string(),
  content: z.string(),
  signatureType: z.enum(SIGNATURE_GROUPS),
  order: z.number(),
});

export const ConditionOptionSchema = z.strictObject({ code: z.string(), label: z.string() });

// The schemas and the domain types describe the same records.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
type Fits<A, B> = [A] extends [B] ? true : never;
export const sameShapes: [
  // The domain's question is recursive; the contract's stops at child questions (one level deep).
  Fits<z.infer<typeof QuestionGroupSchema>, domain.QuestionGroup>,
  Same<z.infer<typeof FindingTypeSchema>, domain.FindingType>,
  Same<z.infer<typeof SignatureLineSchema>, domain.SignatureLine>,
  Same<z.infer<typeof AttestationSchema>, domain.Attestation>,
] = [true, true, true, true];
