import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import type { CertificationState } from '@stormline/contract/inspection-views';
import type { FindingRecord } from '@stormline/data/findings';
import { getInspectionWithAnswers } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import type { ProjectRecord } from '@stormline/data/projects';
import { listSignatures } from '@stormline/data/signatures';
import type { SignatureRecord } from '@stormline/data/signatures';
import { getTemplateVersion } from '@stormline/data/templates';
import {
  groupOption,
  groupsOf,
  maySignGroup,
  minCertificationDate,
  signedContentText,
} from '@stormline/domain/certification-rules';
import type { SignedContent } from '@stormline/domain/certification-rules';
import { localDate } from '@stormline/domain/local-date';
import type { SignatureGroup, TemplateVersion } from '@stormline/domain/template-model';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { findingsOfInspection } from './finding-offer';

/**
 * The certification of one inspection as a request sees it (spec 000 §3, 0018): the pinned
 * version's groups, lines and attestations; the signatures, each checked against the content as
 * it is now; what may be signed and why not.
 */
export interface CertificationFacts {
  version: TemplateVersion;
  signatures: SignatureRecord[];
  findings: FindingRecord[];
  /** The current digest per group: what a signature of that group would vouch for now. */
  digests: Record<SignatureGroup, string>;
}

/** SHA-256 of the canonical content (0018). */
export function digestOf(content: SignedContent): string {
  return createHash('sha256').update(signedContentText(content)).digest('hex');
}

function contentFor(
  group: SignatureGroup,
  inspection: InspectionRecord,
  answers: { answers: Record<string, unknown>; comments: Record<string, string> },
  findings: readonly FindingRecord[],
): SignedContent {
  return {
    templateId: inspection.templateId,
    templateVersion: inspection.templateVersion,
    created_date: inspection.created_date,
    type: inspection.type,
    answers: answers.answers,
    comments: answers.comments,
    ...(group === 'compliance'
      ? {
          findings: findings.map((f) => ({
            number: f.number,
            typeCode: f.typeCode,
            location: f.location,
            date_initiated: f.date_initiated,
            date_completed: f.date_completed,
            condition: f.condition,
            control_measure_id: f.control_measure_id,
            comments: f.comments,
          })),
        }
      : {}),
  };
}

export async function readCertificationFacts(
  deps: Deps,
  inspection: InspectionRecord,
): Promise<CertificationFacts> {
  const d = inspection.divisionId;
  const [version, signatures, stored, findings] = await Promise.all([
    getTemplateVersion(deps.db, d, inspection.templateId, inspection.templateVersion),
    listSignatures(deps.db, d, inspection.id),
    getInspectionWithAnswers(deps.db, d, inspection.id),
    findingsOfInspection(deps, inspection),
  ]);
  const digest = (group: SignatureGroup) => digestOf(contentFor(group, inspection, stored.answers, findings));
  return {
    version,
    signatures,
    findings,
    digests: {
      inspection: digest('inspection'),
      acknowledgement: digest('acknowledgement'),
      compliance: digest('compliance'),
    },
  };
}

/** Labels of the open findings whose type is required for certification ('CA #3'). */
export function openRequiredLabels(findings: readonly FindingRecord[]): string[] {
  return findings
    .filter((f) => f.is_required_for_cert && !f.date_completed)
    .sort((a, b) => a.number - b.number)
    .map((f) => `${f.typeCode} #${f.number}`);
}

export function certificationStateView(
  caller: Caller,
  inspection: InspectionRecord,
  project: ProjectRecord,
  facts: CertificationFacts,
  now: Date,
): z.input<typeof CertificationState> {
  const { version } = facts;
  const groups = groupsOf(version).filter(
    (g) => g !== 'compliance' || project.inspection_compliance_required,
  );
  const labels = openRequiredLabels(facts.findings);
  const state = {
    status: inspection.status,
    certification_date: inspection.certification_date,
    compliance_required: project.inspection_compliance_required,
    openRequiredFindingLabels: labels,
  };
  const readOnly = caller.role.isReadOnly || project.archivedAt !== null;
  return {
    inspectionId: inspection.id,
    signatureGroups: groups.map((group) => ({
      group,
      lines: (version.signature_groups[group] ?? []).map((l) => ({ ...l })),
    })),
    userSignatures: facts.signatures.map((s) => ({
      ...s,
      matches: s.contentDigest === facts.digests[s.group],
    })),
    groupOptions: Object.fromEntries(
      groups.map((group) => {
        const option = groupOption(group, state);
        return [group, readOnly ? { enabled: false, errors: ['The public view is read-only'] } : option];
      }),
    ),
    attestations: version.attestations.filter((a) => groups.includes(a.signatureType)).map((a) => ({ ...a })),
    minCertificationDate: Object.fromEntries(groups.map((g) => [g, minCertificationDate(g, inspection)])),
    today: localDate(project.timezone, now),
    consented: caller.user.electronicSignatureAuthorization,
    maySign: readOnly ? [] : groups.filter((g) => maySignGroup(caller.grants, g)),
  };
}
