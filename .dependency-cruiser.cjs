/**
 * Architectural boundaries (../shared/ARCHITECTURE.md, "Which part may import which"), checked by
 * `npm run deps` = `depcruise --config .dependency-cruiser.cjs packages functions local web/src
 * infra/src infra/bin infra/test test bench`.
 *
 * Workspaces import each other by package name (`@stormline/domain/roles`). Those names resolve
 * through the node_modules/@stormline/* symlinks; with preserveSymlinks: false the resolved path is
 * the real one (packages/domain/src/roles.ts), so the path-based rules below see the real part.
 * Type-only imports count too (tsPreCompilationDeps), except for the cycle check.
 *
 * The parts stand in floors, and every arrow runs down: the ground floor (packages/*) holds the
 * shared rules and data access; functions (the handlers) stand on it; the deployment targets
 * (infra for the cloud, local for one machine, web for the browser) stand on top and are never
 * imported by anything below them.
 *
 * | part              | may import (of ours)                        |
 * | packages/domain   | nothing                                     |
 * | packages/contract | domain                                      |
 * | packages/data     | domain, contract                            |
 * | functions         | contract, domain, data                      |
 * | local             | contract, domain, data, functions (not web) |
 * | infra             | contract, data                              |
 * | web/src           | contract, domain                            |
 * | test, bench       | anything                                    |
 * Inside web/src: features/<a> never imports features/<b>; components and lib never import features.
 */

/** Everything of ours, as real (symlink-resolved) paths relative to the repository root. */
const OURS = '^(packages/[^/]+|functions|local|infra|web|test|bench)/';

/** A rule: files under `from` may import, of ours, only what is under one of `allowed`. */
function onlyOurs(name, comment, from, allowed) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: { path: OURS, pathNot: `^(${[from.replace(/^\^/, ''), ...allowed].join('|')})` },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'handlers-import-their-own-area',
      comment:
        'A route handler imports its own area of the contract, never the whole route table: every area’s schemas would be built in every Lambda (docs/decisions/0007). Only the shared not-implemented handler reads the table.',
      severity: 'error',
      from: {
        path: '^functions/src/(http|ws|lib)/',
        pathNot: '(^functions/src/http/not-implemented\\.ts|\\.test\\.ts)$',
      },
      to: { path: '^packages/contract/src/route-table\\.ts$' },
    },
    {
      name: 'web-imports-areas-not-the-route-table',
      comment:
        'The SPA imports the contract areas it calls, never the whole route table: every area’s schemas would land in the first load (issue 8 budgets).',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: '^packages/contract/src/route-table\\.ts$' },
    },
    onlyOurs(
      'domain-imports-nothing-of-ours',
      'packages/domain holds pure rules with no I/O: it imports nothing of ours.',
      '^packages/domain/',
      [],
    ),
    onlyOurs(
      'contract-imports-domain-only',
      'packages/contract may import only domain.',
      '^packages/contract/',
      ['packages/domain/'],
    ),
    onlyOurs(
      'data-imports-domain-contract',
      'packages/data may import only domain and contract.',
      '^packages/data/',
      ['packages/domain/', 'packages/contract/'],
    ),
    onlyOurs(
      'functions-imports-contract-domain-data',
      'functions may import only contract, domain and data (never local, infra, web).',
      '^functions/',
      ['packages/contract/', 'packages/domain/', 'packages/data/'],
    ),
    onlyOurs(
      'local-imports-contract-domain-data-functions',
      // Domain is pure rules; the seed names roles through it rather than copying their ids.
      'local may import only contract, domain, data and functions; it serves web/dist, never web source.',
      '^local/',
      ['packages/contract/', 'packages/domain/', 'packages/data/', 'functions/'],
    ),
    onlyOurs('infra-imports-contract-data', 'infra may import only contract and data.', '^infra/', [
      'packages/contract/',
      'packages/data/',
    ]),
    onlyOurs(
      'web-imports-contract-domain',
      'web/src may import only contract and domain (never data, functions, local, infra).',
      '^web/src/',
      ['packages/contract/', 'packages/domain/'],
    ),
    {
      name: 'web-feature-imports-other-feature',
      comment:
        'A feature never imports another feature; move what both need to web/src/components or web/src/lib.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-feature',
      comment: 'web/src/components and web/src/lib are shared: they never import a feature.',
      severity: 'error',
      from: { path: '^web/src/(components|lib)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles (type-only imports are erased at run time and do not count).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'workspace-import-unresolved',
      comment:
        'An @stormline/<name>/<file> import that does not resolve would slip past the rules above: ' +
        'check the file exists and the workspace is linked (npm install).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^@stormline/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'This module could not be resolved (typo, or a package that is not installed).',
      severity: 'warn',
      from: {},
      // Vite's asset imports (`?url`: the PDF engine's wasm, served by the site) are the bundler's, not Node's.
      to: { couldNotResolve: true, pathNot: ['^@stormline/', '[?]url$'] },
    },
  ],
  options: {
    // Workspace symlinks (node_modules/@stormline/*) resolve to packages/*, functions, local, web;
    // everything that really lives in node_modules is left out.
    preserveSymlinks: false,
    exclude: { path: '(^|/)node_modules/' },
    doNotFollow: { path: '(^|/)node_modules/' },
    combinedDependencies: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      // Workspaces export "./*": "./src/*.ts"; honour package.json#exports like the bundlers do.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
