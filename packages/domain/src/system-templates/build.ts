import { DEFAULT_ACKNOWLEDGEMENT_TEXT, INSPECTION_TYPES } from '../template-model';
import type {
  Attestation,
  FindingType,
  Question,
  QuestionFeature,
  QuestionGroup,
  QuestionOption,
  QuestionTypeId,
  SignatureGroup,
  SignatureLine,
  TemplateVersion,
} from '../template-model';

/**
 * Small constructors for the system templates, so each template reads as the form it models.
 * Ids are written by hand and never change: answers are stored by them.
 */

let order = 0;

export function question(
  id: string,
  type: QuestionTypeId,
  label: string,
  more: {
    required?: boolean;
    description?: string;
    features?: QuestionFeature[];
    options?: QuestionOption[];
    width?: number;
    /** Date questions: whether the answer may be later than now (mayBeInFuture). */
    mayBeFuture?: boolean;
  } = {},
): Question {
  return {
    ...(more.mayBeFuture === undefined ? {} : { may_be_future: more.mayBeFuture }),
    id,
    input_label: label,
    description: more.description ?? null,
    question_type_id: type,
    sort_order: order++,
    questionWidth: more.width ?? 100,
    required: more.required ?? false,
    features: more.features ?? [],
    options: more.options ?? [],
  };
}

export function option(
  id: string,
  name: string,
  children: Question[] = [],
  description: string | null = null,
): QuestionOption {
  return { id, name, description, child_questions: children };
}

export const options = (prefix: string, names: readonly string[]) =>
  names.map((name, i) => option(`${prefix}-${i + 1}`, name));

export function group(
  id: string,
  name: string,
  groupOrder: number,
  questions: Question[],
  more: { layout?: 'FORM' | 'TABLE'; description?: string; headers?: string[] } = {},
): QuestionGroup {
  return {
    id,
    name,
    layout_type: more.layout ?? 'FORM',
    order: groupOrder,
    description: more.description ?? null,
    table_headers: more.headers ?? [],
    questions,
  };
}

export function findingType(
  id: string,
  code: string,
  name: string,
  color: string,
  details: { enabled?: boolean; required?: boolean; static?: boolean } = {},
): FindingType {
  return {
    id,
    name,
    code,
    is_static_type: details.static ?? true,
    details: { is_enabled: details.enabled ?? true, is_required_for_cert: details.required ?? false, color },
  };
}

/** The static finding types (spec 002 §3): CA required for certification, MI, A off by default. */
export const STATIC_FINDING_TYPES: FindingType[] = [
  findingType('ca', 'CA', 'Corrective Action', '#E03131', { required: true }),
  findingType('mi', 'MI', 'Maintenance Item', '#F08C00'),
  findingType('a', 'A', 'Achievement', '#2FF363', { enabled: false }),
];

export function attestation(
  id: string,
  group: SignatureGroup,
  content: string,
  attestationOrder = 1,
): Attestation {
  return { id, content, signatureType: group, order: attestationOrder };
}

/** The certification statement of 40 CFR 122.22(d), as the 2022 CGP inspection report carries it. */
export const CFR_122_22 =
  'I certify under penalty of law that this document and all attachments were prepared under my direction or supervision in accordance with a system designed to assure that qualified personnel properly gathered and evaluated the information submitted. Based on my inquiry of the person or persons who manage the system, or those persons directly responsible for gathering the information, the information submitted is, to the best of my knowledge and belief, true, accurate, and complete. I am aware that there are significant penalties for submitting false information, including the possibility of fine and imprisonment for knowing violations.';

export const INSPECTOR_ATTESTATION =
  'I performed this inspection in person, walked every disturbed area, control measure and discharge point of the site, and recorded what I found.';

/** Who inspected: required, filled with the signed-in user, half width. */
export const inspectorQuestion = (id: string, label: string) =>
  question(id, 'text', label, { required: true, features: ['default_current_user'], width: 50 });

/**
 * The inspection's date and time (the `inspection_date` feature), required, half width. It carries
 * no may_be_future: the feature itself keeps the answer at or before now (mayBeInFuture).
 */
export const inspectionDateQuestion = (id: string, label: string) =>
  question(id, 'datetime', label, { required: true, features: ['inspection_date'], width: 50 });

/** The inspection type (`inspection_type`): `${prefix}-type`, one option per type of inspection. */
export const inspectionTypeQuestion = (prefix: string, label: string, width = 50) =>
  question(`${prefix}-type`, 'radio_group', label, {
    required: true,
    features: ['inspection_type'],
    options: INSPECTION_TYPES.map((name, i) => option(`${prefix}-type-${i + 1}`, name)),
    width,
  });

/** A signature line whose signer gives a full name and, under `roleFieldLabel`, a role. */
export const signer = (type: string, label: string, roleFieldLabel = 'Position'): SignatureLine => ({
  type,
  label,
  roleFieldLabel,
  userFieldLabel: 'Full Name',
});

/** The acknowledgement's one line (spec 002 §7): the inspector's name and qualifications. */
const ACKNOWLEDGEMENT_SIGNER: SignatureLine = {
  type: 'acknowledgement',
  label: null,
  roleFieldLabel: 'inspector qualifications',
  userFieldLabel: 'inspector name',
};

/**
 * A template's signature groups and their attestations, `${prefix}-att-<group>`, from one
 * declaration so the two cannot drift apart: the inspector's line and attestation always; the
 * acknowledgement (its one line, the default text) and the compliance certification (the given
 * line, the 40 CFR 122.22 statement) where the template has them.
 */
export function signatures(
  prefix: string,
  lines: { inspection: SignatureLine; acknowledgement?: boolean; compliance?: SignatureLine },
): Pick<TemplateVersion, 'signature_groups' | 'attestations'> {
  return {
    signature_groups: {
      inspection: [lines.inspection],
      ...(lines.acknowledgement ? { acknowledgement: [ACKNOWLEDGEMENT_SIGNER] } : {}),
      ...(lines.compliance ? { compliance: [lines.compliance] } : {}),
    },
    attestations: [
      attestation(`${prefix}-att-inspection`, 'inspection', INSPECTOR_ATTESTATION),
      ...(lines.acknowledgement
        ? [attestation(`${prefix}-att-acknowledgement`, 'acknowledgement', DEFAULT_ACKNOWLEDGEMENT_TEXT)]
        : []),
      ...(lines.compliance ? [attestation(`${prefix}-att-compliance`, 'compliance', CFR_122_22)] : []),
    ],
  };
}
