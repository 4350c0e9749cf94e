import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReportJob } from '@stormline/domain/reports';
import { ConfirmModal } from '../../../components/confirm-modal';
import { paths } from '../../../config/paths';
import { isPublicPath } from '../../../lib/api-client';
import { usePrintJob, type PrintBody } from '../use-print-job';
import { PrintProgress } from './print-progress';

/** What closing the modal mid-print asks (the result is thrown away: the download page never opens). */
export const CLOSE_WHILE_PRINTING =
  'Your report is still printing. Close anyway? It will not open when it is done.';

/**
 * The frame's guard on closing, for the panel inside: the panel says whether its job is running,
 * and its Close asks through the frame like Escape and the frame's × do.
 */
const CloseGuard = createContext<{
  setPrinting: (printing: boolean) => void;
  requestClose: () => void;
} | null>(null);

/**
 * A print modal's frame: Mantine's modal, full screen on a phone, its content mounted per opening
 * (fresh options). Closing it (Escape, ×, Close) while a job runs asks first: the job's result
 * would be lost without a word.
 */
export function PrintModalFrame({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  // Read only in event handlers: a ref, so the panel's progress does not re-render the frame.
  const printing = useRef(false);
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => {
    if (printing.current) setAsking(true);
    else onClose();
  }, [onClose]);
  const guard = useMemo(
    () => ({
      setPrinting: (now: boolean) => {
        printing.current = now;
      },
      requestClose,
    }),
    [requestClose],
  );
  return (
    <>
      <Modal opened={opened} onClose={requestClose} title={title} radius="lg" size="lg" fullScreen={phone}>
        <CloseGuard.Provider value={guard}>{opened && children}</CloseGuard.Provider>
      </Modal>
      {/* Beside the print modal, not inside it: its Escape closes only itself. */}
      <ConfirmModal
        opened={opened && asking}
        title="Close while printing?"
        confirmLabel="Close anyway"
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          setAsking(false);
          onClose();
        }}
      >
        {CLOSE_WHILE_PRINTING}
      </ConfirmModal>
    </>
  );
}

/**
 * The part every print modal shares (spec 002 §2, §4): its options until Print is pressed, then
 * the job's progress; Retry (with the options as they now are: a new begin, a new key) after an
 * error; only Close once done (Close while it runs asks first, PrintModalFrame). A finished report opens the download page in this tab
 * (docs/decisions/0044): the download starts there after 2 s, and Back returns here.
 *
 * `prepare` answers the begin body, or null when the options are not yet right (the options show
 * why).
 */
export function PrintJobPanel<J extends ReportJob>({
  job,
  divisionId,
  prepare,
  onClose,
  children,
  printLabel = 'Print',
  nothingToPrint = false,
}: {
  job: J;
  divisionId: string;
  prepare: () => PrintBody<J> | null;
  onClose: () => void;
  children?: ReactNode;
  printLabel?: string;
  /** The options say there is nothing to print (a project without site maps): Print is disabled. */
  nothingToPrint?: boolean;
}) {
  const navigate = useNavigate();
  const { phase, report, failure, reconnecting, begin } = usePrintJob(job, divisionId, {
    onDone: (done) =>
      void navigate(
        isPublicPath()
          ? paths.public.reportDownload.getHref(done.reportId, done.title, divisionId)
          : paths.report.download.getHref(done.reportId, done.title),
        { state: { divisionId } },
      ),
  });
  const choosing = phase === 'idle' || phase === 'error';
  const guard = useContext(CloseGuard);
  const printing = !choosing && phase !== 'done';
  useEffect(() => {
    guard?.setPrinting(printing);
    return () => guard?.setPrinting(false);
  }, [guard, printing]);
  // In a frame, Close asks as Escape does while the job runs; alone, it closes.
  const close = guard?.requestClose ?? onClose;
  // The modal's last state: the download and its end are the download page's (downloading, finished).
  const done = phase === 'done';
  const press = () => {
    const body = prepare();
    if (body) void begin(body);
  };
  return (
    <Stack gap="md">
      {choosing && children}
      <PrintProgress phase={phase} report={report} failure={failure} reconnecting={reconnecting} />
      <Group justify="flex-end" gap="sm">
        {phase === 'idle' ? (
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        ) : (
          <Button variant={done ? 'filled' : 'default'} onClick={close} data-autofocus={done || undefined}>
            Close
          </Button>
        )}
        {!done && (
          // Greyed while the job runs (the progress above shows it working): one job per press.
          <Button onClick={press} disabled={nothingToPrint || !choosing}>
            {phase === 'error' ? 'Retry' : printLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
