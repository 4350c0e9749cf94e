import type { RouteObject } from 'react-router-dom';
import { useRouteError } from 'react-router-dom';
import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../lib/errors';

/**
 * A screen that crashed, shown inside the shell: the navigation, division switcher and user menu
 * stay, so the user can go elsewhere. Only a crash of the shell itself reaches RouteError.
 */
export function ScreenError() {
  const error = useRouteError();
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

/** Puts the screens of a layout under one error boundary that renders inside the layout. */
export function withScreenErrors(children: RouteObject[]): RouteObject[] {
  return [{ errorElement: <ScreenError />, children }];
}
