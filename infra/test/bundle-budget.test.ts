import { statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREAS, ROUTES } from '@stormline/contract/route-table';
import type { Metafile } from 'esbuild';
import {
  BASELINE_HANDLER,
  BUNDLE_BUDGET_RATIO,
  handlerModule,
  prebuiltBundles,
  WEBSOCKET_HANDLERS,
} from '../src/handler-bundles';
import { sharedBundles } from './shared-bundles';

/**
 * Every implemented route's Lambda, bundled exactly as the CDK app bundles it, against the bare
 * one-item read beside it in the same build: a route may cost at most 1.25 times its bytes (what
 * a cold start parses). Deterministic: bytes, not timings (bench/ records start-up times).
 */

const implemented = ROUTES.filter((r) => r.implemented);
let dirs: Map<string, string>;
let metafile: Metafile;

beforeAll(async () => {
  // The tier's one build of every handler, made exactly as the CDK app bundles them.
  const shared = await sharedBundles();
  metafile = shared.metafile;
  dirs = prebuiltBundles(
    [BASELINE_HANDLER, ...implemented.map(handlerModule), ...Object.values(WEBSOCKET_HANDLERS)],
    shared.dir,
  );
});

const bytesOf = (module: string) => statSync(path.join(dirs.get(module)!, 'index.mjs')).size;

/** The source files under packages/contract that went into a module's bundle. */
function contractInputs(module: string): string[] {
  const output = Object.entries(metafile.outputs).find(([file]) =>
    path.resolve(file).endsWith(path.join(module, 'index.mjs')),
  )?.[1];
  if (!output) throw new Error(`No bundle for ${module}`);
  return Object.keys(output.inputs).filter((input) => input.includes('packages/contract/src/'));
}

describe('Lambda bundles', () => {
  it.each(implemented.map((r) => [r.key, r] as const))(
    '%s is at most 1.25 times the bare one-item read',
    (_key, route) => {
      const ratio = bytesOf(handlerModule(route)) / bytesOf(BASELINE_HANDLER);
      expect(ratio, `${(bytesOf(handlerModule(route)) / 1024).toFixed(0)} KB`).toBeLessThanOrEqual(
        BUNDLE_BUDGET_RATIO,
      );
    },
  );

  it.each(Object.entries(WEBSOCKET_HANDLERS))(
    'the WebSocket $%s handler is within the same budget',
    (_name, module) => {
      expect(bytesOf(module) / bytesOf(BASELINE_HANDLER)).toBeLessThanOrEqual(BUNDLE_BUDGET_RATIO);
    },
  );

  it.each(implemented.map((r) => [r.key, r] as const))(
    '%s carries its own area of the contract, not the route table',
    (_key, route) => {
      // Only its own area: shared schemas live outside areas/ (profile.ts, access.ts), and other areas' routes may not come along.
      const areas = contractInputs(handlerModule(route))
        .filter((input) => input.includes('/areas/'))
        .map((input) => path.basename(input, '.ts'))
        .filter((name) => name in AREAS);
      expect(areas).toEqual([route.area]);
      expect(contractInputs(handlerModule(route)).some((input) => input.endsWith('route-table.ts'))).toBe(
        false,
      );
    },
  );
});
