/**
 * An inspection template as data (spec 002 §3 Question group, Question, Finding type, Signature
 * data; docs/decisions/0018). A template is published as immutable versions; an inspection
 * answers the version it was created against, so a later edit never changes how it reads.
 */

/** Spec 002 §2 Questionnaire: every type a question may have. */
export const QUESTION_TYPES = [
  { id: 'select', label: 'Select One' },
  { id: 'multiselect', label: 'Select Any' },
  { id: 'time', label: 'Time' },
  { id: 'date', label: 'Date' },
  { id: 'datetime', label: 'Date + Time' },
  { id: 'boolean', label: 'Yes/No' },
  { id: 'boolean_na', label: 'Yes/No/N/A' },
  { id: 'radio_group', label: 'Radio Group' },
  { id: 'checkbox', label: 'Checkbox' },
  { id: 'single_checkbox', label: 'Single Checkbox' },
  { id: 'descriptive_text', label: 'Descriptive Text' },
  { id: 'textarea', label: 'Text Area' },
  { id: 'finding_array', label: 'Finding Array' },
  { id: 'text', label: 'Text' },
  { id: 'number', label: 'Number' },
] as const;
export type QuestionTypeId = (typeof QUESTION_TYPES)[number]['id'];
export const QUESTION_TYPE_IDS = QUESTION_TYPES.map((t) => t.id) as unknown as readonly [
  QuestionTypeId,
  ...QuestionTypeId[],
];

/** Types whose answer is one or several of the question's options. */
export const OPTION_TYPES: readonly QuestionTypeId[] = ['select', 'multiselect', 'radio_group', 'checkbox'];

/**
 * Spec 002 §2: 'Inspection Date' and 'Inspection Type' give the inspection its date and type;
 * default-to-current-user fills a text question with the inspector's name on creation.
 */
export const QUESTION_FEATURES = ['inspection_date', 'inspection_type', 'default_current_user'] as const;
export type QuestionFeature = (typeof QUESTION_FEATURES)[number];
export const FEATURE_LABELS: Record<QuestionFeature, string> = {
  inspection_date: 'Inspection Date',
  inspection_type: 'Inspection Type',
  default_current_user: 'Default to current user',
};

/** Spec 000 §3: the inspection types, as shown. Keys hold their codes (docs/data-model.md). */
export const INSPECTION_TYPES = ['Routine', 'Post Storm', 'Routine + Post Storm'] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];
export const INSPECTION_TYPE_CODES: Record<InspectionType, string> = {
  Routine: 'ROUTINE',
  'Post Storm': 'POSTSTORM',
  'Routine + Post Storm': 'ROUTINE_POSTSTORM',
};

export interface QuestionOption {
  id: string;
  name: string;
  description: string | null;
  /** Asked only while this option is chosen (one level deep). */
  child_questions: Question[];
}

export interface Question {
  id: string;
  input_label: string;
  description: string | null;
  question_type_id: QuestionTypeId;
  sort_order: number;
  /** Percent of the row (FORM layout); 100 when empty. */
  questionWidth: number;
  required: boolean;
  features: QuestionFeature[];
  options: QuestionOption[];
  /**
   * Date and date-time questions: whether the answer may be later than now (spec 002 §5 limits
   * inspection date questions only; issue 24). Absent in versions stored before the flag, and
   * then true: only the question with the 'Inspection Date' feature is limited, and it always is
   * (mayBeInFuture).
   */
  may_be_future?: boolean;
  /**
   * The question's configuration (question-config.ts): field id to value ('text.max_length': 200).
   * In the question, so a published version pins it; absent fields take the built-in default.
   */
  config?: QuestionConfigValues;
}

/** A question's configuration values by field id (docs/decisions/0036 "Question configuration"). */
export type QuestionConfigValues = Partial<Record<string, string | number>>;

export interface QuestionGroup {
  id: string;
  name: string;
  layout_type: 'FORM' | 'TABLE';
  order: number;
  description: string | null;
  table_headers: string[];
  questions: Question[];
}

/** Spec 002 §3 Finding type; `code` is what keys and counts use ('CA', 'MI', 'A', or the name). */
export interface FindingType {
  id: string;
  name: string;
  code: string;
  is_static_type: boolean;
  details: { is_enabled: boolean; is_required_for_cert: boolean; color: string };
}

