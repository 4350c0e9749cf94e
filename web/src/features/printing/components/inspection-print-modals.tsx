import { FindingsReportModal } from './findings-report-modal';
import { PrintInspectionModal } from './print-inspection-modal';
import { PrintSiteMapModal } from './print-site-map-modal';

export type InspectionPrint = 'inspection' | 'siteMap' | 'findings';

/**
 * The inspection's prints (spec 002 §2): the menu's Print Inspection and Print Site Map (the map
 * as it stood for this inspection), and the findings list's Findings Report.
 */
export function InspectionPrintModals({
  divisionId,
  inspection,
  print,
  onClose,
}: {
  divisionId: string;
  inspection: {
    id: string;
    name: string;
    projectId: string;
    template: { id: string; version: number };
  };
  print: InspectionPrint | null;
  onClose: () => void;
}) {
  return (
    <>
      <PrintInspectionModal
        opened={print === 'inspection'}
        onClose={onClose}
        divisionId={divisionId}
        inspectionId={inspection.id}
        inspectionName={inspection.name}
      />
      <PrintSiteMapModal
        opened={print === 'siteMap'}
        onClose={onClose}
        divisionId={divisionId}
        projectId={inspection.projectId}
        inspectionId={inspection.id}
      />
      <FindingsReportModal
        opened={print === 'findings'}
        onClose={onClose}
        divisionId={divisionId}
        inspection={{ id: inspection.id, template: inspection.template }}
      />
    </>
  );
}
