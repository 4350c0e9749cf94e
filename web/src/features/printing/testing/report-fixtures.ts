import type { ReportView } from '@stormline/contract/reports';
import type { ReportJob } from '@stormline/domain/reports';

/** A print job as the server records it (packages/contract/src/reports.ts ReportView). */
export function reportView(job: ReportJob, key: string, over: Partial<ReportView> = {}): ReportView {
  return {
    reportId: 'rep-1',
    job,
    key,
    status: 'requested',
    completed: 0,
    total: 0,
    message: null,
    title: 'Inspection 8 - Riverside Lofts.pdf',
    url: null,
    createdAt: '2026-11-29T22:00:00.000Z',
    updatedAt: '2026-11-29T22:00:00.000Z',
    ...over,
  };
}

/** A later moment than the fixture's own, `seconds` on. */
export const later = (seconds: number) =>
  new Date(Date.parse('2026-11-29T22:00:00.000Z') + seconds * 1000).toISOString();
