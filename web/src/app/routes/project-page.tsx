import { lazy, Suspense } from 'react';
import { Text } from '@mantine/core';
import { ProjectInspectionsTab } from '../../features/inspections/components/project-inspections-tab';
import { ProjectFindingsTab } from '../../features/inspections/components/project-findings-tab';
import {
  ProjectPage,
  type ProjectPrintSlotProps,
  type ProjectTabSlotProps,
} from '../../features/projects/routes/project';
import { BmpTab as RegulationBmpTab } from '../../features/regulations/components/bmp-tab';

// A feature never imports another (web/README.md): the app puts the inspections feature's tabs
// into the project page.
function InspectionsTab({ divisionId, project, readOnly }: ProjectTabSlotProps) {
  return (
    <ProjectInspectionsTab
      divisionId={divisionId}
      project={project}
      readOnly={readOnly}
      inspectionHref={(id) => `/inspection/${encodeURIComponent(id)}`}
    />
  );
}

function FindingsTab({ divisionId, project }: ProjectTabSlotProps) {
  return <ProjectFindingsTab divisionId={divisionId} projectId={project.id} />;
}

function BmpTab({ project, readOnly }: ProjectTabSlotProps) {
  return project.document_group_id ? (
    // An archived project's tabs change nothing (spec 002 §6).
    <RegulationBmpTab
      groupId={project.document_group_id}
      readOnly={readOnly || project.archivedAt !== null}
    />
  ) : (
    <Text c="dimmed" ta="center" py="lg">
      This project names no regulations.
    </Text>
  );
}

// The printing feature's modals: a chunk of their own, loaded after the page, before anyone prints.
const ProjectPrintModals = lazy(() =>
  import('../../features/printing/components/project-print-modals').then((m) => ({
    default: m.ProjectPrintModals,
  })),
);

function PrintModals({ divisionId, project, print, onClose }: ProjectPrintSlotProps) {
  return (
    <Suspense fallback={null}>
      <ProjectPrintModals divisionId={divisionId} project={project} print={print} onClose={onClose} />
    </Suspense>
  );
}

/** /divisions/{id}/projects/{id}/{tab} and the archived project's page, with the inspections tabs and prints. */
export default function ProjectPageWithInspections() {
  return (
    <ProjectPage
      InspectionsTab={InspectionsTab}
      FindingsTab={FindingsTab}
      BmpTab={BmpTab}
      PrintModals={PrintModals}
    />
  );
}