export const SIGNATURE_GROUPS = ['inspection', 'acknowledgement', 'compliance'] as const;
export type SignatureGroup = (typeof SIGNATURE_GROUPS)[number];
/** Each signature group as the certification screens title it. */
export const SIGNATURE_GROUP_TITLES: Record<SignatureGroup, string> = {
  inspection: 'Inspection Certification',
  acknowledgement: 'Acknowledgement',
  compliance: 'Compliance Certification',
};

export interface SignatureLine {
  /** Unique within its group: the line a signature fills ('inspector', 'officer'). */
  type: string;
  label: string | null;
  roleFieldLabel: string;
  userFieldLabel: string;
}

export interface Attestation {
  id: string;
  /** Markdown, shown above the group's lines and stored with each signature as signed. */
  content: string;
  signatureType: SignatureGroup;
  order: number;
}

/** A post-storm bulk entry question (spec 002 §3): one of the questionnaire's, by id. */
export interface PostStormQuestionRef {
  questionId: string;
}

/**
 * What the spec names by template ('CDOT': exempt from the creation rule, Control Measure and
 * Condition on findings; the Maryland kind: reopening also clears the certification date).
 */
export type TemplateKind = 'standard' | 'cdot' | 'maryland';

export interface ConditionOption {
  code: string;
  label: string;
}

export interface TemplateVersion {
  templateId: string;
  version: number;
  name: string;
  kind: TemplateKind;
  has_acknowledgement: boolean;
  has_compliance_cert: boolean;
  question_groups: QuestionGroup[];
  finding_types: FindingType[];
  signature_groups: Partial<Record<SignatureGroup, SignatureLine[]>>;
  attestations: Attestation[];
  /** The Condition Group (spec 002 §9), when applied: findings then need a Condition. */
  condition_options: ConditionOption[];
  /** Findings need a Control Measure (legend item) as well. */
  control_measure_required: boolean;
  /** The questions the post-storm bulk entry asks, in order. */
  post_storm_questions: PostStormQuestionRef[];
  /**
   * The template's logo (spec 002 §2, served from /dl/{GUID}): a published version pins the one
   * its draft had. Absent in versions stored before the logo.
   */
  logo_GUID?: string | null;
}

/** Spec 002 §9 defaults. */
export const DEFAULT_CONDITION_OPTIONS: readonly ConditionOption[] = [
  { code: 'I', label: '(I) Installation' },
  { code: 'M', label: '(M) BMP Maintenance' },
  { code: 'S', label: '(S) Street Sweeping' },
  { code: 'C', label: '(C) Contractor Responsibility' },
  { code: 'A', label: '(A) Additional Control Measure Needed' },
  { code: 'R', label: '(R) Remove Control Measure' },
];
export const DEFAULT_FINDING_COLOR = '#2FF363';
export const DEFAULT_ACKNOWLEDGEMENT_TEXT =
  'I certify that this report is true, and complete, to the best of my knowledge and belief.';

/** Every question of a version, child questions included, in questionnaire order. */
export function allQuestions(version: Pick<TemplateVersion, 'question_groups'>): Question[] {
  const out: Question[] = [];
  const visit = (q: Question) => {
    out.push(q);
    for (const option of q.options) option.child_questions.forEach(visit);
  };
  for (const group of [...version.question_groups].sort((a, b) => a.order - b.order))
    [...group.questions].sort((a, b) => a.sort_order - b.sort_order).forEach(visit);
  return out;
}

/** The question that carries a feature ('Inspection Date', 'Inspection Type'), if any. */
export function questionWithFeature(
  version: Pick<TemplateVersion, 'question_groups'>,
  feature: QuestionFeature,
): Question | undefined {
  return allQuestions(version).find((q) => q.features.includes(feature));
}

/**
 * Whether a date or date-time question's answer may be later than now: never for the question
 * that gives the inspection its date (spec 002 §5 "Inspection date questions cannot be in the
 * future"), otherwise as the question is marked, and yes when it is not marked.
 */
export function mayBeInFuture(question: Pick<Question, 'features' | 'may_be_future'>): boolean {
  return !question.features.includes('inspection_date') && question.may_be_future !== false;
}
