import { useState } from 'react';
import { Radio, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import {
  FINDING_REPORT_TYPES,
  FINDING_VIEW_TYPES,
  FINDINGS_PER_PAGE,
  type FindingReportType,
  type FindingViewType,
} from '@stormline/domain/reports';
import { useTemplateFindingTypes } from '../api/print-options';
import { PrintJobPanel, PrintModalFrame } from './print-job-modal';

const REPORT_TYPE_LABELS: Record<FindingReportType, string> = {
  all: 'All findings',
  open: 'Open findings',
  closed: 'Closed findings',
};
const VIEW_TYPE_LABELS: Record<FindingViewType, string> = { list: 'List', detail: 'Detail' };
const PER_PAGE = Array.from({ length: FINDINGS_PER_PAGE.max - FINDINGS_PER_PAGE.min + 1 }, (_, i) =>
  String(FINDINGS_PER_PAGE.min + i),
);

export interface FindingsReportInspection {
  id: string;
  template: { id: string; version: number };
}

function FindingsReportOptions({
  divisionId,
  inspection,
  onClose,
}: {
  divisionId: string;
  inspection: FindingsReportInspection;
  onClose: () => void;
}) {
  const { data: types, error } = useTemplateFindingTypes(divisionId, inspection.template);
  const [findingType, setFindingType] = useState<string>('');
  const [reportType, setReportType] = useState<FindingReportType>('all');
  const [viewType, setViewType] = useState<FindingViewType>('list');
  const [perPage, setPerPage] = useState<string>(String(FINDINGS_PER_PAGE.min));
  return (
    <PrintJobPanel
      job="findings"
      divisionId={divisionId}
      onClose={onClose}
      prepare={() => ({
        inspectionId: inspection.id,
        findingType: findingType || null,
        reportType,
        viewType,
        // Only the detail view pages by findings; the list sends the least, which it ignores.
        findingPerPage: viewType === 'detail' ? Number(perPage) : FINDINGS_PER_PAGE.min,
      })}
    >
      <Stack gap="md">
        <Select
          label="Finding type"
          data={[
            { value: '', label: 'All finding types' },
            ...(types ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.code})` })),
          ]}
          value={findingType}
          onChange={(value) => setFindingType(value ?? '')}
          allowDeselect={false}
          error={error ? 'The finding types could not be read: all types are printed.' : undefined}
        />
        <Radio.Group
          label="Findings"
          value={reportType}
          onChange={(value) => setReportType(value as FindingReportType)}
        >
          <Group gap="lg" mt={6}>
            {FINDING_REPORT_TYPES.map((t) => (
              <Radio key={t} value={t} label={REPORT_TYPE_LABELS[t]} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group
          label="View"
          value={viewType}
          onChange={(value) => setViewType(value as FindingViewType)}
        >
          <Group gap="lg" mt={6}>
            {FINDING_VIEW_TYPES.map((t) => (
              <Radio key={t} value={t} label={VIEW_TYPE_LABELS[t]} />
            ))}
          </Group>
        </Radio.Group>
        {viewType === 'detail' && (
          <div>
            <Text component="label" id="findings-per-page" fz="sm" fw={500}>
              Findings per page
            </Text>
            <SegmentedControl
              aria-labelledby="findings-per-page"
              data={PER_PAGE}
              value={perPage}
              onChange={setPerPage}
              fullWidth
              mt={6}
            />
          </div>
        )}
      </Stack>
    </PrintJobPanel>
  );
}

/** The findings report (spec 002 §2 Findings list, §7, §9): type, all/open/closed, list or detail, 1 to 3 a page. */
export function FindingsReportModal({
  opened,
  onClose,
  divisionId,
  inspection,
}: {
  opened: boolean;
  onClose: () => void;
  divisionId: string;
  inspection: FindingsReportInspection;
}) {
  return (
    <PrintModalFrame opened={opened} title="Findings Report" onClose={onClose}>
      <FindingsReportOptions divisionId={divisionId} inspection={inspection} onClose={onClose} />
    </PrintModalFrame>
  );
}
