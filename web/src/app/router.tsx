import { memo, useEffect } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteMatch, type RouteObject } from 'react-router-dom';
import type { AreaKey, RouteHandle } from '../config/areas';
import { paths, withinDivision } from '../config/paths';
import { useBrowserIdle } from '../lib/use-browser-idle';
import { lazyPage, preloadMatches, RouteMatchesContext } from './route-matches';
import { DivisionScope } from './routes/division-scope';
import { Logout } from './routes/logout';
import { NotFound } from './routes/not-found';
import { RequireAuth } from './routes/require-auth';
import { RootFrame } from './routes/root-frame';
import { RootRedirect } from './routes/root-redirect';
import { withScreenErrors } from './routes/screen-error';

/**
 * The screens a first visit rarely opens load through one module, later-screens.ts: their
 * dynamic imports, with the list of files each needs, then sit in that module's chunk instead of
 * every page's entry, whose size would otherwise grow with every screen added
 * (docs/decisions/0012). It is fetched once the first screen is shown and the browser is idle, so
 * a navigation does not wait for it.
 */
const loadLaterScreens = () => import('./later-screens');
type LaterScreen = keyof typeof import('./later-screens').laterScreens;
function laterPage(screen: LaterScreen) {
  return lazyPage(() => loadLaterScreens().then((module) => module.laterScreens[screen]()));
}

const handle = (area: AreaKey, title?: string): RouteHandle => (title ? { area, title } : { area });

// One element for a project page and its tabs, so switching tabs keeps the page mounted.
const projectPage = laterPage('project');

const divisionScoped: RouteObject[] = [
  // The projects area: its lists, a project and its tabs (archived or not), starting today's inspection.
  ...(
    [
      [paths.app.projects, laterPage('projects')],
      [paths.app.projectArchive, laterPage('projectsArchive')],
      [paths.app.archivedProject, projectPage],
      [paths.app.project, projectPage],
      [paths.app.startInspection, laterPage('startInspection')],
      [paths.app.postStormProjects, laterPage('postStorm')],
    ] as const
  ).map(([entry, element]) => ({ path: withinDivision(entry), handle: handle('projects'), element })),
  {
    // Leaflet, geoman and the editor: a chunk of their own, loaded by this route only.
    path: withinDivision(paths.app.mapEditor),
    handle: handle('projects', 'Site map'),
    element: laterPage('mapEditor'),
  },
  {
    path: withinDivision(paths.app.clients),
    handle: handle('clients'),
    element: laterPage('clients'),
  },
  {
    path: withinDivision(paths.app.client),
    handle: handle('clients', 'Client'),
    // The client page with the projects feature's Create project modal, composed by the app.
    element: laterPage('client'),
  },
  {
    path: withinDivision(paths.app.groups),
    handle: handle('groups'),
    element: laterPage('groups'),
  },
  {
    path: withinDivision(paths.app.group),
    handle: handle('groups', 'Regulation'),
    element: laterPage('group'),
  },
  {
    path: withinDivision(paths.app.mapLegend),
    handle: handle('map-legend'),
    element: laterPage('legendItems'),
  },
  {
    path: withinDivision(paths.app.dashboard),
    handle: handle('dashboard'),
    element: lazyPage(() => import('../features/dashboard/routes/dashboard')),
  },
  {
    path: withinDivision(paths.app.reports),
    handle: handle('reports'),
    element: laterPage('reports'),
  },
  {
    path: withinDivision(paths.app.myProfile),
    handle: handle('my-profile'),
    element: laterPage('myProfile'),
  },
  {
    path: withinDivision(paths.app.admin),
    handle: handle('admin'),
    element: laterPage('usersAdmin'),
  },
  {
    path: withinDivision(paths.app.editUser),
    handle: handle('user-profiles', 'Edit User'),
    element: laterPage('editUser'),
  },
  {
    path: withinDivision(paths.app.inspectionTemplates),
    handle: handle('inspection-templates'),
    element: laterPage('templates'),
  },
  {
    path: withinDivision(paths.app.inspectionTemplate),
    handle: handle('inspection-templates', 'Inspection Template'),
    element: laterPage('template'),
  },
  {
    path: withinDivision(paths.app.document),
    handle: handle('documents', 'Document'),
    element: laterPage('documentViewer'),
  },
  { path: '*', element: <NotFound /> },
];

// One element for the division page and its tabs, so switching tabs keeps the screen mounted.
const divisionPage = laterPage('division');
const inspectionPage = laterPage('inspection');
// The public twins are the signed-in screens: their chunk lists stay out of the entry too.
const publicInspectionPage = laterPage('inspection');

