import { readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import {
  CONVERSION_DEFINITION_PATH,
  REPORT_DEFINITION_PATH,
  taskFolderOf,
  tasksOfDefinition,
  withPlaceholderArns,
} from '@stormline/contract/jobs';
import { REPO_ROOT } from './repo-root';

/**
 * The Step Functions of one machine (docs/decisions/0038, 0042): each state machine's own ASL file
 * (functions/src/jobs/convert/ and jobs/report/state-machine.asl.json, the ones CDK deploys) run
 * in this process by aws-local-stepfunctions, each Task state mapped to the same handler module its
 * Lambda runs. The functions start executions with the same signed StartExecution call as in the
 * cloud, sent here (STEPFUNCTIONS_ENDPOINT), as the realtime functions post to the local
 * @connections.
 */

export const CONVERSION_DEFINITION_FILE = path.join(REPO_ROOT, CONVERSION_DEFINITION_PATH);
export const REPORT_DEFINITION_FILE = path.join(REPO_ROOT, REPORT_DEFINITION_PATH);
export const LOCAL_STATES_PATH = '/@states';
export const LOCAL_CONVERSION_STATE_MACHINE_ARN =
  'arn:aws:states:us-east-1:000000000000:stateMachine:stormline-conversion';
export const LOCAL_REPORT_STATE_MACHINE_ARN =
  'arn:aws:states:us-east-1:000000000000:stateMachine:stormline-report';

/** The state machines this machine runs, by the ARN the functions start them with. */
export const LOCAL_STATE_MACHINES: readonly { arn: string; definitionPath: string }[] = [
  { arn: LOCAL_CONVERSION_STATE_MACHINE_ARN, definitionPath: CONVERSION_DEFINITION_PATH },
  { arn: LOCAL_REPORT_STATE_MACHINE_ARN, definitionPath: REPORT_DEFINITION_PATH },
];

/** The addresses of this machine, as a request's peer. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The definition as the local runner takes it, and which module each Task state runs. */
export function localDefinition(
  text: string,
  definitionPath: string = CONVERSION_DEFINITION_PATH,
): {
  definition: object;
  tasks: { name: string; module: string }[];
} {
  return {
    definition: JSON.parse(withPlaceholderArns(text)) as object,
    tasks: tasksOfDefinition(
      JSON.parse(text) as { States: Record<string, unknown> },
      taskFolderOf(definitionPath),
    ).map((t) => ({
      name: t.state,
      module: t.module,
    })),
  };
}

type TaskHandler = (input: unknown) => Promise<unknown>;

export interface LocalStepFunctions {
  /** Serves StartExecution on LOCAL_STATES_PATH; false for any other request. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean>;
  /** Waits for the executions started so far to end. */
  drained(): Promise<void>;
  stop(): void;
}

/** One state machine run in this process: its definition, and its task handlers loaded on first use. */
function localMachine(definitionFile: string, definitionPath: string) {
  const { definition, tasks } = localDefinition(readFileSync(definitionFile, 'utf8'), definitionPath);
  const machine = new StateMachine(definition as never, { validationOptions: { checkPaths: true } });
  let handlers: Promise<Record<string, TaskHandler>> | undefined;
  // Loaded on the first execution: mupdf's WebAssembly and Chromium need not slow every `npm start`.
  const loadHandlers = () =>
    (handlers ??= Promise.all(
      tasks.map(async ({ name, module }) => {
        const loaded = (await import(`@stormline/functions/${module}`)) as { handler: TaskHandler };
        // A Lambda's error as Step Functions sees it: its name is the Error a Catch matches.
        const run: TaskHandler = (input) => loaded.handler(input);
        return [name, run] as const;
      }),
    ).then(Object.fromEntries));
  return { machine, loadHandlers };
}

export function createLocalStepFunctions(
  machines: readonly {
    arn: string;
    definitionFile: string;
    definitionPath: string;
  }[] = LOCAL_STATE_MACHINES.map((m) => ({ ...m, definitionFile: path.join(REPO_ROOT, m.definitionPath) })),
): LocalStepFunctions {
  const byArn = new Map(machines.map((m) => [m.arn, localMachine(m.definitionFile, m.definitionPath)]));
  const running = new Map<string, { result: Promise<unknown>; abort: () => void }>();

  async function start(arn: string, name: string, input: unknown): Promise<void> {
    const { machine, loadHandlers } = byArn.get(arn)!;
    const taskResourceLocalHandlers = (await loadHandlers()) as Record<
      string,
      (i: unknown) => Promise<never>
    >;
    const execution = machine.run(input as never, {
      overrides: { taskResourceLocalHandlers },
      noThrowOnAbort: true,
    });
    const result = execution.result.catch((error: unknown) => {
      // The Fail state ends a failed job; its error is recorded on the job already.
      if ((error as { name?: string }).name !== 'ExecutionError')
        console.error('Local execution failed', error);
    });
    running.set(name, { result, abort: execution.abort });
    void result.finally(() => running.delete(name));
  }

  return {
    async handle(req, res, url) {
      if (url.pathname !== LOCAL_STATES_PATH) return false;
      const reply = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
      // In the cloud only the functions' IAM role may start executions; here, only this machine.
      if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return (reply(403, { message: 'Forbidden' }), true);
      if (req.method !== 'POST' || req.headers['x-amz-target'] !== 'AWSStepFunctions.StartExecution')
        return (reply(400, { __type: 'UnknownOperationException' }), true);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        stateMachineArn?: string;
        name?: string;
        input?: string;
      };
      if (!body.stateMachineArn || !byArn.has(body.stateMachineArn))
        return (reply(400, { __type: 'StateMachineDoesNotExist' }), true);
      const name = body.name ?? crypto.randomUUID();
      if (running.has(name)) return (reply(400, { __type: 'ExecutionAlreadyExists' }), true);
      await start(body.stateMachineArn, name, JSON.parse(body.input ?? '{}'));
      reply(200, { executionArn: `${body.stateMachineArn}:${name}`, startDate: Date.now() / 1000 });
      return true;
    },
    async drained() {
      while (running.size > 0) await Promise.all([...running.values()].map((r) => r.result));
    },
    stop() {
      for (const execution of running.values()) execution.abort();
    },
  };
}
