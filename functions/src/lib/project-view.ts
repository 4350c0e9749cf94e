import type * as z from 'zod/mini';
import type { Project, ProjectDetail, ProjectRow } from '@stormline/contract/areas/projects';
import type { ProjectRecord } from '@stormline/data/projects';
import { projectPermit } from '@stormline/domain/permit-rules';
import { PROJECT_DOC_TYPES } from '@stormline/domain/project-rules';
import { countryById, stateById } from '@stormline/domain/region';

/** A project's document types by id, in the catalogue's order. */
export function docTypesOf(ids: readonly string[]) {
  return PROJECT_DOC_TYPES.filter((t) => ids.includes(t.id)).map((t) => ({ ...t }));
}

/** A project as responses show it: spec 001 §3's fields, the state or country named. */
export function projectView(project: ProjectRecord): z.input<typeof Project> {
  const state = stateById(project.address.state_id);
  const country = countryById(project.address.country_id);
  return {
    id: project.id,
    name: project.name,
    client_id: project.client_id,
    inspection_template_id: project.inspection_template_id,
    document_group_id: project.document_group_id,
    permittee: project.permittee,
    isCcrProject: project.isCcrProject,
    inspection_compliance_required: project.inspection_compliance_required,
    findingComplianceRequired: project.findingComplianceRequired,
    cgp_tracking_id: project.cgp_tracking_id,
    permit: projectPermit(project),
    permit_number: project.permit_number ?? null,
    last_routine_date: project.last_routine_date ?? null,
    address: {
      ...project.address,
      state: state ? { ...state } : null,
      countryObj: country ? { ...country } : null,
    },
    timezone: project.timezone,
    inspector_user_id: project.inspector_user_id,
    start_date: project.start_date,
    end_date: project.end_date,
    next_inspection_date: project.next_inspection_date,
    routine_interval: project.routine_interval,
    notes: project.notes,
    docTypes: docTypesOf(project.docTypes),
    divisionProject: { division_id: project.divisionId },
    archivedAt: project.archivedAt,
    createdAt: project.createdAt,
    version: project.version,
  };
}

/** The detail page's project: the record, its client's name, its counts and publication. */
export function projectDetailView(
  project: ProjectRecord & {
    inspectionCount?: number;
    openInspectionCount?: number;
    findingCount?: number;
    openFindingCount?: number;
  },
  client: { id: string; name: string },
  inspector: { id: string; name: string } | null,
): z.input<typeof ProjectDetail> {
  return {
    ...projectView(project),
    client: { id: client.id, name: client.name },
    inspector,
    publishedAt: project.publishedAt ?? null,
    inspectionCount: project.inspectionCount ?? 0,
    openInspectionCount: project.openInspectionCount ?? 0,
    findingCount: project.findingCount ?? 0,
    openFindingCount: project.openFindingCount ?? 0,
  };
}

/** A row of the projects list: the name, client, place and next date. */
export function projectRowView(
  project: ProjectRecord & { openInspectionCount?: number },
  clientName: string,
): z.input<typeof ProjectRow> {
  const state = stateById(project.address.state_id);
  const country = countryById(project.address.country_id);
  return {
    id: project.id,
    name: project.name,
    client: { id: project.client_id, name: clientName },
    city: project.address.city,
    place: state?.abbreviation ?? country?.name ?? null,
    next_inspection_date: project.next_inspection_date,
    openInspectionCount: project.openInspectionCount ?? 0,
    archivedAt: project.archivedAt,
    publishedAt: project.publishedAt ?? null,
  };
}
