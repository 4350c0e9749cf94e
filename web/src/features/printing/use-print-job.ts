import { useCallback, useEffect, useRef, useState } from 'react';
import { ReportView, type BeginBody } from '@stormline/contract/reports';
import {
  beginAction,
  isReportRunning,
  REPORT_MESSAGES,
  reportChannel,
  type ReportJob,
} from '@stormline/domain/reports';
import { errorMessage } from '../../lib/errors';
import { realtimeConnection, sendOverSocket, useChannel } from '../../lib/realtime';
import { getReport } from './api/reports';
import { newChannelKey, newerReport, type PrintPhase } from './print-job';

/** How long Print waits for the socket to open before saying the connection failed (Retry asks again). */
const OPEN_WAIT_MS = 10_000;
/** With the channel refused or down while the job runs, the stored job is read this often instead. */
const READ_AGAIN_MS = 5_000;

/** What a job's options give Print: its begin body without the key, which each press makes afresh. */
export type PrintBody<J extends ReportJob> = Omit<BeginBody<J>, 'key'>;

type Step = 'idle' | 'connecting' | 'connected' | 'begun' | 'failed';

/** Resolves once the session's socket is open; rejects if it closes for good or takes too long. */
function whenOpen(connection: NonNullable<ReturnType<typeof realtimeConnection>>): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let stop: (() => void) | null = null;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // watchState tells the present state before it returns its stop: stop once it has.
      queueMicrotask(() => stop?.());
      if (ok) resolve();
      else reject(new Error(REPORT_MESSAGES.connection));
    };
    const timer = setTimeout(() => settle(false), OPEN_WAIT_MS);
    stop = connection.watchState((state) => {
      if (state === 'open') settle(true);
      else if (state === 'closed') settle(false);
    });
    if (settled) stop();
  });
}

/**
 * One print job from Print to its file (spec 002 §4, docs/decisions/0042 and 0044): opens the
 * session's socket (connecting, connected), sends `begin:{job}` with a fresh key, and follows the
 * job on status:report:{job}:{key}. The server subscribed this socket with the begin itself; the
 * screen subscribes too, so the channel is heard again after a reconnect, and each time it turns
 * live the stored job is read (what was pushed while not listening). Pushes and reads are merged
 * newest-first (`newerReport`). Retry is a new begin with a new key; `onDone` runs once per job.
 */
export function usePrintJob<J extends ReportJob>(
  job: J,
  divisionId: string,
  { onDone }: { onDone?: (report: ReportView) => void } = {},
) {
  const [step, setStep] = useState<Step>('idle');
  const [report, setReport] = useState<ReportView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const press = useRef(0);
  const lastBody = useRef<PrintBody<J> | null>(null);

  const begin = useCallback(
    async (body: PrintBody<J>) => {
      const mine = ++press.current;
      const current = () => mine === press.current;
      lastBody.current = body;
      setReport(null);
      setFailure(null);
      setStep('connecting');
      const fail = (message: string) => {
        if (!current()) return;
        setFailure(message);
        setStep('failed');
      };
      const connection = realtimeConnection();
      if (!connection) return fail(REPORT_MESSAGES.connection);
      try {
        await whenOpen(connection);
      } catch {
        return fail(REPORT_MESSAGES.connection);
      }
      if (!current()) return;
      setStep('connected');
      let answer: unknown;
      try {
        answer = await sendOverSocket(beginAction(job), divisionId, { ...body, key: newChannelKey() });
      } catch (error) {
        return fail(errorMessage(error, REPORT_MESSAGES.connection));
      }
      const parsed = ReportView.safeParse(answer);
      if (!parsed.success) return fail('The server sent an answer this page does not understand.');
      if (!current()) return;
      setReport(parsed.data);
      setStep('begun');
    },
    [job, divisionId],
  );

  const retry = useCallback(() => {
    if (lastBody.current) void begin(lastBody.current);
  }, [begin]);

  const running = step === 'begun' && report !== null && isReportRunning(report.status);
  const reportId = report?.reportId ?? null;
  const merge = useCallback((incoming: ReportView) => setReport((held) => newerReport(held, incoming)), []);
  const readStored = useCallback(() => {
    if (!reportId) return;
    getReport(divisionId, reportId).then(merge, () => undefined);
  }, [divisionId, reportId, merge]);

  const socket = useChannel(
    divisionId,
    running && report ? reportChannel(job, report.key) : null,
    (message) => {
      const parsed = ReportView.safeParse(message.report);
      if (parsed.success) merge(parsed.data);
    },
    readStored,
  );

  // The channel refused or lost for good while the job runs: read the stored job now and then.
  const deaf = running && socket === 'closed';
  useEffect(() => {
    if (!deaf) return;
    readStored();
    const timer = setInterval(readStored, READ_AGAIN_MS);
    return () => clearInterval(timer);
  }, [deaf, readStored]);

  const latestOnDone = useRef(onDone);
  useEffect(() => {
    latestOnDone.current = onDone;
  });
  const doneId = report?.status === 'done' ? report.reportId : null;
  useEffect(() => {
    if (doneId && report) latestOnDone.current?.(report);
    // Once per finished job, not on each render that still shows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doneId]);

  const phase: PrintPhase =
    step === 'idle'
      ? 'idle'
      : step === 'connecting'
        ? 'connecting'
        : step === 'connected'
          ? 'connected'
          : step === 'failed'
            ? 'error'
            : report!.status;
  return {
    phase,
    report,
    /** Why it failed: the socket, the server's refusal, or the job's own reason. */
    failure: step === 'failed' ? failure : report?.status === 'error' ? report.message : null,
    /** The job runs but its channel is not live (reconnecting): progress may lag until it is. */
    reconnecting: running && socket !== 'open',
    begin,
    retry,
  };
}
