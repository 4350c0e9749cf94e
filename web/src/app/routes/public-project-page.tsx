import { ProjectInspectionsTab } from '../../features/inspections/components/project-inspections-tab';
import { paths } from '../../config/paths';
import {
  PublicProjectPage,
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

/** /public/divisions/{id}/projects/{id}: the published project with its inspections tab, read-only. */
export default function PublicProjectPageWithInspections() {
  return <PublicProjectPage InspectionsTab={PublicInspectionsTab} />;
}
