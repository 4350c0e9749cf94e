import { NotFoundError, ValidationError } from './errors';
import {
  DEFAULT_ACKNOWLEDGEMENT_TEXT,
  DEFAULT_CONDITION_OPTIONS,
  DEFAULT_FINDING_COLOR,
  FEATURE_LABELS,
  INSPECTION_TYPES,
  OPTION_TYPES,
  QUESTION_FEATURES,
  QUESTION_TYPES,
} from './template-model';
import type {
  Attestation,
  FindingType,
  Question,
  QuestionFeature,
  QuestionGroup,
  QuestionOption,
  QuestionConfigValues,
  QuestionTypeId,
  SignatureGroup,
  SignatureLine,
  TemplateVersion,
} from './template-model';
import { checkedConfig } from './question-config';
import { STATIC_FINDING_TYPES } from './system-templates/build';
import { TEMPLATE_MESSAGES, templateIssues } from './template-rules';

/**
 * The template editor's changes (spec 002 §2 "Inspection template editor", §4, §5, §9), as pure
 * functions of a draft's content (docs/decisions/0036): each answers the changed content or
 * throws a ValidationError with the spec's words. The handlers apply them to the stored draft and
 * the SPA's editor to what it shows, so both refuse the same things the same way.
 */

/** What a draft and a version hold besides their identity. */
export type TemplateContent = Omit<TemplateVersion, 'templateId' | 'version'>;

export const TEMPLATE_EDIT_MESSAGES = {
  /** Spec 002 §8: a write to a system template. */
  systemReadOnly: 'Editing of System templates is not currently allowed.',
  /** Spec 002 §2: what the editor shows on a system template. */
  systemNotice: 'System Templates can not be edited at this time.',
  /** Spec 002 §8. */
  conditionGroupApplied: 'Condition Group already applied',
  groupNotFound: 'Question group not found',
  questionNotFound: 'Question not found',
  optionNotFound: 'Option not found',
  optionTwice: 'An option is listed twice: each option may appear once',
  duplicateCode: (code: string) => `Two finding types have the code ${code}: each code may appear once`,
  staticMissing: (name: string, code: string) =>
    `The built-in finding type ${name} (${code}) cannot be left out of a template`,
  findingTypeNotFound: 'Finding type not found',
  notInPicker: (label: string) => `Questions of the type ${label} cannot be added`,
  childrenOneLevel: 'A child question cannot have child questions of its own',
  featureType: (feature: QuestionFeature) =>
    `The '${FEATURE_LABELS[feature]}' feature applies to ${FEATURE_TYPES_TEXT[feature]} questions only`,
  featureTaken: (feature: QuestionFeature, label: string) =>
    `The question '${label}' has the '${FEATURE_LABELS[feature]}' feature already`,
  width: 'The width is a percentage from 1 to 100',
  tooLarge: (kb: number) => `The template is too large: at most ${kb} KB of questions, options and texts`,
  duplicateLine: 'Two signature lines of a group cannot be the same line',
  attestationNotFound: 'Attestation not found',
  childMove: 'A child question stays under its option; move its parent question instead',
  staticFindingType: 'A static finding type cannot be deleted',
  staticCode: `Only the static finding types have the codes ${STATIC_FINDING_TYPES.map((t) => t.code).join(', ')}, and they keep them`,
  color: 'The colour is a hex colour such as #2FF363',
  lastLine: 'A signature line can be deleted only while another remains in its group',
  lineType: 'The signature line was not found',
  acknowledgementExists: 'The template has an acknowledgement already',
  noAcknowledgement: 'The template has no acknowledgement',
} as const;

/** Spec 002 §5: the types the question picker leaves out (of those the model knows). */
const LEFT_OUT_OF_PICKER: readonly QuestionTypeId[] = ['single_checkbox'];
export const PICKER_QUESTION_TYPES = QUESTION_TYPES.filter((t) => !LEFT_OUT_OF_PICKER.includes(t.id));

const isInspectionType = (name: string) => (INSPECTION_TYPES as readonly string[]).includes(name);

/**
 * The most a template's content may hold, encoded: a draft and each version are one DynamoDB item
 * (400 KB, docs/decisions/0018), and a version is a little larger than its draft.
 */
export const MAX_TEMPLATE_KB = 300;

/** Refuses content past MAX_TEMPLATE_KB with a 400, before DynamoDB would refuse the write. */
export function assertTemplateSize(content: TemplateContent): TemplateContent {
  const bytes = new TextEncoder().encode(JSON.stringify(content)).byteLength;
  if (bytes > MAX_TEMPLATE_KB * 1000)
    throw new ValidationError(TEMPLATE_EDIT_MESSAGES.tooLarge(MAX_TEMPLATE_KB));
  return content;
}