/**
 * Every page of the SPA. Declarative routes (useRoutes), not react-router's data router: the data
 * router's loaders, actions and fetchers cost 17 KB of every first load and nothing here used them
 * (docs/decisions/0012). Each route's `handle` says its area and title (route-matches.tsx).
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootFrame />,
    children: [
      { path: paths.root.path, element: <RootRedirect /> },
      { path: paths.auth.logout.path, element: <Logout />, handle: { title: 'Signing out' } },
      {
        element: lazyPage(() => import('./layouts/auth-layout').then((m) => ({ default: m.AuthLayout }))),
        children: withScreenErrors([
          {
            path: paths.auth.login.path,
            handle: { title: 'Sign in' },
            element: lazyPage(() => import('../features/auth/routes/login')),
          },
          {
            path: paths.auth.forgotPassword.path,
            handle: { title: 'Forgot password' },
            element: laterPage('forgotPassword'),
          },
          {
            path: paths.auth.resetPassword.path,
            handle: { title: 'Reset password' },
            element: laterPage('resetPassword'),
          },
          {
            path: paths.auth.register.path,
            handle: { title: 'Registration' },
            element: laterPage('register'),
          },
        ]),
      },
      {
        path: '/public',
        element: lazyPage(() => import('./layouts/public-layout').then((m) => ({ default: m.PublicLayout }))),
        children: withScreenErrors([
          {
            path: paths.public.mapEditor.path,
            handle: { title: 'Public site map' },
            element: laterPage('publicMapEditor'),
          },
          {
            path: `${paths.public.project.path}/*`,
            handle: { title: 'Public project' },
            element: laterPage('publicProject'),
          },
          // The inspection screen itself, in its public variant (features/inspections/inspection-links.ts).
          ...[paths.public.inspection, paths.public.findingDetails].map((entry) => ({
            path: entry.path,
            handle: { title: 'Public inspection' },
            element: publicInspectionPage,
          })),
          {
            path: paths.public.reportDownload.path,
            handle: { title: 'Report download' },
            element: laterPage('reportDownload'),
          },
          { path: '*', element: <NotFound homeHref={paths.auth.login.getHref()} /> },
        ]),
      },
      {
        element: <RequireAuth />,
        children: [
          // The template editor's preview, framed by the editor at phone width: no menus around it.
          {
            path: paths.app.inspectionTemplatePreview.path,
            element: <DivisionScope />,
            children: [
              {
                index: true,
                handle: handle('inspection-templates', 'Template preview'),
                element: laterPage('templatePreview'),
              },
            ],
          },
          {
            // Layouts are lazy too: /login does not load the shell's menus and popovers.
            element: lazyPage(() => import('./layouts/app-layout').then((m) => ({ default: m.AppLayout }))),
            // A screen that crashes keeps the navigation around it (screen-error.tsx).
            children: withScreenErrors([
              {
                path: paths.app.divisions.path,
                handle: handle('divisions'),
                element: laterPage('divisions'),
              },
              {
                path: paths.app.division.path,
                children: [
                  {
                    index: true,
                    handle: handle('divisions', 'Division'),
                    element: divisionPage,
                  },
                  {
                    path: 'resources/:tab',
                    handle: handle('divisions', 'Division'),
                    element: divisionPage,
                  },
                  { element: <DivisionScope />, children: divisionScoped },
                ],
              },
              ...[paths.app.inspection, paths.app.findingDetails].map((entry) => ({
                path: entry.path,
                handle: handle('inspection'),
                element: inspectionPage,
              })),
              // A finished report's download and its two not-found pages (spec 002 §2, spec 001 §8).
              {
                path: paths.report.download.path,
                handle: handle('inspection', 'Report download'),
                element: laterPage('reportDownload'),
              },
              {
                path: paths.report.notFound.path,
                handle: handle('inspection', 'Report Not Found'),
                element: laterPage('reportNotFound'),
              },
              {
                path: paths.report.downloadNotFound.path,
                handle: { title: 'Download not found' },
                element: laterPage('downloadNotFound'),
              },
              {
                path: paths.app.userManuals.path,
                handle: handle('user-manuals'),
                element: laterPage('userManuals'),
              },
              {
                path: paths.app.userManual.path,
                handle: handle('user-manuals', 'User manual'),
                element: laterPage('userManual'),
              },
              {
                path: paths.app.noDivision.path,
                element: lazyPage(() =>
                  import('./routes/no-division').then((m) => ({ default: m.NoDivision })),
                ),
              },
              // Anything else: a division page without its prefix (spec 000 §2), or not found.
              {
                path: '*',
                element: lazyPage(() =>
                  import('./routes/scope-redirect').then((m) => ({ default: m.ScopeRedirect })),
                ),
              },
            ]),
          },
        ],
      },
    ],
  },
];

/**
 * The routes matching `pathname`. react-router flattens and ranks the whole route table on every
 * match (a tenth of the first page's render in the dashboard's trace), so main.tsx's early preload
 * and AppRoutes share one answer per path (useRoutes in Pages still matches for itself).
 */
const matchAppRoutes = (() => {
  let last: { pathname: string; matches: RouteMatch[] } | undefined;
  return (pathname: string): RouteMatch[] => {
    if (last?.pathname !== pathname) last = { pathname, matches: matchRoutes(appRoutes, pathname) ?? [] };
    return last.matches;
  };
})();

/** The page itself: apart, so useRoutes matches again when the location changes, not on AppRoutes' own renders. */
const Pages = memo(function Pages() {
  return useRoutes(appRoutes);
});

/**
 * The page for the current URL. The modules of every matched lazy route start loading together
 * (a layout and its screen in parallel, not one after the other), and the matches are what the
 * shell reads titles and areas from.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const matches = matchAppRoutes(pathname);
  preloadMatches(matches);
  const idle = useBrowserIdle();
  useEffect(() => {
    if (idle) loadLaterScreens().catch(() => undefined);
  }, [idle]);
  return (
    <RouteMatchesContext value={matches}>
      <Pages />
    </RouteMatchesContext>
  );
}

/** Starts fetching the modules of the page at `pathname`, before the app renders it. */
export function preloadPage(pathname: string): void {
  preloadMatches(matchAppRoutes(pathname));
}
