import { PrintInspectionsModal } from './print-inspections-modal';
import { PrintSiteMapsModal } from './print-site-map-modal';
import { PrintSwmpModal } from './print-swmp-modal';

export type ProjectPrint = 'swmp' | 'inspections' | 'siteMaps';

/** The project menu's three prints (spec 002 §2 Project detail: Print SWMP, Print Inspections, Print Site Maps). */
export function ProjectPrintModals({
  divisionId,
  project,
  print,
  onClose,
}: {
  divisionId: string;
  project: { id: string; timezone: string };
  print: ProjectPrint | null;
  onClose: () => void;
}) {
  return (
    <>
      <PrintSwmpModal
        opened={print === 'swmp'}
        onClose={onClose}
        divisionId={divisionId}
        projectId={project.id}
      />
      <PrintInspectionsModal
        opened={print === 'inspections'}
        onClose={onClose}
        divisionId={divisionId}
        project={project}
      />
      <PrintSiteMapsModal
        opened={print === 'siteMaps'}
        onClose={onClose}
        divisionId={divisionId}
        projectId={project.id}
      />
    </>
  );
}
