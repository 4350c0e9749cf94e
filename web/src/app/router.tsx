import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullPageLoader } from '../components/full-page-loader';
import type { AreaKey, RouteHandle } from '../config/areas';
import { paths, withinDivision } from '../config/paths';
import { DivisionScope } from './routes/division-scope';
import { Logout } from './routes/logout';
import { NotFound } from './routes/not-found';
import { RequireAuth } from './routes/require-auth';
import { RootFrame } from './routes/root-frame';
import { RootRedirect } from './routes/root-redirect';
import { withScreenErrors } from './routes/screen-error';

/** Route modules load on first visit, so each screen (and its heavy libraries, later) is its own chunk. */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

type PlaceholderArea = Parameters<typeof import('./routes/area-placeholder').placeholderRoute>[0];
function placeholder(area: PlaceholderArea) {
  return async () => ({ Component: (await import('./routes/area-placeholder')).placeholderRoute(area) });
}

// Shown only when something went wrong: loaded then, not with every first page.
const RouteError = lazy(() => import('./routes/route-error').then((m) => ({ default: m.RouteError })));
const routeError = (
  <Suspense fallback={<FullPageLoader />}>
    <RouteError />
  </Suspense>
);

const handle = (area: AreaKey, title?: string): RouteHandle => (title ? { area, title } : { area });

/** Division-scoped areas that are still placeholders: every path below the area root shows the area's panel. */
const PLACEHOLDER_AREAS: { segment: string; area: PlaceholderArea }[] = [
  { segment: withinDivision(paths.app.projects), area: 'projects' },
  { segment: withinDivision(paths.app.clients), area: 'clients' },
  { segment: withinDivision(paths.app.groups), area: 'groups' },
  { segment: withinDivision(paths.app.mapLegend), area: 'map-legend' },
  { segment: withinDivision(paths.app.admin), area: 'admin' },
  // Only /user-profiles/:userId/edit so far (paths.app.editUser); the area catches what is below it.
  { segment: 'user-profiles', area: 'user-profiles' },
  { segment: withinDivision(paths.app.inspectionTemplates), area: 'inspection-templates' },
  { segment: withinDivision(paths.app.reports), area: 'reports' },
];

const divisionScoped: RouteObject[] = [
  {
    path: withinDivision(paths.app.dashboard),
    handle: handle('dashboard'),
    lazy: page(() => import('../features/dashboard/routes/dashboard')),
  },
  {
    path: withinDivision(paths.app.myProfile),
    handle: handle('my-profile'),
    lazy: page(() => import('../features/profile/routes/my-profile')),
  },
  ...PLACEHOLDER_AREAS.map(({ segment, area }) => ({
    path: `${segment}/*`,
    handle: handle(area),
    lazy: placeholder(area),
  })),
  { path: '*', element: <NotFound /> },
];

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootFrame />,
      errorElement: routeError,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        { path: paths.root.path, element: <RootRedirect /> },
        { path: paths.auth.logout.path, element: <Logout />, handle: { title: 'Signing out' } },
        {
          lazy: async () => ({ Component: (await import('./layouts/auth-layout')).AuthLayout }),
          children: [
            {
              path: paths.auth.login.path,
              handle: { title: 'Sign in' },
              lazy: page(() => import('../features/auth/routes/login')),
            },
            {
              path: paths.auth.forgotPassword.path,
              handle: { title: 'Forgot password' },
              lazy: page(() => import('../features/auth/routes/forgot-password')),
            },
            {
              path: paths.auth.resetPassword.path,
              handle: { title: 'Reset password' },
              lazy: page(() => import('../features/auth/routes/reset-password')),
            },
            {
              path: paths.auth.register.path,
              handle: { title: 'Registration' },
              lazy: page(() => import('../features/auth/routes/register')),
            },
          ],
        },
        {
          path: '/public',
          lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }),
          children: [
            {
              path: `${paths.public.project.path}/*`,
              handle: { title: 'Public project' },
              lazy: page(() => import('../features/public/routes/public-project')),
            },
            {
              path: `${paths.public.inspection.path}/*`,
              handle: { title: 'Public inspection' },
              lazy: page(() => import('../features/public/routes/public-inspection')),
            },
            { path: '*', element: <NotFound homeHref={paths.auth.login.getHref()} /> },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              // Layouts are lazy too: /login does not load the shell's menus and popovers.
              lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
              // A screen that crashes keeps the navigation around it (screen-error.tsx).
              children: withScreenErrors([
                {
                  path: paths.app.divisions.path,
                  handle: handle('divisions'),
                  lazy: page(() => import('../features/divisions/routes/divisions')),
                },
                {
                  path: paths.app.division.path,
                  children: [
                    {
                      index: true,
                      handle: handle('divisions', 'Division'),
                      lazy: page(() => import('../features/divisions/routes/division')),
                    },
                    {
                      path: 'resources/:tab',
                      handle: handle('divisions', 'Division'),
                      lazy: page(() => import('../features/divisions/routes/division')),
                    },
                    { element: <DivisionScope />, children: divisionScoped },
                  ],
                },
                { path: '/inspection/*', handle: handle('inspection'), lazy: placeholder('inspection') },
                {
                  path: '/user-manuals/*',
                  handle: handle('user-manuals'),
                  lazy: placeholder('user-manuals'),
                },
                {
                  path: paths.app.noDivision.path,
                  lazy: async () => ({ Component: (await import('./routes/no-division')).NoDivision }),
                },
                // Anything else: a division page without its prefix (spec 000 §2), or not found.
                {
                  path: '*',
                  lazy: async () => ({ Component: (await import('./routes/scope-redirect')).ScopeRedirect }),
                },
              ]),
            },
          ],
        },
      ],
    },
  ]);
}
