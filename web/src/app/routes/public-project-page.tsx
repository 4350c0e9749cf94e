import { ProjectInspectionsTab } from '../../features/inspections/components/project-inspections-tab';
import { paths } from '../../config/paths';
import { ProjectDocumentsTab } from '../../features/projects/components/documents-tab';
import {
  PublicProjectPage,
  type PublicDocumentsSlotProps,
  type PublicInspectionsSlotProps,
} from '../../features/public/routes/public-project';

// A feature never imports another (web/README.md): the app puts the inspections feature's tab,
// read-only, into the public project page.
function PublicInspectionsTab({ divisionId, project }: PublicInspectionsSlotProps) {
  return (
    <ProjectInspectionsTab
      divisionId={divisionId}
      project={{
        id: project.id,
        name: project.name,
        inspection_compliance_required: false,
        archivedAt: null,
      }}
      readOnly
      inspectionHref={(id) =>
        `${paths.public.inspection.getHref(id)}?division=${encodeURIComponent(divisionId)}`
      }
    />
  );
}

// The projects feature's document tabs, read-only: download only (spec 002 §6).
function PublicDocumentsTab({ divisionId, project, siteMaps }: PublicDocumentsSlotProps) {
  return <ProjectDocumentsTab divisionId={divisionId} projectId={project.id} siteMaps={siteMaps} readOnly />;
}

/** /public/divisions/{id}/projects/{id}: the published project with its inspections and documents, read-only. */
export default function PublicProjectPageWithInspections() {
  return <PublicProjectPage InspectionsTab={PublicInspectionsTab} DocumentsTab={PublicDocumentsTab} />;
}
