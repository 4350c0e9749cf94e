import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '../lib/api-client';
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

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Spec 000 §9: toasts close after 5 seconds. */}
      <Notifications position="top-right" autoClose={5000} limit={4} zIndex={1000} />
      <SWRConfig value={swrConfig}>{children}</SWRConfig>
    </MantineProvider>
  );
}
