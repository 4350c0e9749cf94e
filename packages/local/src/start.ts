import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { JavaMissingError } from './dynamodb-local';
import { REPO_ROOT, startRuntime } from './runtime';
import { DEMO_ACCOUNTS } from './seed';

/** `npm start`: builds the SPA when its sources are newer than web/dist, then runs everything on one port. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildWebIfStale(): void {
  const dist = path.join(REPO_ROOT, 'web', 'dist', 'index.html');
  const sources = [path.join(REPO_ROOT, 'web', 'src'), path.join(REPO_ROOT, 'packages', 'contract', 'src')];
  const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  if (built > Math.max(...sources.map(newestMtime))) return;
  console.log('Building the web app (web/dist)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app did not build; see the output above.');
}

async function main(): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  const port = Number(process.env.PORT ?? 3000);
  const region = process.env.REGION === 'US' ? 'US' : 'UK';
  buildWebIfStale();
  const runtime = await startRuntime({ port, dataDir: path.join(REPO_ROOT, '.local'), fresh, region });

  console.log(`\nStormline is running at ${runtime.url}`);
  console.log(runtime.seeded ? 'Seeded demo accounts:' : 'Demo accounts (data kept in .local/; --fresh wipes it):');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role}: ${a.email} / ${a.password}`);
  console.log(`Mail and SMS outbox: ${runtime.env.OUTBOX_DIR}`);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  if (error instanceof JavaMissingError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
