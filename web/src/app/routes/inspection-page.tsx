import { lazy, Suspense } from 'react';
import {
  InspectionScreen,
  type InspectionPrintSlotProps,
} from '../../features/inspections/routes/inspection';

// A feature never imports another (web/README.md): the app puts the printing feature's modals into
// the inspection page. Their chunk loads after the page, before anyone prints.
const InspectionPrintModals = lazy(() =>
  import('../../features/printing/components/inspection-print-modals').then((m) => ({
    default: m.InspectionPrintModals,
  })),
);

function PrintModals(props: InspectionPrintSlotProps) {
  return (
    <Suspense fallback={null}>
      <InspectionPrintModals {...props} />
    </Suspense>
  );
}

/** /inspection/{id}/{tab} and its public twin, with Print Inspection, Print Site Map and the Findings Report. */
export default function InspectionPageWithPrints() {
  return <InspectionScreen PrintModals={PrintModals} />;
}
