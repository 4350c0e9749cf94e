import { Alert, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReportView } from '@stormline/contract/reports';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { progressPercent, type PrintPhase } from '../print-job';

/** Each state in words (spec 002 §4): what the user is waiting for, not what the code is doing. */
export function phaseText(phase: PrintPhase, report: ReportView | null): string {
  switch (phase) {
    case 'idle':
      return '';
    case 'connecting':
      return 'Connecting to the server…';
    case 'connected':
      return 'Connected. Asking for the report…';
    case 'requested':
      return 'Requested: the report will start in a moment.';
    case 'progress':
      return report && report.total > 0
        ? `Printing: ${Math.min(report.completed, report.total)} of ${report.total}`
        : 'Printing…';
    case 'done':
      return 'Done: your report is ready.';
    case 'error':
      return 'The report could not be printed.';
    case 'downloading':
      return 'Downloading…';
    case 'finished':
      return 'Downloaded.';
  }
}

/**
 * The one progress display of the six print modals (spec 002 §4): connecting, connected,
 * requested, progress x of total with a bar, done or error (with its reason), and a note while the
 * channel reconnects. The words are a polite live region, so a screen reader hears each step.
 */
export function PrintProgress({
  phase,
  report,
  failure,
  reconnecting,
}: {
  phase: PrintPhase;
  report: ReportView | null;
  failure: string | null;
  reconnecting: boolean;
}) {
  if (phase === 'idle') return null;
  const percent =
    phase === 'done' || phase === 'downloading' || phase === 'finished'
      ? 100
      : phase === 'progress' && report
        ? progressPercent(report)
        : 0;
  const busy =
    phase === 'connecting' || phase === 'connected' || phase === 'requested' || phase === 'progress';
  return (
    <Stack gap="xs">
      {/* On error the alert below says it, once. */}
      <Group
        gap="xs"
        wrap="nowrap"
        role="status"
        aria-live="polite"
        display={phase === 'error' ? 'none' : undefined}
      >
        {busy && <Loader size="xs" aria-hidden />}
        {phase === 'done' && <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden />}
        <Text fz="sm" fw={500}>
          {phaseText(phase, report)}
        </Text>
      </Group>
      {phase !== 'error' && (
        <Progress.Root size="lg">
          <Progress.Section
            value={percent}
            animated={busy}
            striped={busy}
            color={phase === 'done' ? 'teal' : undefined}
            aria-label="Print progress"
          />
        </Progress.Root>
      )}
      {reconnecting && (
        <Text fz="xs" c="dimmed">
          Reconnecting to the server: the progress shown may be a moment behind.
        </Text>
      )}
      {phase === 'error' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" p="sm">
          <Text fz="sm">{failure ?? REPORT_MESSAGES.failed}</Text>
          {failure && failure !== REPORT_MESSAGES.connection && failure !== REPORT_MESSAGES.failed && (
            <Text fz="xs" mt={4}>
              {REPORT_MESSAGES.failed}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
