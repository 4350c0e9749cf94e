import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The local gateway (`npm start` at the root) answers the API and the runtime config. */
const GATEWAY = process.env.STORMLINE_GATEWAY ?? 'http://localhost:3000';

const require = createRequire(import.meta.url);
const MANTINE_CORE = path.dirname(require.resolve('@mantine/core/styles.css'));
const MANTINE_NOTIFICATIONS = path.dirname(require.resolve('@mantine/notifications/styles.css'));

/**
 * Each Mantine component brings its own stylesheet, so a chunk carries the CSS of exactly the
 * components in it and a screen's components style themselves when the screen loads (a new
 * component never needs its CSS added by hand). Mantine's components read their class names from
 * `X.module.mjs`, one per component with a stylesheet of the same name in @mantine/core/styles;
 * other @mantine packages ship one stylesheet. The `.layer.css` variants put Mantine in
 * `@layer mantine`, so our own unlayered CSS wins whatever order the chunks' CSS arrives in.
 * The import goes on the module's first line, so its source map stays line-for-line.
 */
function mantineStylesPerComponent(): Plugin {
  const coreModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.*[\\/])?([A-Za-z]+)\.module\.mjs$/;
  const packageModule = /[\\/]@mantine[\\/]([a-z-]+)[\\/]esm[\\/](?:.*[\\/])?[A-Za-z]+\.module\.mjs$/;
  return {
    name: 'stormline:mantine-styles-per-component',
    enforce: 'pre',
    transform(code, id) {
      const core = coreModule.exec(id);
      if (core) {
        const sheet = path.join(MANTINE_CORE, 'styles', `${core[1]}.layer.css`);
        if (!existsSync(sheet)) this.error(`No stylesheet for Mantine's ${core[1]} at ${sheet}`);
        return { code: `import '@mantine/core/styles/${core[1]}.layer.css';${code}`, map: null };
      }
      const other = packageModule.exec(id);
      if (other && other[1] !== 'core')
        return { code: `import '@mantine/${other[1]}/styles.layer.css';${code}`, map: null };
      return undefined;
    },
  };
}

/**
 * app/provider.tsx loads the toast container with `import('@mantine/notifications')` after the
 * first render. Through the package's index that chunk would share a graph with the screens that
 * import `notifications` (the small store) statically, and the bundler would put the container,
 * its transitions and stylesheet in a chunk those screens load before they render. The dynamic
 * import resolves to the container's own module instead.
 */
function notificationsContainerAlone(): Plugin {
  return {
    name: 'stormline:notifications-container-alone',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== '@mantine/notifications' || options.kind !== 'dynamic-import') return undefined;
      if (!importer?.endsWith(path.join('src', 'app', 'provider.tsx'))) return undefined;
      return path.join(MANTINE_NOTIFICATIONS, 'esm', 'Notifications.mjs');
    },
  };
}

/**
 * EmbedPDF's models (the document viewer's lazy chunk, docs/decisions/0039) fall back to Node's
 * `require("crypto")` where a browser lacks crypto.getRandomValues, which no browser we serve does.
 * Left in, the bundler adds a `require` shim to the runtime chunk every page loads first; the
 * fallback is cut here, so the first load does not carry it.
 */
function embedPdfWithoutNodeCrypto(): Plugin {
  return {
    name: 'stormline:embedpdf-without-node-crypto',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@embedpdf[\\/]models[\\/]/.test(id) || !code.includes('require("crypto")')) return undefined;
      const browserOnly = code
        .replaceAll('typeof require === "function"', 'false')
        .replaceAll('require("crypto")', '{}');
      return { code: browserOnly, map: null };
    },
  };
}

const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist',
  'production',
);

export default defineConfig(({ command }) => ({
  plugins: [notificationsContainerAlone(), mantineStylesPerComponent(), embedPdfWithoutNodeCrypto(), react()],
  resolve: {
    // react-router's package exports name only its development build (warnings and checks for
    // the developer); the production build beside it is what a user's browser should get. SWR's
    // useSyncExternalStore polyfill is React's own hook since React 18.
    alias:
      command === 'build'
        ? [
            {
              find: /^use-sync-external-store\/shim$/,
              replacement: path.resolve(import.meta.dirname, 'src/vendor/use-sync-external-store-shim.ts'),
            },
            { find: /^react-router$/, replacement: path.join(REACT_ROUTER_PRODUCTION, 'index.mjs') },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(REACT_ROUTER_PRODUCTION, 'dom-export.mjs'),
            },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: GATEWAY, ws: true },
      '/config.json': GATEWAY,
      // Spec 000 §7 keeps these outside /api: custom dashboards, the calendar feed and downloads.
      '/customdashboard': GATEWAY,
      '/calendar': GATEWAY,
      '/dl': GATEWAY,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // index.html preloads what the entry imports (React and the router with it). A lazy module's
    // own imports are not preloaded: the helper appended a <link> per module, about 40 for the
    // board in one task, and the preloads took the bandwidth the page's first modules needed. With
    // them the dashboard's Lighthouse score was 92 (LCP 2.6 s, TBT 243 ms), without them 96 (2.3 s,
    // 128 ms): docs/decisions/0028. A lazy module's CSS is still loaded before it renders.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : []),
    },
    rolldownOptions: {
      output: {
        // Route modules and layouts are lazy (app/router.tsx). React and the router, which every
        // page needs, get a stable chunk of their own so a change in a screen does not invalidate
        // them; the rest of what the entry needs is one chunk (one request, one gzip window).
        // Mantine, icons and form libraries are otherwise left to the bundler: a screen's chunk
        // carries the components only it uses, and those several lazy screens share go into shared
        // chunks. (One chunk for all of Mantine made every page download every screen's components.)
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 30,
            },
            { name: 'app', tags: ['$initial'], priority: 20 },
            // Positioning and scroll locking serve the menus, popovers and modals that open on
            // demand: in chunks of their own they are not pulled into a page's first load by a
            // component that merely shares a chunk with them (the side navigation's ScrollArea).
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, priority: 10 },
            {
              name: 'remove-scroll',
              test: /node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
}));
