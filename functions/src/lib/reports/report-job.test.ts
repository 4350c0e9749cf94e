import { describe, expect, it } from 'vitest';
import type { ReportRecord } from '@stormline/data/reports';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { reportViewFor } from './report-job';

const now = new Date('2026-11-30T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

const report = (overrides: Partial<ReportRecord>): ReportRecord => ({
  id: 'r1',
  job: 'siteMaps',
  key: 'k1',
  userId: 'u1',
  divisionId: 'd1',
  projectId: 'p1',
  status: 'progress',
  completed: 1,
  total: 3,
  message: null,
  title: 'Site Maps - Riverside Lofts',
  body: {},
  fileKey: null,
  createdAt: minutesAgo(20),
  updatedAt: minutesAgo(1),
  ...overrides,
});

const session = { userId: 'u1', tokenId: 't1' };

describe('a print job as its owner reads it', () => {
  it('shows a job in progress as it stands', () => {
    expect(reportViewFor(report({ updatedAt: minutesAgo(15) }), session, 'secret', now)).toMatchObject({
      status: 'progress',
      completed: 1,
      message: null,
    });
  });

  it('reads a job still running past the state machine’s 15 minutes as failed, so the screen offers Retry', () => {
    for (const status of ['requested', 'progress'] as const)
      expect(
        reportViewFor(report({ status, updatedAt: minutesAgo(17) }), session, 'secret', now),
      ).toMatchObject({
        status: 'error',
        message: REPORT_MESSAGES.failed,
        url: null,
      });
  });

  it('gives a finished job, however old, its download link', () => {
    const view = reportViewFor(
      report({ status: 'done', fileKey: 'f.pdf', updatedAt: minutesAgo(600) }),
      session,
      'secret',
      now,
    );
    expect(view.status).toBe('done');
    expect(view.url).toMatch(/^\/api\/download\/r1\.pdf\?token=/);
  });
});
