/**
 * The state machines' definitions and the task modules they run, read by the CDK app (one Lambda
 * per task, its ARN substituted into the definition) and by the local runtime (the same file run
 * by aws-local-stepfunctions, each task mapped to the same module): docs/decisions/0038.
 */

/** The conversion state machine's ASL file, from the repository's root. */
export const CONVERSION_DEFINITION_PATH = 'functions/src/jobs/convert/state-machine.asl.json';
/** The report (printing) state machine's ASL file (docs/decisions/0042). */
export const REPORT_DEFINITION_PATH = 'functions/src/jobs/report/state-machine.asl.json';

/** The folder (under functions/src) a definition's task modules live in: its own file's folder. */
export function taskFolderOf(definitionPath: string): string {
  const match = /^functions\/src\/(jobs\/[a-z-]+)\/[^/]+\.asl\.json$/.exec(definitionPath);
  if (!match) throw new Error(`${definitionPath}: a definition lives in functions/src/jobs/<name>/`);
  return match[1]!;
}

interface AslState {
  Type: string;
  Resource?: string;
  ItemProcessor?: { States: Record<string, AslState> };
  Iterator?: { States: Record<string, AslState> };
}

export interface TaskOfDefinition {
  /** The Task state's name (what aws-local-stepfunctions overrides by). */
  state: string;
  /** The placeholder name in `${...}`, e.g. RenderPageFunctionArn (CDK's definitionSubstitutions key). */
  substitution: string;
  /** The handler module under functions/src, e.g. jobs/convert/render-page. */
  module: string;
}

/**
 * Every Task state of a definition, nested Map states included. A Task's Resource must be a
 * `${NameFunctionArn}` placeholder, and by the one convention both runtimes share, `Name` in
 * kebab case is its module in the definition's own folder (`taskFolder`: jobs/convert, jobs/report).
 */
export function tasksOfDefinition(
  definition: { States: Record<string, unknown> },
  taskFolder = taskFolderOf(CONVERSION_DEFINITION_PATH),
): TaskOfDefinition[] {
  const walk = (states: Record<string, AslState>): TaskOfDefinition[] =>
    Object.entries(states).flatMap(([state, spec]) => [
      ...(spec.Type === 'Task' ? [taskOf(state, spec.Resource ?? '', taskFolder)] : []),
      ...walk(spec.ItemProcessor?.States ?? spec.Iterator?.States ?? {}),
    ]);
  return walk(definition.States as Record<string, AslState>);
}

function taskOf(state: string, resource: string, taskFolder: string): TaskOfDefinition {
  const match = /^\$\{(([A-Za-z]+)FunctionArn)\}$/.exec(resource);
  if (!match) throw new Error(`Task ${state}: the Resource must be a \${NameFunctionArn} placeholder`);
  const name = match[2]!.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return { state, substitution: match[1]!, module: `${taskFolder}/${name}` };
}

/** The definition with every placeholder a syntactically valid Lambda ARN (the local runner's copy). */
export function withPlaceholderArns(text: string): string {
  return text.replace(
    /\$\{([A-Za-z]+)FunctionArn\}/g,
    (_m, name: string) => `arn:aws:lambda:us-east-1:000000000000:function:stormline-${name}`,
  );
}
