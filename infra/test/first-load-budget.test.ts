import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What a first visit fetches before the page renders, from the built index.html and vite's build
 * manifest: the scripts and stylesheets index.html loads (the entry chunk and what vite preloads
 * with it) and everything they import statically, then the route's lazy modules and their static
 * imports, with their CSS (app/router.tsx starts loading them with the entry). The toast
 * container, loaded once the page has rendered (app/provider.tsx), is not counted. Gzipped with node:zlib at its default
 * level, as CloudFront's compression roughly does. The web app is built into a scratch folder, so
 * the test neither waits for nor disturbs a web/dist that a running gateway or browser test uses.
 * KB are 1,000 bytes, as vite reports them.
 */

/**
 * The budget per page: what it fetches before it renders, gzipped (issue 8). React and react-dom
 * alone are 67 KB of it; docs/decisions/0012-first-load-budget.md says where the rest goes.
 */
const FIRST_LOAD_BUDGET = {
  '/login': { jsGzipBytes: 150_000, cssGzipBytes: 25_000 },
  'the dashboard (/divisions/{id}/dashboard, signed in)': { jsGzipBytes: 150_000, cssGzipBytes: 25_000 },
} as const;

/**
 * Each page and the lazy modules (manifest keys, paths from web/) the router loads to show it: its
 * layout's and its screen's (web/src/app/router.tsx).
 */
const PAGES = [
  {
    page: '/login',
    lazy: ['src/app/layouts/auth-layout.tsx', 'src/features/auth/routes/login.tsx'],
  },
  {
    page: 'the dashboard (/divisions/{id}/dashboard, signed in)',
    lazy: ['src/app/layouts/app-layout.tsx', 'src/features/dashboard/routes/dashboard.tsx'],
  },
] as const;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'stormline-first-load-'));
let manifest: Manifest;

beforeAll(() => {
  // The web workspace's own build script (it pins NODE_ENV=production: vitest sets NODE_ENV=test,
  // and a build that inherits it ships React's development bundles), into the scratch folder.
  const result = spawnSync(
    'npm',
    // --manifest only here: the deployed site has no use for it and should not publish it.
    [
      'run',
      'build',
      '-w',
      'web',
      '--',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`The web build failed:\n${result.stdout}\n${result.stderr}`);
  manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The chunk and, transitively, every chunk it imports statically (manifest keys). */
function withStaticImports(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest: was the module moved or renamed?`);
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const gzipOf = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;

interface FirstLoad {
  js: { file: string; gzip: number }[];
  css: { file: string; gzip: number }[];
  jsGzip: number;
  cssGzip: number;
}

function firstLoad(lazy: readonly string[]): FirstLoad {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const fromHtml = [
    ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g),
  ].map((match) => match[1]!);
  if (!fromHtml.some((file) => file.endsWith('.js')))
    throw new Error('index.html loads no script from /assets/');
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const chunks = new Set<string>();
  for (const file of fromHtml) if (keyOf.has(file)) withStaticImports(keyOf.get(file)!, chunks);
  for (const key of lazy) withStaticImports(key, chunks);
  const files = [...chunks].map((key) => manifest[key]!);
  const jsFiles = new Set([...files.map((c) => c.file), ...fromHtml.filter((f) => f.endsWith('.js'))]);
  const cssFiles = new Set([
    ...files.flatMap((c) => c.css ?? []),
    ...fromHtml.filter((f) => f.endsWith('.css')),
  ]);
  const js = [...jsFiles].map((file) => ({ file, gzip: gzipOf(file) }));
  const css = [...cssFiles].map((file) => ({ file, gzip: gzipOf(file) }));
  const sum = (list: { gzip: number }[]) => list.reduce((total, item) => total + item.gzip, 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function describeLoad(page: string, load: FirstLoad): string {
  const list = (items: { file: string; gzip: number }[]) =>
    [...items]
      .sort((a, b) => b.gzip - a.gzip)
      .map((i) => `    ${kb(i.gzip).padStart(9)}  ${i.file}`)
      .join('\n');
  return [
    `${page}: ${kb(load.jsGzip)} JS, ${kb(load.cssGzip)} CSS (gzip) before it renders`,
    `  JS (${load.js.length} files):`,
    list(load.js),
    `  CSS (${load.css.length} files):`,
    list(load.css),
  ].join('\n');
}

describe('first load of the SPA', () => {
  it.each(PAGES.map((p) => [p.page, p] as const))(
    '%s stays within its budget of gzipped JavaScript and CSS before it renders',
    (page, { lazy }) => {
      const budget = FIRST_LOAD_BUDGET[page];
      const load = firstLoad(lazy);
      // eslint-disable-next-line no-console -- the measured numbers are part of the test's report
      console.log(describeLoad(page, load));
      expect.soft(load.jsGzip, `${page}: gzipped JavaScript, bytes`).toBeLessThanOrEqual(budget.jsGzipBytes);
      expect.soft(load.cssGzip, `${page}: gzipped CSS, bytes`).toBeLessThanOrEqual(budget.cssGzipBytes);
    },
  );
});
