import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds web/dist when the SPA's sources (or the contract and domain it imports) are newer than it. */
export function buildWebIfStale(): void {
  const dist = path.join(REPO_ROOT, 'web', 'dist', 'index.html');
  const sources = ['web/src', 'web/index.html', 'packages/contract/src', 'packages/domain/src'].map((p) =>
    path.join(REPO_ROOT, p),
  );
  const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  const newest = Math.max(
    ...sources.map((s) => (existsSync(s) && statSync(s).isFile() ? statSync(s).mtimeMs : newestMtime(s))),
  );
  if (built > newest) return;
  console.log('Building the web app (web/dist)...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app did not build; see the output above.');
}
