import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { Box, Burger, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Brand } from '../../components/brand';
import { SkipLink } from '../../components/skip-link';
import { AREA_INFO } from '../../config/areas';
import { useCurrentDivisionId, useSession } from '../../lib/auth';
import { canOpenPage, landingHref } from '../../lib/page-access';
import { useBrowserIdle } from '../../lib/use-browser-idle';
import { usePageArea } from '../route-matches';
import classes from './shell.module.css';
import { SideNavigation } from './side-navigation';

/*
 * The top bar's three widgets load just after the page has rendered: with their menus, popovers,
 * combobox and focus traps they weigh about as much as the rest of the shell, and the page is
 * read before anyone opens them (the first-load budget, issue 8). Each keeps its place meanwhile.
 */
const DivisionSwitcher = lazy(() =>
  import('./division-switcher').then((m) => ({ default: m.DivisionSwitcher })),
);
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

function Reserved({ w }: { w: number | Record<string, number> }) {
  return <Box w={w} h={36} aria-hidden />;
}

/**
 * A page the user's navigation does not list is not opened: the user goes to their start page with
 * a notice (docs/decisions/0003-spa-shell.md), rather than to sign-in, which would look like a sign-out.
 */
function PageGuard() {
  const profile = useSession();
  const divisionId = useCurrentDivisionId();
  const area = usePageArea();
  const permitted = area === null || canOpenPage(profile, AREA_INFO[area].page);

  useEffect(() => {
    if (permitted || area === null) return;
    notifications.show({
      id: 'not-permitted',
      color: 'orange',
      title: 'Not permitted',
      message: `Your role does not include ${AREA_INFO[area].label}, so you were taken to your start page.`,
    });
  }, [permitted, area]);

  if (!permitted) return <Navigate to={landingHref(profile, divisionId)} replace />;
  return <Outlet />;
}

const MAIN_CONTENT_ID = 'main-content';
const NAVIGATION_ID = 'main-navigation';

function TopBarWidgets() {
  const switcher = <Reserved w={{ base: 156, xs: 200, sm: 230 }} />;
  const bell = <Reserved w={36} />;
  const menu = <Reserved w={{ base: 40, sm: 180 }} />;
  // Once the browser is idle after the first render: mounted with the page they delayed its
  // largest paint (Lighthouse, dashboard: LCP 4.3 s with them, 3.5 s without).
  if (!useBrowserIdle()) {
    return (
      <>
        {switcher}
        {bell}
        {menu}
      </>
    );
  }
  return (
    <>
      <Suspense fallback={switcher}>
        <DivisionSwitcher />
      </Suspense>
      <Suspense fallback={bell}>
        <NotificationBell />
      </Suspense>
      <Suspense fallback={menu}>
        <UserMenu />
      </Suspense>
    </>
  );
}

/** Side navigation, top bar (division switcher, bell, user menu); a hamburger below 992 px (spec 001 §9). */
export function AppLayout() {
  const profile = useSession();
  const divisionId = useCurrentDivisionId();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // Below md the navbar slides out of view when closed; inert keeps its links out of the tab order
  // too. Known on the first render, so a phone does not render the shell twice.
  const narrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  // On a phone the navigation's entries are built when it is first opened, not with every page.
  const [navigationBuilt, setNavigationBuilt] = useState(false);

  useEffect(close, [pathname, close]);

  return (
    <>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <div className={classes.shell}>
        <header className={classes.header}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={() => {
                  setNavigationBuilt(true);
                  toggle();
                }}
                hiddenFrom="md"
                size="sm"
                aria-label={opened ? 'Close navigation' : 'Open navigation'}
                aria-expanded={opened}
                aria-controls={NAVIGATION_ID}
                data-testid="nav-burger"
              />
              <UnstyledButton
                component={Link}
                to={landingHref(profile, divisionId)}
                aria-label="Stormline home"
              >
                <Brand hideNameBelow="sm" />
              </UnstyledButton>
            </Group>
            <Group gap={6} wrap="nowrap">
              <TopBarWidgets />
            </Group>
          </Group>
        </header>
        <nav
          id={NAVIGATION_ID}
          className={classes.navbar}
          data-opened={opened || undefined}
          aria-label="Main navigation"
          inert={narrow && !opened}
        >
          {(!narrow || navigationBuilt) && <SideNavigation onNavigate={close} />}
        </nav>
        {/* The skip link's target: focusable from script only, and without a ring around the whole page. */}
        <main id={MAIN_CONTENT_ID} className={classes.main} data-with-navbar tabIndex={-1}>
          <Box maw={1280} mx="auto">
            <PageGuard />
          </Box>
        </main>
      </div>
    </>
  );
}
