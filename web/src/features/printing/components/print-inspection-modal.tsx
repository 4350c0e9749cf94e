import { Text } from '@mantine/core';
import { PrintJobPanel, PrintModalFrame } from './print-job-modal';

/** Print Inspection (spec 002 §2): the whole inspection as one report, no options. */
export function PrintInspectionModal({
  opened,
  onClose,
  divisionId,
  inspectionId,
  inspectionName,
}: {
  opened: boolean;
  onClose: () => void;
  divisionId: string;
  inspectionId: string;
  /** 'Routine Inspection #8': what the modal says it prints. */
  inspectionName: string;
}) {
  return (
    <PrintModalFrame opened={opened} title="Print Inspection" onClose={onClose}>
      <PrintJobPanel
        job="inspection"
        divisionId={divisionId}
        onClose={onClose}
        prepare={() => ({ inspectionId })}
      >
        <Text fz="sm">
          Print {inspectionName}: its questions and answers, findings with their photos, site maps and
          signatures, as one PDF.
        </Text>
      </PrintJobPanel>
    </PrintModalFrame>
  );
}
