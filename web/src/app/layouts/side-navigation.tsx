import { Link, useLocation } from 'react-router-dom';
import { NavLink, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { NavIcon } from '../../components/nav-icon';
import { paths } from '../../config/paths';
import { useCurrentDivisionId, useSession } from '../../lib/auth';
import { splitDivisionPath } from '../../lib/division';
import { navigationHref, visibleNavigation } from '../../lib/page-access';
import { getRuntimeConfig } from '../../lib/runtime-config';
import classes from './shell.module.css';

/** Is a navigation entry the section of the current page? Project also covers inspections (spec 000 §2). */
function isActive(pathname: string, route: string): boolean {
  if (route === 'divisions')
    return pathname === '/divisions' || (pathname.startsWith('/divisions/') && !splitDivisionPath(pathname));
  if (route === 'projects' && pathname.startsWith('/inspection/')) return true;
  const rest = splitDivisionPath(pathname)?.rest ?? '';
  return rest === `/${route}` || rest.startsWith(`/${route}/`);
}

const linkStyles = { root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 500 } };

/** Only the entries of the user's profile navigation (spec 001 §2). */
export function SideNavigation({ onNavigate }: { onNavigate: () => void }) {
  const profile = useSession();
  const divisionId = useCurrentDivisionId();
  const { pathname } = useLocation();
  const entries = visibleNavigation(profile);
  const commitSha = getRuntimeConfig().commitSha;

  return (
    <>
      {/* The browser's own scrolling: Mantine's ScrollArea would bring floating-ui into every first load. */}
      <div className={classes.navbarEntries}>
        <Text tt="uppercase" fz={11} fw={700} c="dimmed" px="sm" pt={4} pb={8} lts={0.6}>
          Workspace
        </Text>
        <Stack gap={2}>
          {entries.map((entry) => {
            const href =
              entry.route === 'divisions' || divisionId
                ? navigationHref(entry.route, divisionId ?? '')
                : null;
            return (
              <NavLink
                key={entry.route}
                component={Link}
                to={href ?? paths.app.noDivision.getHref()}
                label={entry.label}
                leftSection={<NavIcon name={entry.icon} />}
                active={isActive(pathname, entry.route)}
                onClick={onNavigate}
                styles={linkStyles}
                data-testid={`nav-${entry.route}`}
              />
            );
          })}
        </Stack>
      </div>
      <div className={classes.navbarFooter}>
        <NavLink
          component={Link}
          to={paths.app.userManuals.getHref()}
          label="User Manuals"
          leftSection={<IconBooks size={20} stroke={1.6} />}
          active={pathname.startsWith('/user-manuals')}
          onClick={onNavigate}
          styles={linkStyles}
        />
        {commitSha && (
          <Text fz={11} c="dimmed" px="sm" pt={6}>
            Build {commitSha.slice(0, 7)}
          </Text>
        )}
      </div>
    </>
  );
}
