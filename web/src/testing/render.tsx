import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import {
  MemoryRouter,
  parsePath,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
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
      {/* The toasts a screen raises, read as the user reads them. */}
      <Notifications />
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

/** What a test drives and reads of the memory router: `navigate(-1)` is the Back button. */
export interface TestRouter {
  navigate: NavigateFunction;
  state: { location: Location };
}

/** Hands the test the router's navigate and current location. */
function RouterProbe({ onRender }: { onRender: (navigate: NavigateFunction, location: Location) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => onRender(navigate, location), [onRender, navigate, location]);
  return null;
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
    state,
  }: {
    url: string;
    path?: string;
    profile: Profile;
    divisionId?: string;
    /** The history entry's state, as a navigate(url, { state }) leaves it. */
    state?: unknown;
  },
) {
  const screen = divisionId ? <DivisionProvider divisionId={divisionId}>{ui}</DivisionProvider> : ui;
  const router = { state: {} } as TestRouter;
  const probe = (navigate: NavigateFunction, location: Location) => {
    router.navigate = navigate;
    router.state.location = location;
  };
  return {
    router,
    ...render(
      <AppFrame>
        <MemoryRouter initialEntries={[state === undefined ? url : { ...parsePath(url), state }]}>
          <RouterProbe onRender={probe} />
          <Routes>
            <Route path={path} element={<SessionProvider profile={profile}>{screen}</SessionProvider>} />
            <Route path="*" element={<p>Another page</p>} />
          </Routes>
        </MemoryRouter>
      </AppFrame>,
    ),
  };
}
