import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { CONVERSION_DEFINITION_FILE, conversionTasks } from '../handler-bundles';
import { JobStateMachine, type JobStateMachineProps } from './job-state-machine';

export type ConversionStateMachineProps = JobStateMachineProps;

/** Enough to render a 4000 px page with mupdf (its WebAssembly heap plus the pixmap and PNG). */
const RENDER_MEMORY_MB = 2048;
const TASK_MEMORY_MB = 1024;

/** The state machine's ARN from its fixed name: no cross-stack reference for those that start it. */
export function conversionStateMachineArn(scope: Construct, stateMachineName: string): string {
  return Stack.of(scope).formatArn({
    service: 'states',
    resource: 'stateMachine',
    resourceName: stateMachineName,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}

/**
 * The site-map conversion (docs/decisions/0038): functions/src/jobs/convert/state-machine.asl.json
 * deployed as a JobStateMachine (its log group, roles and substitutions), each task's Lambda sized
 * here: the render task for a 4000 px page.
 */
export class ConversionStateMachine extends JobStateMachine {
  constructor(scope: Construct, id: string, props: ConversionStateMachineProps) {
    super(scope, id, {
      ...props,
      definitionFile: CONVERSION_DEFINITION_FILE,
      jobTasks: conversionTasks(),
      lambdaOf: (task) => {
        const render = task.module.endsWith('render-page');
        return {
          description: `Site-map conversion: ${task.state}`,
          memorySize: render ? RENDER_MEMORY_MB : TASK_MEMORY_MB,
          timeout: Duration.minutes(render ? 2 : 1),
        };
      },
    });
  }
}
