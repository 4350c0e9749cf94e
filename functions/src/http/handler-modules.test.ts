import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@stormline/contract/route-table';

const HTTP_DIR = import.meta.dirname;
const SOURCE_DIRS = [path.resolve(HTTP_DIR, '..'), path.resolve(HTTP_DIR, '../../../packages/data/src')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

describe('handler modules', () => {
  it('exist for every implemented route and export the Lambda handler and the plain main', async () => {
    for (const route of ROUTES.filter((r) => r.implemented)) {
      const file = path.join(HTTP_DIR, `${route.handler}.ts`);
      expect(existsSync(file), `${route.key} -> ${route.handler}.ts`).toBe(true);
      const module = (await import(file)) as { handler?: unknown; main?: unknown };
      expect(typeof module.handler, route.key).toBe('function');
      expect(typeof module.main, route.key).toBe('function');
    }
    // Loading some 170 handler modules takes 2 s on a quiet machine; the run's other workers and a
    // busy machine can stretch it past the default 5 s without anything being wrong.
  }, 60_000);

  it('exist only for routes marked implemented (a finished handler must be switched on in the contract)', () => {
    const implemented = new Set(ROUTES.filter((r) => r.implemented).map((r) => `${r.handler}.ts`));
    const modules = sourceFiles(HTTP_DIR)
      .map((f) => path.relative(HTTP_DIR, f))
      .filter((f) => f !== 'not-implemented.ts');
    expect(modules.sort()).toEqual([...implemented].sort());
  });
});

describe('request paths', () => {
  it('never Scan the table: every list is a Query on a key or an index', () => {
    for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
      expect(readFileSync(file, 'utf8'), path.basename(file)).not.toMatch(/\bScan(Command|Input)\b/);
    }
  });
});
