import { readFileSync } from 'node:fs';
import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { REPORT_DEFINITION_FILE, REPORT_RENDER_TASK, reportTasks } from '../handler-bundles';
import { JobStateMachine, type JobStateMachineProps } from './job-state-machine';

export type ReportStateMachineProps = JobStateMachineProps;

/**
 * Sized from the photo bench (bench/report-photos.ts, bench/report-photos-profile.ts; numbers in
 * docs/decisions/0042 "Measured"). A render Lambda prints one part: Chromium's processes peaked
 * at about 380 MB (PSS summed) for a part of 12 photos and 450 MB for 100 photos in one part, and
 * the task's own Node process holds the plan, the part's photos and its PDF (a few MB): well
 * under 1 GB. Printing is CPU-bound, and Lambda gives CPU by memory: 1769 MB is one full vCPU,
 * with twice the memory measured to spare. Merge put a 100-photo report (16 MB, 71 pages)
 * together in 1 to 2 s, its RSS 30 MB above where it began; its largest input is a SWMP's stored
 * appendices, which this bench does not measure, so it keeps 2048 MB. Plan read and built a
 * 100-finding inspection's parts in under 1 s; Record is one update: 1024 MB keeps Plan quick.
 * Timeouts are each state's own TimeoutSeconds in the ASL file (one source; Plan 2 minutes for
 * Print Inspections of 100 inspections): the slowest part measured took 5 s (100 photos in one
 * part, a loaded machine), the merge 2 s; 3 and 5 minutes bound a stuck Chromium or a large
 * appendix, not the usual print.
 */
const RENDER_MEMORY_MB = 1769;

interface AslState {
  TimeoutSeconds?: number;
  ItemProcessor?: { States: Record<string, AslState> };
}

/** A task state's TimeoutSeconds in the report's ASL file, looked for inside its Map too. */
function stateTimeoutSeconds(name: string): number {
  const find = (states: Record<string, AslState>): number | undefined =>
    states[name]?.TimeoutSeconds ??
    Object.values(states)
      .map((state) => (state.ItemProcessor ? find(state.ItemProcessor.States) : undefined))
      .find((seconds) => seconds !== undefined);
  const definition = JSON.parse(readFileSync(REPORT_DEFINITION_FILE, 'utf8')) as {
    States: Record<string, AslState>;
  };
  const seconds = find(definition.States);
  if (!seconds) throw new Error(`The report state machine has no TimeoutSeconds for ${name}`);
  return seconds;
}
const MERGE_MEMORY_MB = 2048;
const TASK_MEMORY_MB = 1024;

/**
 * Printing (docs/decisions/0042): functions/src/jobs/report/state-machine.asl.json deployed as a
 * JobStateMachine (its log group, roles and substitutions), each task's Lambda sized here. The
 * render task is x86_64: @sparticuz/chromium's npm package carries only an x86_64 Chromium (arm64
 * comes as a release download, which an offline build cannot fetch).
 */
export class ReportStateMachine extends JobStateMachine {
  constructor(scope: Construct, id: string, props: ReportStateMachineProps) {
    super(scope, id, {
      ...props,
      definitionFile: REPORT_DEFINITION_FILE,
      jobTasks: reportTasks(),
      lambdaOf: (task) => {
        const render = task.module === REPORT_RENDER_TASK;
        const merge = task.module.endsWith('/merge');
        return {
          description: `Report printing: ${task.state}`,
          memorySize: render ? RENDER_MEMORY_MB : merge ? MERGE_MEMORY_MB : TASK_MEMORY_MB,
          timeout: Duration.seconds(stateTimeoutSeconds(task.state)),
          ...(render ? { architecture: lambda.Architecture.X86_64 } : {}),
        };
      },
    });
  }
}
