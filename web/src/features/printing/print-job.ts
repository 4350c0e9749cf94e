import type { ReportView } from '@stormline/contract/reports';
import type { PrintState } from '@stormline/domain/reports';

/**
 * What the modal shows of a print job (spec 002 §4): before the answer to Print, the socket's own
 * states (connecting, connected); then the job as the server last told it. Pure, so the order of
 * pushes and reads is decided in one tested place.
 */
export type PrintPhase = 'idle' | PrintState;

const RANK = { requested: 0, progress: 1, done: 2, error: 2 } as const;

/**
 * The newer of two accounts of the same job: pushes and reads cross on the wire, and an older one
 * must never replace a newer one (a read sent before the last push can answer after it). Another
 * job's (an earlier press's, before Retry) never counts.
 */
export function newerReport(current: ReportView | null, incoming: ReportView): ReportView | null {
  if (!current) return incoming;
  if (incoming.reportId !== current.reportId) return current;
  if (incoming.updatedAt !== current.updatedAt)
    return incoming.updatedAt > current.updatedAt ? incoming : current;
  if (RANK[incoming.status] !== RANK[current.status])
    return RANK[incoming.status] > RANK[current.status] ? incoming : current;
  return incoming.completed >= current.completed ? incoming : current;
}

/** A fresh channel key per press: the contract's Id pattern (/^[A-Za-z0-9_-]{1,64}$/). */
export function newChannelKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** 'Printing 3 of 8' for the progress bar: whole percent, 0 while the total is not yet known. */
export function progressPercent(report: Pick<ReportView, 'completed' | 'total'>): number {
  if (report.total <= 0) return 0;
  return Math.min(100, Math.round((report.completed / report.total) * 100));
}
