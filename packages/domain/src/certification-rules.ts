import { isIsoDate } from './local-date';
import type { Grants, ResourceLabel } from './permissions';
import { can } from './permissions';
import type { SignatureGroup, TemplateVersion } from './template-model';

/**
 * Certification and signatures (spec 000 §4-§5, spec 002 §2 Certification, §4, §6;
 * docs/decisions/0018).
 */

/** The most inspections certified together (one transaction's signatures and their inspections). */
export const BULK_CERTIFY_MAX = 25;

export const CERTIFICATION_MESSAGES = {
  bulkLimit: `Certify at most ${BULK_CERTIFY_MAX} inspections at once`,
  consent: 'Please complete the Electronic Authorization Signature',
  notEnabled: '** The following inspection cannot be certified because it has pending inspection certificate',
  invalidForm: 'Invalid form data. Please review errors above.',
  dateRequired: 'Certification date is required',
  dateBeforeMin: (min: string) => `The certification date cannot be before ${min}`,
  dateFuture: 'The certification date cannot be in the future',
  alreadySigned: 'This line is already signed',
  unknownLine: 'This signature line is not part of the inspection’s template',
  groupNotInTemplate: 'This inspection’s template has no such signature group',
  noConsent:
    'You have not consented to electronic signatures. Give your consent in My Profile before signing.',
  notPermitted: 'Your role does not allow you to sign this group',
  openRequiredFindings: (labels: readonly string[]) =>
    `Complete these findings before compliance certification: ${labels.join(', ')}`,
  inspectionFirst: 'The inspection must be certified before compliance certification',
  complianceNotRequired: 'This project does not require compliance certification',
  complianceHelp:
    'The compliance certificate must be signed by a corporate officer, general partner or proprietor, principal, executive officer or ranking elected official, or their authorised representative.',
  changedAfterSigning: (name: string, date: string) =>
    `Changed after signing: this inspection no longer matches what ${name} signed on ${date}.`,
} as const;

/** Spec 002 §6: who may sign which group. */
export const SIGNING_RESOURCE: Record<SignatureGroup, ResourceLabel> = {
  inspection: 'Certify',
  compliance: 'Certify',
  acknowledgement: 'Acknowledgement',
};

/** All on the group's resource; Sign Off signs any group (spec 002 §6 "Sign: all on Certify, Acknowledgement or Sign Off"). */
export function maySignGroup(grants: Grants, group: SignatureGroup): boolean {
  return can(grants, 'all', SIGNING_RESOURCE[group]) || can(grants, 'all', 'Sign Off');
}

/** Spec 000 §4: the signature checkbox is active only with consent and while no signature exists. */
export function signatureCheckboxEnabled(consented: boolean, alreadySigned: boolean): boolean {
  return consented && !alreadySigned;
}

/** The groups a version has: inspection always; acknowledgement with the flag; compliance with the certificate. */
export function groupsOf(
  version: Pick<TemplateVersion, 'has_acknowledgement' | 'has_compliance_cert' | 'signature_groups'>,
): SignatureGroup[] {
  const groups: SignatureGroup[] = ['inspection'];
  if (version.has_acknowledgement && version.signature_groups.acknowledgement?.length)
    groups.push('acknowledgement');
  if (version.has_compliance_cert && version.signature_groups.compliance?.length) groups.push('compliance');
  return groups;
}

/**
 * The earliest certification date (spec 000 §5 minCertificationDate): the inspection's own day;
 * compliance not before the inspection was certified.
 */
export function minCertificationDate(
  group: SignatureGroup,
  inspection: { created_date: string; certification_date: string | null },
): string {
  const day = inspection.created_date.slice(0, 10);
  if (group === 'compliance' && inspection.certification_date && inspection.certification_date > day)
    return inspection.certification_date;
  return day;
}

/** A certification date: required, a date, not before the minimum, not after today. */
export function certificationDateIssue(
  date: string | null | undefined,
  min: string,
  today: string,
): string | null {
  if (!date) return CERTIFICATION_MESSAGES.dateRequired;
  if (!isIsoDate(date)) return CERTIFICATION_MESSAGES.dateRequired;
  if (date < min) return CERTIFICATION_MESSAGES.dateBeforeMin(min);
  return date > today ? CERTIFICATION_MESSAGES.dateFuture : null;
}

/**
 * Whether a group may be signed now, as groupOptions.enabled: the inspection group once the
 * questionnaire is complete; compliance once the inspection is certified, the project requires
 * it and no finding required for certification is open; acknowledgement once certified.
 * `errors` says why not, in the spec's and 0018's words.
 */
export function groupOption(
  group: SignatureGroup,
  state: {
    status: 'new' | 'complete';
    certification_date: string | null;
    compliance_required: boolean;
    openRequiredFindingLabels: readonly string[];
  },
): { enabled: boolean; errors: string[] } {
  const errors: string[] = [];
  if (group === 'inspection') {
    if (state.status !== 'complete')
      errors.push('Please answer every required question before certifying this inspection.');
  } else if (!state.certification_date) {
    errors.push(
      group === 'compliance' ? CERTIFICATION_MESSAGES.inspectionFirst : CERTIFICATION_MESSAGES.notEnabled,
    );
  } else if (group === 'compliance') {
    if (!state.compliance_required) errors.push(CERTIFICATION_MESSAGES.complianceNotRequired);
    if (state.openRequiredFindingLabels.length > 0)
      errors.push(CERTIFICATION_MESSAGES.openRequiredFindings(state.openRequiredFindingLabels));
  }
  return { enabled: errors.length === 0, errors };
}

/** Spec 002 §9: an acknowledgement is late when not signed within 2 days of the inspection. */
export const ACKNOWLEDGEMENT_LATE_DAYS = 2;

/**
 * A group is certified when every one of its lines is signed; its date is the latest line's
 * (certification_date, acknowledgement_date, compliance_date), else null.
 */
export function groupDate(
  lineTypes: readonly string[],
  signedDates: ReadonlyMap<string, string>,
): string | null {
  if (lineTypes.length === 0 || !lineTypes.every((t) => signedDates.has(t))) return null;
  return lineTypes.map((t) => signedDates.get(t)!).reduce((max, d) => (d > max ? d : max));
}

/**
 * JSON with object keys sorted at every level: the same content always gives the same text, so
 * its digest is the same (0018 tamper-evident signatures).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What a signature vouches for: the inspection's content as it was signed (0018). */
export interface SignedContent {
  templateId: string;
  templateVersion: number;
  created_date: string;
  type: string;
  answers: Record<string, unknown>;
  comments: Record<string, string>;
  /** Compliance signatures only: the findings it certifies completed (they keep changing until then). */
  findings?: {
    number: number;
    typeCode: string;
    location: string;
    date_initiated: string;
    date_completed: string | null;
    condition: string | null;
    control_measure_id: string | null;
    comments: string | null;
  }[];
}

/** The canonical text of the signed content; the server hashes it with SHA-256. */
export function signedContentText(content: SignedContent): string {
  const findings = content.findings && [...content.findings].sort((a, b) => a.number - b.number);
  return canonicalJson({ ...content, findings });
}
