import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '../lib/api-client';
import { useBrowserIdle } from '../lib/use-browser-idle';
import { theme } from './theme';

/** Spec 001 §9: queries do not refetch on window focus; an answer the server meant (4xx, 501) is not retried. */
const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
    if (error instanceof ApiError && error.status >= 400 && error.status !== 429 && error.status < 502)
      return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
  },
};

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * The toast container (and its transitions and stylesheet) loads once the page has rendered: no
 * first paint waits for it. `notifications.show()` before then is kept in the store and shown
 * when the container mounts.
 */
function DeferredNotifications() {
  if (!useBrowserIdle(2000)) return null;
  return (
    <Suspense fallback={null}>
      {/* Spec 000 §9: toasts close after 5 seconds. */}
      <Notifications position="top-right" autoClose={5000} limit={4} zIndex={1000} />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DeferredNotifications />
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </MantineProvider>
  );
}
