import type { Db } from '@stormline/data/dynamo';
import { recordInspectionsDue } from '@stormline/functions/jobs/inspections-due';
import { recordLateFindings } from '@stormline/functions/jobs/late-findings';
import { recordMissedInspections } from '@stormline/functions/jobs/missed-inspections';
import { runRainfallJob } from '@stormline/functions/jobs/rainfall';
import { sendSummaryEmails } from '@stormline/functions/jobs/summary-emails';
import { settlePostStormDues } from '@stormline/functions/jobs/post-storm-dues';

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(db: Db, now: Date): Promise<unknown>;
}

/** What EventBridge Scheduler runs in the cloud (infra's Jobs stack), at the same rate. */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  { name: 'missed inspections', everyMs: 60 * 60 * 1000, run: recordMissedInspections },
  // In the cloud the missed-inspection Lambda runs it in the same invocation.
  { name: 'post-storm dues', everyMs: 60 * 60 * 1000, run: settlePostStormDues },
  { name: 'late findings', everyMs: 60 * 60 * 1000, run: recordLateFindings },
  { name: 'inspections due', everyMs: 60 * 60 * 1000, run: recordInspectionsDue },
  { name: 'summary e-mails', everyMs: 60 * 60 * 1000, run: sendSummaryEmails },
  { name: 'rainfall', everyMs: 60 * 60 * 1000, run: runRainfallJob },
];

export interface ScheduledJobs {
  stop(): Promise<void>;
}

/**
 * The cloud's schedules on one machine: each job runs once at start (what came due while the
 * runtime was stopped is caught up) and then at its rate, one run of a job at a time. A failed run
 * is logged and the next one tries again, as a scheduled Lambda's would be.
 */
export function startScheduledJobs(db: Db, jobs: readonly ScheduledJob[] = SCHEDULED_JOBS): ScheduledJobs {
  const running = new Set<Promise<void>>();
  let stopped = false;
  const timers = jobs.map((job) => {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const run = job
        .run(db, new Date())
        .then(
          () => undefined,
          (error: unknown) => {
            if (!stopped) console.error(`scheduled job ${job.name}:`, error);
          },
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    tick();
    return setInterval(tick, job.everyMs);
  });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
