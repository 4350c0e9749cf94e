import { changeLogStep } from '@stormline/data/changelog';
import { inspectionAtVersionCheck, inspectionUpdateStep, openCountSteps } from '@stormline/data/inspections';
import { projectLiveCheck } from '@stormline/data/projects';
import type { InspectionRecord } from '@stormline/data/inspections';
import type { ProjectRecord } from '@stormline/data/projects';
import { putSignatureStep } from '@stormline/data/signatures';
import type { SignatureRecord } from '@stormline/data/signatures';
import type { TransactionStep } from '@stormline/data/transact';
import {
  CERTIFICATION_MESSAGES,
  certificationDateIssue,
  groupDate,
  groupOption,
  groupsOf,
  maySignGroup,
  minCertificationDate,
} from '@stormline/domain/certification-rules';
import { ConflictError, ForbiddenError, ValidationError } from '@stormline/domain/errors';
import { countsAsOpen } from '@stormline/domain/inspection-rules';
import { localDate } from '@stormline/domain/local-date';
import { roleById } from '@stormline/domain/roles';
import type { SignatureGroup } from '@stormline/domain/template-model';
import type { Caller } from './authenticate';
import type { CertificationFacts } from './certification-state';
import { openRequiredLabels } from './certification-state';
import { actorOf, inspectionLabel } from './inspection-context';

const GROUP_DATE_FIELD = {
  inspection: 'certification_date',
  acknowledgement: 'acknowledgement_date',
  compliance: 'compliance_date',
} as const satisfies Record<SignatureGroup, keyof InspectionRecord>;

export interface SignRequest {
  group: SignatureGroup;
  lineType: string;
  date: string | null | undefined;
  emailMessage: string | null | undefined;
}

/**
 * Checks one signature against every rule (spec 000 §4-§5, spec 002 §5-§6, 0018) and answers the
 * steps that write it: the signature, once; the group's date when its last line is signed (with
 * the project's open-inspection count); the change log entry. Nothing is written here.
 */
export function signatureSteps(
  deps: { db: import('@stormline/data/dynamo').Db; now: () => Date },
  caller: Caller,
  inspection: InspectionRecord,
  project: ProjectRecord,
  facts: CertificationFacts,
  request: SignRequest,
): { steps: TransactionStep[]; signature: SignatureRecord; next: InspectionRecord } {
  const { group, lineType } = request;
  if (project.archivedAt) throw new ConflictError('This project is archived and can no longer be changed.');
  const groups = groupsOf(facts.version).filter(
    (g) => g !== 'compliance' || project.inspection_compliance_required,
  );
  if (!groups.includes(group)) throw new ValidationError(CERTIFICATION_MESSAGES.groupNotInTemplate);
  if (!maySignGroup(caller.grants, group)) throw new ForbiddenError(CERTIFICATION_MESSAGES.notPermitted);
  if (!caller.user.electronicSignatureAuthorization)
    throw new ForbiddenError(CERTIFICATION_MESSAGES.noConsent);
  const lines = facts.version.signature_groups[group] ?? [];
  if (!lines.some((l) => l.type === lineType))
    throw new ValidationError(CERTIFICATION_MESSAGES.unknownLine, [
      { path: 'lineType', message: CERTIFICATION_MESSAGES.unknownLine },
    ]);
  if (facts.signatures.some((s) => s.group === group && s.lineType === lineType))
    throw new ConflictError(CERTIFICATION_MESSAGES.alreadySigned);
  const option = groupOption(group, {
    status: inspection.status,
    certification_date: inspection.certification_date,
    compliance_required: project.inspection_compliance_required,
    openRequiredFindingLabels: openRequiredLabels(facts.findings),
  });
  if (!option.enabled) throw new ConflictError(option.errors.join(' '));
  const now = deps.now();
  const today = localDate(project.timezone, now);
  const dateIssue = certificationDateIssue(request.date, minCertificationDate(group, inspection), today);
  if (dateIssue) throw new ValidationError(dateIssue, [{ path: 'date', message: dateIssue }]);

  const signature: SignatureRecord = {
    group,
    lineType,
    userId: caller.user.id,
    userName: actorOf(caller).name,
    role: roleById(caller.user.roleId)?.name ?? caller.role.name,
    position: caller.user.position,
    date: request.date!,
    signedAt: now.toISOString(),
    attestation:
      facts.version.attestations
        .filter((a) => a.signatureType === group)
        .sort((a, b) => a.order - b.order)
        .map((a) => a.content)
        .join('\n\n') || null,
    emailMessage: request.emailMessage?.trim() || null,
    contentDigest: facts.digests[group],
  };
  const signed = new Map(facts.signatures.filter((s) => s.group === group).map((s) => [s.lineType, s.date]));
  signed.set(lineType, signature.date);
  const date = groupDate(
    lines.map((l) => l.type),
    signed,
  );
  const field = GROUP_DATE_FIELD[group];
  const next: InspectionRecord = { ...inspection, ...(date ? { [field]: date } : {}) };
  next.countsAsOpen = countsAsOpen(next);
  const changed = date !== null;
  if (changed) next.version = inspection.version + 1;
  const openCount = openCountSteps(deps.db, inspection, next, { live: true });
  const steps = [
    putSignatureStep(deps.db, inspection.divisionId, inspection.id, signature),
    // The inspection as read, whether or not this signature completes its group: a reopen or an
    // edit meanwhile (a new version) refuses the signature, whose digest is of what was read.
    changed
      ? inspectionUpdateStep(deps.db, inspection, {
          [field]: date,
          countsAsOpen: next.countsAsOpen,
          // Who completed the inspection's certification: not told of it (notifications, 0022).
          ...(group === 'inspection' ? { certifiedBy: caller.user.id } : {}),
        })
      : inspectionAtVersionCheck(deps.db, inspection),
    // Archiving the project meanwhile refuses it too: checked by the project's count step when
    // there is one (a transaction touches an item once), else on its own.
    ...(openCount.length > 0 ? openCount : [projectLiveCheck(deps.db, project)]),
    changeLogStep(
      deps.db,
      {
        divisionId: inspection.divisionId,
        projectId: inspection.projectId,
        actor: actorOf(caller),
        entity: 'signature',
        entityId: inspection.id,
        label: inspectionLabel(inspection),
        action: 'signed',
        changes: [
          {
            field: `${group} / ${lineType}`,
            from: null,
            to: { date: signature.date, digest: signature.contentDigest },
          },
          ...(changed ? [{ field, from: null, to: date }] : []),
        ],
      },
      now,
    ),
  ];
  return { steps, signature, next };
}
