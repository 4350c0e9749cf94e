import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import type { Metafile } from 'esbuild';
import { ROUTES } from '@stormline/contract/route-table';
import { appHandlerModules, BASELINE_HANDLER, bundleHandlers, NOT_IMPLEMENTED } from '../src/handler-bundles';

/** Every handler any infra test synthesizes or measures: the whole app's, the baseline, the 501 stub. */
const EVERY_MODULE = [BASELINE_HANDLER, NOT_IMPLEMENTED, ...appHandlerModules(ROUTES)];

export interface SharedBundles {
  dir: string;
  metafile: Metafile;
}

/**
 * The run's one bundle of every handler (infra/test/global-setup.ts names its folder). The first
 * test file to ask writes it, holding a lock folder; a file that asks meanwhile waits for the
 * metafile, written last, so a half-written bundle is never read.
 */
export async function sharedBundles(): Promise<SharedBundles> {
  const dir = inject('lambdaBundleDir');
  const metafilePath = path.join(dir, 'metafile.json');
  const lock = path.join(dir, '.bundling');
  let mine = false;
  try {
    mkdirSync(lock);
    mine = true;
  } catch {
    // Another file holds the lock: it is bundling, or has bundled.
  }
  const failedPath = path.join(dir, 'failed.txt');
  if (mine) {
    try {
      const { metafile } = bundleHandlers(EVERY_MODULE, dir);
      // Written aside and renamed: a waiting file sees no metafile, or all of it.
      writeFileSync(`${metafilePath}.partial`, JSON.stringify(metafile));
      renameSync(`${metafilePath}.partial`, metafilePath);
      return { dir, metafile };
    } catch (error) {
      writeFileSync(failedPath, String(error));
      throw error;
    }
  }
  for (let waited = 0; !existsSync(metafilePath); waited += 500) {
    if (existsSync(failedPath)) throw new Error(`Bundling failed: ${readFileSync(failedPath, 'utf8')}`);
    if (waited > 600_000) throw new Error(`The shared bundles at ${dir} were not written in 10 minutes`);
    await sleep(500);
  }
  return { dir, metafile: JSON.parse(readFileSync(metafilePath, 'utf8')) as Metafile };
}
