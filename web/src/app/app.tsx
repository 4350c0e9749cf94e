import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

// Shown only when the shell itself failed: loaded then, not with every first page.
const RouteError = lazy(() => import('./routes/route-error').then((m) => ({ default: m.RouteError })));

function ShellError(props: FallbackProps) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <RouteError {...props} />
    </Suspense>
  );
}

/** A crash of the shell itself; going elsewhere (Back included) tries again. */
function ShellBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ShellError} resetKeys={[key]}>
      {children}
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <AppProvider>
      {/* Navigations render at once (no transition): a screen still loading shows its loading bar
          inside the layout, rather than the previous screen staying with no sign of progress. */}
      <BrowserRouter useTransitions={false}>
        <ShellBoundary>
          <AppRoutes />
        </ShellBoundary>
      </BrowserRouter>
    </AppProvider>
  );
}
