import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '@stormline/data/table';

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super(
      'Java 17 is needed to run DynamoDB Local and `java` was not found. Install it with: sudo apt-get install -y openjdk-17-jre-headless (or brew install openjdk@17).',
    );
  }
}

function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
}

async function waitUntilReady(
  client: DynamoDBClient,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${output()}`);
    try {
      await client.send(new ListTablesCommand({}));
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start within 60 s: ${output()}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

/** Starts AWS DynamoDB Local from the jar that amplify-dynamodb-simulator bundles. */
export async function startDynamoDbLocal(options: {
  port: number;
  dataDir?: string;
}): Promise<DynamoDbLocal> {
  assertJava();
  const dir = emulatorDir();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  const child = spawn(
    'java',
    [
      '-Xmx512m',
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      '-jar',
      path.join(dir, 'DynamoDBLocal.jar'),
      '-port',
      String(options.port),
      '-sharedDb',
      ...storage,
    ],
    // DynamoDB Local drops a metadata file in its working directory; keep it out of the repository.
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: options.dataDir ?? tmpdir() },
  );
  // However this process ends (a test runner torn down early, process.exit), the JVM goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localClient(endpoint);
  await waitUntilReady(client, child, () => output);
  client.destroy();

  return {
    endpoint,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Creates the single table from the data layer's definition when it does not exist yet. */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'existing'> {
  const client = localClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return 'existing';
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(tableDefinition(tableName)));
    return 'created';
  } finally {
    client.destroy();
  }
}
