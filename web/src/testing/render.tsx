import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Profile } from '@stormline/contract/areas/profile';
import { theme } from '../app/theme';
import { SessionProvider } from '../lib/auth';
import { DivisionProvider } from '../lib/division-context';

/** Mantine with our theme and a cache of the test's own, as the app has them. */
function AppFrame({ children }: { children: ReactNode }) {
  return (
    // env="test": no transitions or portals, so what opens is there at once.
    <MantineProvider theme={theme} env="test">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        {children}
      </SWRConfig>
    </MantineProvider>
  );
}

/** Renders a component as the app does (Mantine with our theme), for component tests. */
export function renderWithApp(ui: ReactElement) {
  // As a wrapper, so rerender() keeps it.
  return render(ui, { wrapper: AppFrame });
}

/**
 * Renders a screen at a URL, signed in as `profile` and inside `divisionId` when given, with a
 * memory router so search params, links and Back work: `router.navigate(-1)` is the Back button.
 */
export function renderScreen(
  ui: ReactElement,
  {
    url,
    path = '*',
    profile,
    divisionId,
  }: { url: string; path?: string; profile: Profile; divisionId?: string },
) {
  const screen = divisionId ? <DivisionProvider divisionId={divisionId}>{ui}</DivisionProvider> : ui;
  const router = createMemoryRouter(
    [
      { path, element: <SessionProvider profile={profile}>{screen}</SessionProvider> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [url] },
  );
  return {
    router,
    ...render(
      <AppFrame>
        <RouterProvider router={router} />
      </AppFrame>,
    ),
  };
}
