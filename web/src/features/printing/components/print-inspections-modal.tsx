import { useMemo, useState } from 'react';
import { Box, Button, Checkbox, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import type { Inspection } from '@stormline/contract/inspection-views';
import { displayDate, localDate } from '@stormline/domain/local-date';
import { customPeriodProblems, periodRange } from '@stormline/domain/report-period';
import {
  DEFAULT_PRINT_PERIOD,
  MAX_INSPECTIONS_PER_PRINT,
  PRINT_PERIODS,
  PRINT_SCOPES,
  REPORT_MESSAGES,
  type PrintPeriod,
  type PrintScope,
} from '@stormline/domain/reports';
import { errorMessage } from '../../../lib/errors';
import { useProjectInspectionPages } from '../api/print-options';
import { PrintJobPanel, PrintModalFrame } from './print-job-modal';

export interface PrintInspectionsProject {
  id: string;
  /** The project's zone decides today (spec 002 §5: the end date may not be after today). */
  timezone: string;
}

/** Whether an inspection belongs to a scope (spec 002 §2): any, with corrective actions, or signed. */
function inScope(inspection: Inspection, scope: PrintScope): boolean {
  if (scope === 'ca_only') return inspection.findings.some((f) => f.code === 'CA' && f.total > 0);
  if (scope === 'signature_only') return inspection.certification_date !== null;
  return true;
}

function PrintInspectionsOptions({
  divisionId,
  project,
  onClose,
}: {
  divisionId: string;
  project: PrintInspectionsProject;
  onClose: () => void;
}) {
  const today = useMemo(() => localDate(project.timezone, new Date()), [project.timezone]);
  const [period, setPeriod] = useState<PrintPeriod>(DEFAULT_PRINT_PERIOD);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [scope, setScope] = useState<PrintScope>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const {
    data: pages,
    error,
    size,
    setSize,
    isValidating,
  } = useProjectInspectionPages(divisionId, project.id);

  const custom = period === 'custom';
  const problems = custom ? customPeriodProblems(startDate, endDate, today) : {};
  const range = periodRange(period, today, { startDate, endDate });
  const loaded = (pages ?? []).flatMap((p) => p.pageData);
  const rows = range
    ? loaded.filter((i) => {
        const day = i.created_date.slice(0, 10);
        return day >= range.start && day <= range.end && inScope(i, scope);
      })
    : [];
  const oldest = loaded.at(-1)?.created_date.slice(0, 10);
  const more =
    range !== null &&
    Boolean(pages?.at(-1)?.paginationState.nextCursor) &&
    oldest !== undefined &&
    oldest >= range.start;
  const chosen = rows.filter((i) => selected.has(i.id)).map((i) => i.id);
  const selectionProblem =
    chosen.length === 0
      ? REPORT_MESSAGES.selectionRequired
      : chosen.length > MAX_INSPECTIONS_PER_PRINT
        ? REPORT_MESSAGES.tooManyInspections
        : null;
  const allInView = rows.length > 0 && chosen.length === rows.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((held) => {
      const next = new Set(held);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <PrintJobPanel
      job="inspections"
      divisionId={divisionId}
      onClose={onClose}
      prepare={() => {
        setAttempted(true);
        if (!range || selectionProblem) return null;
        return {
          projectId: project.id,
          period,
          ...(custom ? { startDate, endDate } : {}),
          scope,
          inspectionIds: chosen,
        };
      }}
    >
      <Stack gap="md">
        <Select
          label="Time"
          data={PRINT_PERIODS.map((p) => ({ value: p.id, label: p.label }))}
          value={period}
          onChange={(value) => value && setPeriod(value as PrintPeriod)}
          allowDeselect={false}
        />
        {custom && (
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              label="Start date"
              value={startDate}
              max={endDate || today}
              onChange={(event) => setStartDate(event.currentTarget.value)}
              error={attempted || startDate ? problemOf(problems.startDate, attempted) : undefined}
              miw={150}
            />
            <TextInput
              type="date"
              label="End date"
              value={endDate}
              max={today}
              onChange={(event) => setEndDate(event.currentTarget.value)}
              error={attempted || endDate ? problemOf(problems.endDate, attempted) : undefined}
              miw={150}
            />
          </Group>
        )}
        <Radio.Group label="Inspections" value={scope} onChange={(value) => setScope(value as PrintScope)}>
          <Stack gap={8} mt={6}>
            {PRINT_SCOPES.map((s) => (
              <Radio key={s.id} value={s.id} label={s.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Box>
          <Group justify="space-between" mb={6} wrap="wrap" gap="xs">
            <Checkbox
              label="Select all in view"
              checked={allInView}
              indeterminate={chosen.length > 0 && !allInView}
              disabled={rows.length === 0}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setSelected(on ? new Set(rows.map((i) => i.id)) : new Set());
              }}
            />
            <Text fz="sm" c="dimmed">
              Selected {chosen.length} of {rows.length}
            </Text>
          </Group>
          <Box
            component="ul"
            aria-label="Inspections in this period"
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              maxHeight: 280,
              overflowY: 'auto',
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            {rows.map((i) => (
              <Box
                component="li"
                key={i.id}
                px="sm"
                py={8}
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
              >
                <Checkbox
                  checked={selected.has(i.id)}
                  onChange={(event) => toggle(i.id, event.currentTarget.checked)}
                  label={`${i.type} #${i.number} · ${displayDate(i.created_date)}${i.inspector ? ` · ${i.inspector.name}` : ''}`}
                />
              </Box>
            ))}
            {pages && rows.length === 0 && !more && (
              <Text component="li" fz="sm" c="dimmed" p="sm">
                {range ? 'No inspections in this period' : 'Choose the period’s start and end dates'}
              </Text>
            )}
            {!pages && !error && (
              <Text component="li" fz="sm" c="dimmed" p="sm">
                Loading the inspections…
              </Text>
            )}
          </Box>
          {error && (
            <Text fz="sm" c="red" role="alert" mt={4}>
              {errorMessage(error, 'The inspections could not be read')}
            </Text>
          )}
          {more && (
            <Button variant="subtle" mt={6} loading={isValidating} onClick={() => void setSize(size + 1)}>
              Show more
            </Button>
          )}
          {attempted && range && selectionProblem && (
            <Text fz="sm" c="red" role="alert" mt={6}>
              {selectionProblem}
            </Text>
          )}
        </Box>
      </Stack>
    </PrintJobPanel>
  );
}

/** A field's problem shown once Print was pressed, or at once for a day that is wrong rather than missing. */
function problemOf(problem: string | undefined, attempted: boolean): string | undefined {
  if (!problem) return undefined;
  return attempted || !problem.startsWith('Please choose') ? problem : undefined;
}

/** Print Inspections (spec 002 §2, §5): a period, a scope, and the inspections to print, chosen from those in it. */
export function PrintInspectionsModal({
  opened,
  onClose,
  divisionId,
  project,
}: {
  opened: boolean;
  onClose: () => void;
  divisionId: string;
  project: PrintInspectionsProject;
}) {
  return (
    <PrintModalFrame opened={opened} title="Print Inspections" onClose={onClose}>
      <PrintInspectionsOptions divisionId={divisionId} project={project} onClose={onClose} />
    </PrintModalFrame>
  );
}
