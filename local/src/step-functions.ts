import { readFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import { REPO_ROOT } from './repo-root';

/**
 * The Step Functions of one machine (docs/decisions/0038): the conversion state machine's own ASL
 * file (functions/src/jobs/convert/state-machine.asl.json, the one CDK deploys) run in this
 * process by aws-local-stepfunctions, each Task state mapped to the same handler module its Lambda
 * runs. The functions start executions with the same signed StartExecution call as in the cloud,
 * sent here (STEPFUNCTIONS_ENDPOINT), as the realtime functions post to the local @connections.
 */

export const CONVERSION_DEFINITION_FILE = path.join(
  REPO_ROOT,
  'functions',
  'src',
  'jobs',
  'convert',
  'state-machine.asl.json',
);
export const LOCAL_STATES_PATH = '/@states';
export const LOCAL_CONVERSION_STATE_MACHINE_ARN =
  'arn:aws:states:us-east-1:000000000000:stateMachine:stormline-conversion';

/** The addresses of this machine, as a request's peer. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

interface AslState {
  Type: string;
  Resource?: string;
  ItemProcessor?: { States: Record<string, AslState> };
  Iterator?: { States: Record<string, AslState> };
}

/**
 * The function a Task's resource placeholder names, by the one convention CDK's substitutions use
 * too (infra/src/constructs/conversion-state-machine.ts): `${RenderPageFunctionArn}` is
 * functions/src/jobs/convert/render-page.ts.
 */
export function taskModuleOf(resource: string): string {
  const match = /^\$\{([A-Za-z]+)FunctionArn\}$/.exec(resource);
  if (!match) throw new Error(`A Task resource must be a \${NameFunctionArn} placeholder, not ${resource}`);
  return `jobs/convert/${match[1]!.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

/** Every Task state of a definition, nested Map states included: its name and resource placeholder. */
export function taskStatesOf(states: Record<string, AslState>): { name: string; resource: string }[] {
  return Object.entries(states).flatMap(([name, state]) => [
    ...(state.Type === 'Task' && state.Resource ? [{ name, resource: state.Resource }] : []),
    ...taskStatesOf(state.ItemProcessor?.States ?? state.Iterator?.States ?? {}),
  ]);
}

/** The definition as the local runner takes it: each placeholder a syntactically valid Lambda ARN. */
export function localDefinition(text: string): {
  definition: object;
  tasks: { name: string; module: string }[];
} {
  const substituted = text.replace(
    /\$\{([A-Za-z]+)FunctionArn\}/g,
    (_m, name: string) => `arn:aws:lambda:us-east-1:000000000000:function:stormline-${name}`,
  );
  const raw = JSON.parse(text) as { States: Record<string, AslState> };
  return {
    definition: JSON.parse(substituted) as object,
    tasks: taskStatesOf(raw.States).map((t) => ({ name: t.name, module: taskModuleOf(t.resource) })),
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

export function createLocalStepFunctions(
  definitionFile: string = CONVERSION_DEFINITION_FILE,
): LocalStepFunctions {
  const { definition, tasks } = localDefinition(readFileSync(definitionFile, 'utf8'));
  const machine = new StateMachine(definition as never, { validationOptions: { checkPaths: true } });
  const running = new Map<string, { result: Promise<unknown>; abort: () => void }>();
  let handlers: Promise<Record<string, TaskHandler>> | undefined;
  // Loaded on the first execution: mupdf's WebAssembly need not slow every `npm start`.
  const loadHandlers = () =>
    (handlers ??= Promise.all(
      tasks.map(async ({ name, module }) => {
        const loaded = (await import(`@stormline/functions/${module}`)) as { handler: TaskHandler };
        // A Lambda's error as Step Functions sees it: its name is the Error a Catch matches.
        const run: TaskHandler = (input) => loaded.handler(input);
        return [name, run] as const;
      }),
    ).then(Object.fromEntries));

  async function start(name: string, input: unknown): Promise<void> {
    const taskResourceLocalHandlers = (await loadHandlers()) as Record<
      string,
      (i: unknown) => Promise<never>
    >;
    const execution = machine.run(input as never, {
      overrides: { taskResourceLocalHandlers },
      noThrowOnAbort: true,
    });
    const result = execution.result.catch((error: unknown) => {
      // The Fail state ends a failed conversion; its error is recorded on the document already.
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
      if (body.stateMachineArn !== LOCAL_CONVERSION_STATE_MACHINE_ARN)
        return (reply(400, { __type: 'StateMachineDoesNotExist' }), true);
      const name = body.name ?? crypto.randomUUID();
      if (running.has(name)) return (reply(400, { __type: 'ExecutionAlreadyExists' }), true);
      await start(name, JSON.parse(body.input ?? '{}'));
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