/** Which types may carry each feature: a date gives the inspection its date, and so on. */
const FEATURE_TYPES: Record<QuestionFeature, readonly QuestionTypeId[]> = {
  inspection_date: ['date', 'datetime'],
  inspection_type: ['select', 'radio_group'],
  default_current_user: ['text'],
};
const FEATURE_TYPES_TEXT: Record<QuestionFeature, string> = {
  inspection_date: 'Date and Date + Time',
  inspection_type: 'Select One and Radio Group',
  default_current_user: 'Text',
};

/** The features a question of `type` may carry: what the question editor offers. */
export function featuresOfType(type: QuestionTypeId): QuestionFeature[] {
  return QUESTION_FEATURES.filter((feature) => FEATURE_TYPES[feature].includes(type));
}

/** Spec 002 §4: what the editor warns of while a required feature is missing (word for word). */
export function featureWarnings(content: Pick<TemplateContent, 'question_groups'>): string[] {
  const questions = everyQuestion(content);
  const has = (feature: QuestionFeature) => questions.some((q) => q.features.includes(feature));
  return [
    ...(has('inspection_type') ? [] : [TEMPLATE_MESSAGES.inspectionType]),
    ...(has('inspection_date') ? [] : [TEMPLATE_MESSAGES.inspectionDate]),
  ];
}

// ---------------------------------------------------------------------------------------------
// Question groups

export interface GroupInput {
  name: string;
  layout_type: 'FORM' | 'TABLE';
  description?: string | null;
  table_headers?: string[];
}

function checkedGroup(input: GroupInput): Omit<QuestionGroup, 'id' | 'order' | 'questions'> {
  const name = input.name.trim();
  if (!name || !['FORM', 'TABLE'].includes(input.layout_type))
    throw new ValidationError(TEMPLATE_MESSAGES.groupRequired);
  return {
    name,
    layout_type: input.layout_type,
    description: input.description?.trim() || null,
    table_headers: (input.table_headers ?? []).map((h) => h.trim()),
  };
}

/** A new group at `position` (0 first), or last. */
export function addGroup(
  content: TemplateContent,
  id: string,
  input: GroupInput,
  position = Infinity,
): TemplateContent {
  const groups = [...content.question_groups].sort((a, b) => a.order - b.order);
  const at = Math.max(0, Math.min(Math.trunc(position), groups.length));
  groups.splice(at, 0, { id, ...checkedGroup(input), order: 0, questions: [] });
  return { ...content, question_groups: groups.map((g, order) => ({ ...g, order })) };
}

/** Name, layout, description and table headers; a TABLE group's questions take the whole row. */
export function updateGroup(content: TemplateContent, id: string, input: GroupInput): TemplateContent {
  const changes = checkedGroup(input);
  return withGroup(content, id, (group) => ({
    ...group,
    ...changes,
    questions:
      changes.layout_type === 'TABLE'
        ? group.questions.map((q) => ({ ...q, questionWidth: 100 }))
        : group.questions,
  }));
}

export function deleteGroup(content: TemplateContent, id: string): TemplateContent {
  groupById(content, id);
  return withoutDeletedRefs({
    ...content,
    question_groups: content.question_groups.filter((g) => g.id !== id),
  });
}

/** The post-storm entry asks only questions that are still there (templateIssues refuses others). */
function withoutDeletedRefs(content: TemplateContent): TemplateContent {
  const ids = new Set(everyQuestion(content).map((q) => q.id));
  return {
    ...content,
    post_storm_questions: content.post_storm_questions.filter((r) => ids.has(r.questionId)),
  };
}

