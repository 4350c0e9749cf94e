import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';

/** What web/dist is built from: the SPA's sources, the contract and domain it imports, its build config. */
const SOURCES = [
  'web/src',
  'web/index.html',
  'web/public',
  'web/vite.config.ts',
  'web/postcss.config.cjs',
  'web/package.json',
  'packages/contract/src',
  'packages/domain/src',
];
/** Another process building for longer than this has died; its lock is taken over. */
const STALE_LOCK_MS = 5 * 60_000;

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  if (statSync(dir).isFile()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(dist: string): boolean {
  const index = path.join(dist, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  return built <= Math.max(...SOURCES.map((s) => newestMtime(path.join(REPO_ROOT, s))));
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Waits for (or takes over from) another process's build, then holds the lock. */
function acquireLock(lock: string): void {
  for (;;) {
    try {
      mkdirSync(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (existsSync(lock) ? statSync(lock).mtimeMs : Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      else sleep(500);
    }
  }
}

/**
 * Builds web/dist when the SPA's sources (or the contract and domain it imports, or its build
 * configuration) are newer than it. The build goes to a scratch folder that then replaces
 * web/dist in one rename, so a gateway serving web/dist never sees it half-written, and one
 * process builds at a time (test runs, `npm start` and the bench may start together).
 */
export function buildWebIfStale(): void {
  const web = path.join(REPO_ROOT, 'web');
  const dist = path.join(web, 'dist');
  if (!isStale(dist)) return;
  // Scratch space beside web/dist on the same disk (for the rename), in a folder git ignores.
  const scratch = path.join(web, 'node_modules', '.stormline');
  mkdirSync(scratch, { recursive: true });
  const lock = path.join(scratch, 'dist-build.lock');
  acquireLock(lock);
  try {
    if (!isStale(dist)) return; // built by the process we waited for
    console.log('Building the web app (web/dist)...');
    const next = path.join(scratch, `dist-next-${process.pid}`);
    const result = spawnSync('npm', ['run', 'build', '-w', 'web', '--', '--outDir', next, '--emptyOutDir'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      rmSync(next, { recursive: true, force: true });
      throw new Error('The web app did not build; see the output above.');
    }
    const previous = path.join(scratch, `dist-previous-${process.pid}`);
    if (existsSync(dist)) renameSync(dist, previous);
    renameSync(next, dist);
    rmSync(previous, { recursive: true, force: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
