// Mantine's reset, theme variables and global classes; each component's own stylesheet comes with
// the component (vite.config.ts), in the chunk of the screen that uses it.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { preloadProfile } from './lib/auth';
import { AppProvider } from './app/provider';
import { CONFIG_ERROR_MESSAGE, RuntimeConfigError, loadRuntimeConfig } from './lib/runtime-config';

// index.html's splash stays until the app renders: rendering a loader of our own first would put
// a whole Mantine render on the way to the first page (total blocking time).
const root = createRoot(document.getElementById('root')!);

// The page's modules download while config.json does, not after it; in a task of their own, so
// the entry's evaluation and the first paint of the splash are not held up by it.
window.setTimeout(() => preloadPage(window.location.pathname), 0);

// The app starts only with a valid runtime configuration: without apiBaseUrl nothing can work.
loadRuntimeConfig().then(
  (config) => {
    document.title = config.documentTitle;
    preloadProfile();
    // A transition, so React renders the first page in slices and yields to the browser between
    // them rather than holding the main thread for the whole shell at once (total blocking time).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  },
  async (error: unknown) => {
    const detail = error instanceof RuntimeConfigError ? error.detail : String(error);
    // Loaded only when needed: the page a broken deployment shows is not part of every first load.
    const { ConfigErrorPage } = await import('./components/config-error-page');
    root.render(
      <AppProvider>
        <ConfigErrorPage message={CONFIG_ERROR_MESSAGE} detail={detail} />
      </AppProvider>,
    );
  },
);
