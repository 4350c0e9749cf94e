import { Suspense, useEffect } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { Box, Button, Code, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { errorMessage, isStaleChunkError } from '../../lib/errors';
import { markScreenShown } from '../../lib/use-browser-idle';

/**
 * A screen that crashed, shown inside the shell: the navigation, division switcher and user menu
 * stay, so the user can go elsewhere. Only a crash of the shell itself reaches RouteError.
 */
export function ScreenError({ error }: FallbackProps) {
  if (isStaleChunkError(error)) return <NewVersion />;
  return (
    <Paper p="xl" radius="lg" role="alert" data-testid="screen-error">
      <Stack gap="sm">
        <Title order={1} fz="h3" c="harbor.9">
          This page hit a problem
        </Title>
        <Text>The rest of Stormline still works: choose another page, or reload this one.</Text>
        <Code block fz="xs">
          {errorMessage(error)}
        </Code>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A screen's module that was removed by a release while the tab was open. */
function NewVersion() {
  return (
    <Paper p="xl" radius="lg" role="alert" data-testid="screen-error">
      <Stack gap="sm">
        <Title order={1} fz="h3" c="harbor.9">
          A new version is available
        </Title>
        <Text>Stormline was updated while this page was open. Reload to continue with the new version.</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** While a screen's module loads: a thin bar where the screen will be, the layout around it stays. */
function ScreenLoading() {
  return (
    <Box pt="xs">
      <Progress value={100} animated size={3} radius={0} aria-label="Loading page" />
    </Box>
  );
}

/** Rendered beside the screen inside its Suspense boundary: mounts once the screen has rendered. */
function ScreenShown() {
  useEffect(markScreenShown, []);
  return null;
}

/**
 * The frame of a layout's screens: a crash shows inside the layout, and goes when the user
 * navigates elsewhere; a screen still loading shows the loading bar.
 */
function ScreenFrame() {
  const { pathname, search } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ScreenError} resetKeys={[pathname, search]}>
      <Suspense fallback={<ScreenLoading />}>
        <Outlet />
        <ScreenShown />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Puts the screens of a layout under one error boundary and loading state that render inside the layout. */
export function withScreenErrors(children: RouteObject[]): RouteObject[] {
  return [{ element: <ScreenFrame />, children }];
}
