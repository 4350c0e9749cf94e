import { useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { defaultSwmpOptions } from '@stormline/domain/report-period';
import { APPENDIX_GROUPS, REPORT_MESSAGES, SWMP_SECTIONS } from '@stormline/domain/reports';
import { LEGEND_DOCUMENT_READ_RESOURCES } from '@stormline/domain/legend-documents';
import { useSession } from '../../../lib/auth';
import { hasPermission } from '../../../lib/page-access';
import { PrintJobPanel, PrintModalFrame } from './print-job-modal';

/** A titled group of boxes each ticked on its own (Mantine's Checkbox.Group would own their values). */
function OptionGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fz="sm" fw={500} p={0}>
        {legend}
      </Text>
      {children}
    </Box>
  );
}

function SwmpOptions({
  divisionId,
  projectId,
  onClose,
}: {
  divisionId: string;
  projectId: string;
  onClose: () => void;
}) {
  // BMP details only for who may read the legend documents they print (the server refuses the rest).
  const profile = useSession();
  const mayPrintBmp = LEGEND_DOCUMENT_READ_RESOURCES.some((resource) =>
    hasPermission(profile, 'read', resource),
  );
  const sections = SWMP_SECTIONS.filter((s) => s.id !== 'bmpDetails' || mayPrintBmp);
  const [options, setOptions] = useState(() => {
    const defaults = defaultSwmpOptions();
    return {
      ...defaults,
      sections: { ...defaults.sections, bmpDetails: defaults.sections.bmpDetails && mayPrintBmp },
    };
  });
  const [attempted, setAttempted] = useState(false);
  const nothing = ![...Object.values(options.sections), ...Object.values(options.appendices)].some(Boolean);
  return (
    <PrintJobPanel
      job="swmp"
      divisionId={divisionId}
      onClose={onClose}
      prepare={() => {
        setAttempted(true);
        return nothing ? null : { projectId, sections: options.sections, appendices: options.appendices };
      }}
    >
      <Stack gap="md">
        <OptionGroup legend="Sections">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={8} mt={6}>
            {sections.map((s) => (
              <Checkbox
                key={s.id}
                label={s.label}
                checked={options.sections[s.id]}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setOptions((o) => ({ ...o, sections: { ...o.sections, [s.id]: on } }));
                }}
              />
            ))}
          </SimpleGrid>
        </OptionGroup>
        <OptionGroup legend="Appendices">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={8} mt={6}>
            {APPENDIX_GROUPS.map((g) => (
              <Checkbox
                key={g.id}
                label={g.label}
                checked={options.appendices[g.id]}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setOptions((o) => ({ ...o, appendices: { ...o.appendices, [g.id]: on } }));
                }}
              />
            ))}
          </SimpleGrid>
        </OptionGroup>
        {attempted && nothing && (
          <Text fz="sm" c="red" role="alert">
            {REPORT_MESSAGES.nothingToPrint}
          </Text>
        )}
      </Stack>
    </PrintJobPanel>
  );
}

/** Print SWMP (spec 002 §2): its sections and appendix groups, ticked as the spec says by default. */
export function PrintSwmpModal({
  opened,
  onClose,
  divisionId,
  projectId,
}: {
  opened: boolean;
  onClose: () => void;
  divisionId: string;
  projectId: string;
}) {
  return (
    <PrintModalFrame opened={opened} title="Print SWMP" onClose={onClose}>
      <SwmpOptions divisionId={divisionId} projectId={projectId} onClose={onClose} />
    </PrintModalFrame>
  );
}