/** Spec 002 §7 question-groups-swap: the two groups trade places. */
export function swapGroups(content: TemplateContent, firstId: string, secondId: string): TemplateContent {
  const first = groupById(content, firstId);
  const second = groupById(content, secondId);
  return {
    ...content,
    question_groups: content.question_groups.map((g) =>
      g.id === first.id
        ? { ...g, order: second.order }
        : g.id === second.id
          ? { ...g, order: first.order }
          : g,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Questions

export interface QuestionInput {
  input_label: string;
  description?: string | null;
  question_type_id: QuestionTypeId;
  /** Percent of the row; empty means 100 (spec 002 §5), and a TABLE group's are always 100. */
  questionWidth?: number | null;
  required?: boolean;
  features?: QuestionFeature[];
  /** Option-based types only; an option keeps its id (and its child questions) when it has one. */
  options?: { id?: string; name: string; description?: string | null }[];
  /** Date questions: whether the answer may be later than today (never for 'Inspection Date'). */
  may_be_future?: boolean;
  /**
   * The configuration a question of this type starts with (the company's defaults for new
   * questions, question-config.ts): used when the question is added or changes type; otherwise
   * the question keeps its own (PUT /api/questions/{id}/config changes it).
   */
  config?: QuestionConfigValues;
}

/** Where a question sits: its group, and the option it is asked under when it is a child. */
export interface QuestionPlace {
  question: Question;
  group: QuestionGroup;
  parent?: { question: Question; option: QuestionOption };
}

export function findQuestion(content: Pick<TemplateContent, 'question_groups'>, id: string): QuestionPlace {
  for (const group of content.question_groups)
    for (const question of group.questions) {
      if (question.id === id) return { question, group };
      for (const option of question.options)
        for (const child of option.child_questions)
          if (child.id === id) return { question: child, group, parent: { question, option } };
    }
  throw new NotFoundError(TEMPLATE_EDIT_MESSAGES.questionNotFound);
}

/**
 * A question built from the editor's input: label and type required, options only for option
 * types (and at least one), features on the types they fit and on one question each.
 */
function checkedQuestion(
  content: TemplateContent,
  layout: QuestionGroup['layout_type'],
  input: QuestionInput,
  keep: Pick<Question, 'id' | 'sort_order' | 'options'> &
    Partial<Pick<Question, 'question_type_id' | 'config'>>,
  newId: () => string,
): Question {
  const label = input.input_label.trim();
  const type = QUESTION_TYPES.find((t) => t.id === input.question_type_id);
  if (!label || !type) throw new ValidationError(TEMPLATE_MESSAGES.labelRequired);
  const optionType = OPTION_TYPES.includes(type.id);
  const options = input.options ?? [];
  if (!optionType && options.length > 0)
    throw new ValidationError(TEMPLATE_MESSAGES.optionsOnlyForOptionTypes);
  if (optionType && options.length === 0) throw new ValidationError(TEMPLATE_MESSAGES.optionsRequired);
  const width = input.questionWidth ?? 100;
  if (!Number.isInteger(width) || width < 1 || width > 100)
    throw new ValidationError(TEMPLATE_EDIT_MESSAGES.width);
  const features = [...new Set(input.features ?? [])];
  for (const feature of features) {
    if (!FEATURE_TYPES[feature].includes(type.id))
      throw new ValidationError(TEMPLATE_EDIT_MESSAGES.featureType(feature));
    const holder = everyQuestion(content).find((q) => q.id !== keep.id && q.features.includes(feature));
    if (holder) throw new ValidationError(TEMPLATE_EDIT_MESSAGES.featureTaken(feature, holder.input_label));
  }
  if (features.includes('inspection_type') && !options.every((o) => isInspectionType(o.name.trim())))
    throw new ValidationError(TEMPLATE_MESSAGES.inspectionTypeOptions);
  const kept = new Map(keep.options.map((o) => [o.id, o]));
  const sentIds = options.flatMap((o) => (o.id ? [o.id] : []));
  if (new Set(sentIds).size !== sentIds.length) throw new ValidationError(TEMPLATE_EDIT_MESSAGES.optionTwice);
  return {
    id: keep.id,
    input_label: label,
    description: input.description?.trim() || null,
    question_type_id: type.id,
    sort_order: keep.sort_order,
    questionWidth: layout === 'TABLE' ? 100 : width,
    required: input.required ?? false,
    features,
    options: options.map((o) => {
      const name = o.name.trim();
      if (!name) throw new ValidationError(TEMPLATE_MESSAGES.optionsRequired);
      const before = o.id ? kept.get(o.id) : undefined;
      if (o.id && !before) throw new NotFoundError(TEMPLATE_EDIT_MESSAGES.optionNotFound);
      return {
        id: before?.id ?? newId(),
        name,
        description: o.description?.trim() || null,
        child_questions: before?.child_questions ?? [],
      };
    }),
    ...(type.id === 'date' || type.id === 'datetime'
      ? { may_be_future: !features.includes('inspection_date') && (input.may_be_future ?? false) }
      : {}),
    ...configKept(type.id, keep, input),
  };
}

/** A question keeps its configuration while its type stays; a new type starts from the input's. */
function configKept(
  type: QuestionTypeId,
  keep: Partial<Pick<Question, 'question_type_id' | 'config'>>,
  input: QuestionInput,
): Pick<Question, 'config'> {
  const config = keep.question_type_id === type ? keep.config : input.config;
  return config && Object.keys(config).length > 0 ? { config } : {};
}

/** Spec 002 §5: a question of a type the picker leaves out is not added (a copied one may be kept). */
function checkInPicker(type: QuestionTypeId): void {
  if (PICKER_QUESTION_TYPES.some((t) => t.id === type)) return;
  const label = QUESTION_TYPES.find((t) => t.id === type)?.label ?? type;
  throw new ValidationError(TEMPLATE_EDIT_MESSAGES.notInPicker(label));
}

/**
 * Adds a question at the end of a group, or under an option of one of its questions (one level
 * deep: 0018). `newId` names the question's new options.
 */
export function addQuestion(
  content: TemplateContent,
  place: { groupId: string; under?: { questionId: string; optionId: string } },
  id: string,
  input: QuestionInput,
  newId: () => string,
): TemplateContent {
  if (!PICKER_QUESTION_TYPES.some((t) => t.id === input.question_type_id)) {
    const label =
      QUESTION_TYPES.find((t) => t.id === input.question_type_id)?.label ?? input.question_type_id;
    throw new ValidationError(TEMPLATE_EDIT_MESSAGES.notInPicker(label));
  }
  const group = groupById(content, place.groupId);
  if (!place.under) {
    const question = checkedQuestion(
      content,
      group.layout_type,
      input,
      { id, sort_order: group.questions.length, options: [] },
      newId,
    );
    return withGroup(content, group.id, (g) => ({ ...g, questions: [...sorted(g.questions), question] }));
  }
  const { questionId, optionId } = place.under;
  const parent = findQuestion(content, questionId);
  if (parent.group.id !== group.id) throw new NotFoundError(TEMPLATE_EDIT_MESSAGES.questionNotFound);
  if (parent.parent) throw new ValidationError(TEMPLATE_EDIT_MESSAGES.childrenOneLevel);
  const option = parent.question.options.find((o) => o.id === optionId);
  if (!option) throw new NotFoundError(TEMPLATE_EDIT_MESSAGES.optionNotFound);
  const child = checkedQuestion(
    content,
    'FORM',
    input,
    { id, sort_order: option.child_questions.length, options: [] },
    newId,
  );
  return withQuestion(content, questionId, (q) => ({
    ...q,
    options: q.options.map((o) =>
      o.id === optionId ? { ...o, child_questions: [...o.child_questions, child] } : o,
    ),
  }));
}

/**
 * Edits a question. With `groupId` and `sort_order` (spec 002 §7 "PUT /api/questions/{id}
 * (sort_order and groupId for reorder)") a top-level question moves to that place, 0 first; the
 * orders of both groups are renumbered.
 */
export function updateQuestion(
  content: TemplateContent,
  id: string,
  input: QuestionInput & { groupId?: string; sort_order?: number },
  newId: () => string,
): TemplateContent {
  const place = findQuestion(content, id);
  if (input.question_type_id !== place.question.question_type_id) checkInPicker(input.question_type_id);
  if (place.parent && (input.groupId !== undefined || input.sort_order !== undefined))
    throw new ValidationError(TEMPLATE_EDIT_MESSAGES.childMove);
  const layout = place.parent ? 'FORM' : place.group.layout_type;
  const changed = checkedQuestion(content, layout, input, place.question, newId);
  if (place.parent && changed.options.some((o) => o.child_questions.length > 0))
    throw new ValidationError(TEMPLATE_EDIT_MESSAGES.childrenOneLevel);
  let next = withQuestion(content, id, () => changed);
  const moving = !place.parent && (input.groupId !== undefined || input.sort_order !== undefined);
  if (moving) next = moveQuestion(next, id, input.groupId ?? place.group.id, input.sort_order ?? Infinity);
  return next;
}

function moveQuestion(
  content: TemplateContent,
  id: string,
  groupId: string,
  position: number,
): TemplateContent {
  const target = groupById(content, groupId);
  const { question, group: from } = findQuestion(content, id);
  const without = withGroup(content, from.id, (g) => ({
    ...g,
    questions: renumber(sorted(g.questions).filter((q) => q.id !== id)),
  }));
  const moved = target.layout_type === 'TABLE' ? { ...question, questionWidth: 100 } : question;
  return withGroup(without, target.id, (g) => {
    const questions = sorted(g.questions);
    const at = Math.max(0, Math.min(Math.trunc(position), questions.length));
    questions.splice(at, 0, moved);
    return { ...g, questions: renumber(questions) };
  });
}

export function deleteQuestion(content: TemplateContent, id: string): TemplateContent {
  return withoutDeletedRefs(deletedQuestion(content, id));
}

/**
 * Spec 002 §7 PUT /api/questions/{questionId}/config: the question's whole configuration, as
 * `{ questionFieldId, value }` items (checkedConfig: each field its type's, in its bounds, the
 * minimum not above the maximum); fields left out or empty take their built-in defaults.
 */
export function setQuestionConfig(
  content: TemplateContent,
  id: string,
  items: readonly { questionFieldId: string; value: unknown }[],
): TemplateContent {
  const { question } = findQuestion(content, id);
  const config = checkedConfig(question.question_type_id, items);
  return withQuestion(content, id, ({ config: _old, ...q }) =>
    Object.keys(config).length > 0 ? { ...q, config } : q,
  );
}

function deletedQuestion(content: TemplateContent, id: string): TemplateContent {
  const place = findQuestion(content, id);
  if (place.parent)
    return withQuestion(content, place.parent.question.id, (q) => ({
      ...q,
      options: q.options.map((o) => ({
        ...o,
        child_questions: renumber(o.child_questions.filter((c) => c.id !== id)),
      })),
    }));
  return withGroup(content, place.group.id, (g) => ({
    ...g,
    questions: renumber(sorted(g.questions).filter((q) => q.id !== id)),
  }));
}

// ---------------------------------------------------------------------------------------------
// Condition Group, finding types

/** Spec 002 §2: the Condition Group, with §9's default options, once. */
export function applyConditionGroup(content: TemplateContent): TemplateContent {
  if (content.condition_options.length > 0)
    throw new ValidationError(TEMPLATE_EDIT_MESSAGES.conditionGroupApplied);
  return { ...content, condition_options: DEFAULT_CONDITION_OPTIONS.map((o) => ({ ...o })) };
}

export interface FindingTypeInput {
  name: string;
  color?: string;
  is_enabled?: boolean;
  is_required_for_cert?: boolean;
}

const nameKey = (name: string) => name.trim().toLowerCase();

function checkedFindingTypes(types: FindingType[]): FindingType[] {
  if (!types.some((t) => t.details.is_enabled)) throw new ValidationError(TEMPLATE_MESSAGES.oneInclude);
  // Findings are counted by code ('CA', 'MI', 'A' for the static types): a new type named 'ca' would pass for one.
  for (const key of [(t: FindingType) => t.name, (t: FindingType) => t.code]) {
    const values = types.map((t) => nameKey(key(t)));
    if (new Set(values).size !== values.length)
      throw new ValidationError(TEMPLATE_MESSAGES.duplicateFindingType);
  }
  return types;
}

/**
 * Include and required-for-certification (spec 002 §4, §5): requiring certification needs
 * Include ('Include must be enabled'); turning Include off clears the requirement.
 */
function details(
  before: FindingType['details'] | undefined,
  input: FindingTypeInput,
): FindingType['details'] {
  const enabled = input.is_enabled ?? before?.is_enabled ?? true;
  const wantsCert = input.is_required_for_cert ?? (enabled ? (before?.is_required_for_cert ?? false) : false);
  if (wantsCert && !enabled && input.is_required_for_cert === true)
    throw new ValidationError(TEMPLATE_MESSAGES.includeForCert);
  return {
    is_enabled: enabled,
    is_required_for_cert: enabled && wantsCert,
    color: input.color ?? before?.color ?? DEFAULT_FINDING_COLOR,
  };
}

export function addFindingType(
  content: TemplateContent,
  id: string,
  input: FindingTypeInput,
): TemplateContent {
  const name = input.name.trim();
  if (!name) throw new ValidationError(TEMPLATE_MESSAGES.labelRequired);
  const type: FindingType = {
    id,
    name,
    code: name,
    is_static_type: false,
    details: details(undefined, input),
  };
  return { ...content, finding_types: checkedFindingTypes([...content.finding_types, type]) };
}

/** Name (not of a static type: findings count by it), colour, Include and required-for-cert. */
export function updateFindingType(
  content: TemplateContent,
  id: string,
  input: Partial<FindingTypeInput>,
): TemplateContent {
  const before = findingTypeById(content, id);
  const name = before.is_static_type ? before.name : (input.name ?? before.name).trim();
  if (!name) throw new ValidationError(TEMPLATE_MESSAGES.labelRequired);
  const after: FindingType = {
    ...before,
    name,
    code: before.is_static_type ? before.code : name,
    details: details(before.details, { name, ...input }),
  };
  return {
    ...content,
    finding_types: checkedFindingTypes(content.finding_types.map((t) => (t.id === id ? after : t))),
  };
}

export function deleteFindingType(content: TemplateContent, id: string): TemplateContent {
  if (findingTypeById(content, id).is_static_type)
    throw new ValidationError(TEMPLATE_EDIT_MESSAGES.staticFindingType);
  return { ...content, finding_types: checkedFindingTypes(content.finding_types.filter((t) => t.id !== id)) };
}

// ---------------------------------------------------------------------------------------------
// Signatures and attestations

export interface LineInput {
  type?: string;
  label?: string | null;
  roleFieldLabel: string;
  userFieldLabel: string;
}

/** Spec 002 §9: a new line's labels, and the acknowledgement's. */
export const DEFAULT_LINE_LABELS = { roleFieldLabel: 'Position', userFieldLabel: 'Full Name' } as const;
export const ACKNOWLEDGEMENT_LINE_LABELS = {
  roleFieldLabel: 'Inspector Qualifications',
  userFieldLabel: 'Inspector Name',
} as const;

function checkedLine(input: LineInput, type: string): SignatureLine {
  const roleFieldLabel = input.roleFieldLabel.trim();
  const userFieldLabel = input.userFieldLabel.trim();
  if (!roleFieldLabel || !userFieldLabel) throw new ValidationError(TEMPLATE_MESSAGES.lineLabels);
  return { type, label: input.label?.trim() || null, roleFieldLabel, userFieldLabel };
}

/**
 * A group's lines as the signature editor saves them: each line keeps its `type` (what a
 * signature fills) or gets `newType`; a group keeps at least one line (spec 002 §5: a line can be
 * deleted only while more than one remains).
 */
export function setSignatureLines(
  content: TemplateContent,
  group: SignatureGroup,
  lines: LineInput[],
  newType: () => string,
): TemplateContent {
  const before = content.signature_groups[group] ?? [];
  if (group === 'acknowledgement' && !content.has_acknowledgement)
    throw new ValidationError(TEMPLATE_EDIT_MESSAGES.noAcknowledgement);
  if (lines.length === 0) throw new ValidationError(TEMPLATE_EDIT_MESSAGES.lastLine);
  const known = new Set(before.map((l) => l.type));
  const given = lines.flatMap((l) => (l.type === undefined ? [] : [l.type]));
  if (new Set(given).size !== given.length) throw new ValidationError(TEMPLATE_EDIT_MESSAGES.duplicateLine);
  const next = lines.map((line) => {
    if (line.type !== undefined && !known.has(line.type))
      throw new ValidationError(TEMPLATE_EDIT_MESSAGES.lineType);
    return checkedLine(line, line.type ?? newType());
  });
  return { ...content, signature_groups: { ...content.signature_groups, [group]: next } };
}

/** Spec 002 §4: Add Acknowledgement only when none exists; §9's text and line labels. */
export function addAcknowledgement(
  content: TemplateContent,
  attestationId: string,
  lineType: string,
): TemplateContent {
  if (content.has_acknowledgement) throw new ValidationError(TEMPLATE_EDIT_MESSAGES.acknowledgementExists);
  const order = Math.max(-1, ...content.attestations.map((a) => a.order)) + 1;
  return {
    ...content,
    has_acknowledgement: true,
    signature_groups: {
      ...content.signature_groups,
      acknowledgement: [{ type: lineType, label: null, ...ACKNOWLEDGEMENT_LINE_LABELS }],
    },
    attestations: [
      ...content.attestations,
      { id: attestationId, content: DEFAULT_ACKNOWLEDGEMENT_TEXT, signatureType: 'acknowledgement', order },
    ],
  };
}

/**
 * Whether the template has a compliance certificate (spec 002 §3 has_compliance_cert): turned on,
 * it gets a compliance line with §9's labels when it has none, since certification applies a
 * group only with lines (groupsOf); turned off, its lines stay for when it is turned on again.
 */
export function setComplianceCertificate(content: TemplateContent, on: boolean): TemplateContent {
  if (!on || content.signature_groups.compliance?.length) return { ...content, has_compliance_cert: on };
  return {
    ...content,
    has_compliance_cert: true,
    signature_groups: {
      ...content.signature_groups,
      compliance: [{ type: 'compliance', label: null, ...DEFAULT_LINE_LABELS }],
    },
  };
}

/** A group's attestations as the editor saves them (markdown; statement required). */
export function setAttestations(
  content: TemplateContent,
  group: SignatureGroup,
  attestations: { id?: string; content: string }[],
  newId: () => string,
): TemplateContent {
  const known = new Set(content.attestations.filter((a) => a.signatureType === group).map((a) => a.id));
  const given = attestations.flatMap((a) => (a.id === undefined ? [] : [a.id]));
  if (new Set(given).size !== given.length)
    throw new ValidationError(TEMPLATE_MESSAGES.duplicateId(given[0]!));
  const next: Attestation[] = attestations.map((a, order) => {
    if (!a.content.trim()) throw new ValidationError(TEMPLATE_MESSAGES.attestationRequired);
    if (a.id !== undefined && !known.has(a.id))
      throw new ValidationError(TEMPLATE_MESSAGES.attestationRequired);
    return { id: a.id ?? newId(), content: a.content.trim(), signatureType: group, order };
  });
  return {
    ...content,
    attestations: [...content.attestations.filter((a) => a.signatureType !== group), ...next],
  };
}

// ---------------------------------------------------------------------------------------------
// Ids, copies and new templates

/**
 * A user template's groups, questions, options, finding types and attestations have ids that
 * name their template (docs/decisions/0036): `<templateId>_<suffix>`. A template id holds no `_`.
 */
export const partId = (templateId: string, suffix: string) => `${templateId}_${suffix}`;

/** The template a part id names, or null for an id of another form (a system template's). */
export function templateIdOfPart(id: string): string | null {
  const at = id.indexOf('_');
  return at > 0 ? id.slice(0, at) : null;
}

/**
 * The content of a copy: the same questionnaire, finding types, signatures and attestations,
 * every id new (answers are stored by question id, so no two templates share one), the
 * post-storm questions following their questions.
 */
export function copyContent(content: TemplateContent, name: string, newId: () => string): TemplateContent {
  // The logo's file belongs to the template it was uploaded to: a copy starts without one.
  const { logo_GUID: _logo, ...rest } = content;
  const renamed = new Map<string, string>();
  const fresh = (id: string) => {
    const next = newId();
    renamed.set(id, next);
    return next;
  };
  const copyQuestion = (q: Question): Question => ({
    ...q,
    id: fresh(q.id),
    features: [...q.features],
    options: q.options.map((o) => ({
      ...o,
      id: fresh(o.id),
      child_questions: o.child_questions.map(copyQuestion),
    })),
  });
  const question_groups = content.question_groups.map((g) => ({
    ...g,
    id: fresh(g.id),
    table_headers: [...g.table_headers],
    questions: g.questions.map(copyQuestion),
  }));
  return {
    ...rest,
    name,
    question_groups,
    finding_types: content.finding_types.map((t) => ({ ...t, id: fresh(t.id), details: { ...t.details } })),
    signature_groups: Object.fromEntries(
      Object.entries(content.signature_groups).map(([group, lines]) => [group, lines.map((l) => ({ ...l }))]),
    ),
    attestations: content.attestations.map((a) => ({ ...a, id: fresh(a.id) })),
    condition_options: content.condition_options.map((o) => ({ ...o })),
    post_storm_questions: content.post_storm_questions.map((ref) => ({
      questionId: renamed.get(ref.questionId) ?? ref.questionId,
    })),
  };
}

/**
 * What a template file's content may not be when it is imported (issue 19: export and import): the
 * checks a published template passes, except the two feature warnings a draft may still show
 * (spec 002 §4: a question with the feature may be missing, never two), and the editor's own rules
 * a hand-edited file could break (features on the types they fit, widths, finding types' names,
 * codes, colours and static codes, signature lines).
 */
export function importIssues(content: TemplateContent): string[] {
  const drafting = new Set<string>([TEMPLATE_MESSAGES.inspectionType, TEMPLATE_MESSAGES.inspectionDate]);
  const issues = templateIssues({ ...content, templateId: 'import', version: 0 }).filter(
    (issue) => !drafting.has(issue),
  );
  const questions = everyQuestion(content);
  for (const feature of QUESTION_FEATURES) {
    const holders = questions.filter((q) => q.features.includes(feature));
    if (holders.length > 1)
      issues.push(TEMPLATE_EDIT_MESSAGES.featureTaken(feature, holders[0]!.input_label));
  }
  for (const q of questions) {
    for (const feature of new Set(q.features))
      if (!FEATURE_TYPES[feature].includes(q.question_type_id))
        issues.push(`${q.input_label}: ${TEMPLATE_EDIT_MESSAGES.featureType(feature)}`);
    if (!Number.isInteger(q.questionWidth) || q.questionWidth < 1 || q.questionWidth > 100)
      issues.push(`${q.input_label}: ${TEMPLATE_EDIT_MESSAGES.width}`);
  }
  const codes = content.finding_types.map((t) => nameKey(t.code));
  const twice = content.finding_types.find((t, i) => codes.indexOf(nameKey(t.code)) !== i);
  if (twice) issues.push(TEMPLATE_EDIT_MESSAGES.duplicateCode(twice.code));
  const staticCodes = new Set(STATIC_FINDING_TYPES.map((t) => nameKey(t.code)));
  // The editor never deletes a built-in type (the spec's default finding type is one): nor may a file.
  for (const builtIn of STATIC_FINDING_TYPES)
    if (!codes.includes(nameKey(builtIn.code)))
      issues.push(TEMPLATE_EDIT_MESSAGES.staticMissing(builtIn.name, builtIn.code));
  for (const type of content.finding_types) {
    if (type.is_static_type !== staticCodes.has(nameKey(type.code)))
      issues.push(`${type.name}: ${TEMPLATE_EDIT_MESSAGES.staticCode}`);
    if (!/^#[0-9A-Fa-f]{6}$/.test(type.details.color))
      issues.push(`${type.name}: ${TEMPLATE_EDIT_MESSAGES.color}`);
  }
  for (const lines of Object.values(content.signature_groups)) {
    const types = (lines ?? []).map((l) => l.type);
    if (new Set(types).size !== types.length) issues.push(TEMPLATE_EDIT_MESSAGES.duplicateLine);
  }
  return [...new Set(issues)];
}

/**
 * The content of an imported template file: refused with every issue when the file breaks a rule
 * (importIssues), else a copy with fresh ids named for the new template (copyContent: the
 * post-storm questions follow their questions, static finding types keep their codes) and no logo.
 */
export function importedContent(
  content: TemplateContent,
  name: string,
  newId: () => string,
): TemplateContent {
  const issues = importIssues(content);
  if (issues.length > 0) throw new ValidationError(issues.join('\n'));
  return copyContent(content, name, newId);
}

/**
 * An empty template that can be published at once: a group with the two questions every template
 * needs ('Inspection Date', 'Inspection Type'), the static finding types of the system templates
 * (spec 002 §3), and an inspection signature line with §9's labels.
 */
export function emptyContent(name: string, newId: () => string): TemplateContent {
  const typeOptions = ['Routine', 'Post Storm', 'Routine + Post Storm'].map((n) => ({
    id: newId(),
    name: n,
    description: null,
    child_questions: [],
  }));
  return {
    name,
    kind: 'standard',
    has_acknowledgement: false,
    has_compliance_cert: false,
    question_groups: [
      {
        id: newId(),
        name: 'Inspection',
        layout_type: 'FORM',
        order: 0,
        description: null,
        table_headers: [],
        questions: [
          {
            id: newId(),
            input_label: 'Inspection Date',
            description: null,
            question_type_id: 'date',
            sort_order: 0,
            questionWidth: 50,
            required: true,
            features: ['inspection_date'],
            options: [],
            may_be_future: false,
          },
          {
            id: newId(),
            input_label: 'Inspection Type',
            description: null,
            question_type_id: 'select',
            sort_order: 1,
            questionWidth: 50,
            required: true,
            features: ['inspection_type'],
            options: typeOptions,
          },
        ],
      },
    ],
    finding_types: STATIC_FINDING_TYPES.map((t) => ({ ...t, id: newId(), details: { ...t.details } })),
    signature_groups: { inspection: [{ type: 'inspector', label: null, ...DEFAULT_LINE_LABELS }] },
    attestations: [],
    condition_options: [],
    control_measure_required: false,
    post_storm_questions: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers

function everyQuestion(content: Pick<TemplateContent, 'question_groups'>): Question[] {
  return content.question_groups.flatMap((g) =>
    g.questions.flatMap((q) => [q, ...q.options.flatMap((o) => o.child_questions)]),
  );
}

const sorted = (questions: Question[]) => [...questions].sort((a, b) => a.sort_order - b.sort_order);
const renumber = (questions: Question[]) => questions.map((q, sort_order) => ({ ...q, sort_order }));

function groupById(content: TemplateContent, id: string): QuestionGroup {
  const group = content.question_groups.find((g) => g.id === id);
  if (!group) throw new NotFoundError(TEMPLATE_EDIT_MESSAGES.groupNotFound);
  return group;
}

function findingTypeById(content: TemplateContent, id: string): FindingType {
  const type = content.finding_types.find((t) => t.id === id);
  if (!type) throw new NotFoundError(TEMPLATE_EDIT_MESSAGES.findingTypeNotFound);
  return type;
}

function withGroup(
  content: TemplateContent,
  id: string,
  change: (g: QuestionGroup) => QuestionGroup,
): TemplateContent {
  groupById(content, id);
  return { ...content, question_groups: content.question_groups.map((g) => (g.id === id ? change(g) : g)) };
}

/** Replaces one question, top-level or child, wherever it is. */
function withQuestion(
  content: TemplateContent,
  id: string,
  change: (q: Question) => Question,
): TemplateContent {
  const { group } = findQuestion(content, id);
  return withGroup(content, group.id, (g) => ({
    ...g,
    questions: g.questions.map((q) =>
      q.id === id
        ? change(q)
        : {
            ...q,
            options: q.options.map((o) => ({
              ...o,
              child_questions: o.child_questions.map((c) => (c.id === id ? change(c) : c)),
            })),
          },
    ),
  }));
}
