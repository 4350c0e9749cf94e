import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/** The report state machine's ARN from its fixed name: no cross-stack reference for those that start it. */
export function reportStateMachineArn(scope: Construct, stateMachineName: string): string {
  return Stack.of(scope).formatArn({
    service: 'states',
    resource: 'stateMachine',
    resourceName: stateMachineName,
    arnFormat: ArnFormat.COLON_RESOURCE_NAME,
  });
}
