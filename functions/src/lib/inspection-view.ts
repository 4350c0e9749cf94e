import type * as z from 'zod/mini';
import type { Inspection, InspectionDetail } from '@stormline/contract/inspection-views';
import type { InspectionRecord } from '@stormline/data/inspections';
import type { ProjectRecord } from '@stormline/data/projects';
import { isEligibleForCompliance, isInspectionEditable } from '@stormline/domain/inspection-rules';
import type { Caller } from './authenticate';
import type { FindingStats } from './finding-stats';
import { hasCorrectiveActionDeadlines } from '@stormline/domain/corrective-actions';

/** What the page shows beside an inspection, read with the page. */
export interface InspectionExtras {
  inspectorName: string | null;
  stats: FindingStats;
}

/** An inspection as the project tab's card and the detail's head show it (spec 000 §3). */
export function inspectionView(
  inspection: InspectionRecord,
  project: Pick<ProjectRecord, 'inspection_compliance_required' | 'archivedAt'>,
  caller: Caller,
  extras: InspectionExtras,
): z.input<typeof Inspection> {
  return {
    id: inspection.id,
    number: inspection.number,
    created_date: inspection.created_date,
    type: inspection.type,
    status: inspection.status,
    project_id: inspection.projectId,
    template_id: inspection.templateId,
    certification_date: inspection.certification_date,
    compliance_date: inspection.compliance_date,
    acknowledgement_date: inspection.acknowledgement_date,
    inspector:
      inspection.inspectorId && extras.inspectorName
        ? { id: inspection.inspectorId, name: extras.inspectorName }
        : null,
    inspection_template: {
      id: inspection.templateId,
      name: inspection.templateName,
      version: inspection.templateVersion,
      kind: inspection.templateKind,
      has_acknowledgement: inspection.has_acknowledgement,
      has_compliance_cert: inspection.has_compliance_cert,
    },
    findings: extras.stats.counts,
    openRequiredCount: extras.stats.openRequired,
    editable: isInspectionEditable(inspection, project, caller.role.isReadOnly),
    eligibleForCompliance: isEligibleForCompliance(
      inspection,
      inspection,
      extras.stats.openRequired,
      project,
    ),
    createdAt: inspection.createdAt,
    version: inspection.version,
  };
}

/** The detail: the card's fields with the project as the header and the rules need it. */
export function inspectionDetailView(
  inspection: InspectionRecord,
  project: ProjectRecord,
  client: { id: string; name: string; disable_images: boolean },
  caller: Caller,
  extras: InspectionExtras,
): z.input<typeof InspectionDetail> {
  return {
    ...inspectionView(inspection, project, caller, extras),
    project: {
      id: project.id,
      name: project.name,
      client: { id: client.id, name: client.name },
      timezone: project.timezone,
      start_date: project.start_date,
      inspection_compliance_required: project.inspection_compliance_required,
      archivedAt: project.archivedAt,
      division_id: project.divisionId,
      imagesDisabled: client.disable_images,
      correctiveActionDeadlines: hasCorrectiveActionDeadlines(project),
    },
  };
}
