import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { REPORT_DEFINITION_FILE, REPORT_RENDER_TASK, reportTasks } from '../handler-bundles';
import { JobStateMachine, type JobStateMachineProps } from './job-state-machine';

export type ReportStateMachineProps = JobStateMachineProps;

/**
 * Chromium prints a part in 2048 MB comfortably (its renderer, the part's photos decoded); the
 * others read records, JSON and PDFs: 1024 MB. Merge holds every part and appendix at once.
 */
const RENDER_MEMORY_MB = 2048;
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
          timeout: Duration.minutes(render ? 3 : merge ? 5 : 1),
          ...(render ? { architecture: lambda.Architecture.X86_64 } : {}),
        };
      },
    });
  }
}
