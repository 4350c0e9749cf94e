import type { FallbackProps } from 'react-error-boundary';
import { isStaleChunkError } from '../../lib/errors';
import { Button, Center, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Brand } from '../../components/brand';

/** The last line of defence: an unexpected error in the shell, or a chunk that no longer exists after a release. */
export function RouteError({ error }: FallbackProps) {
  const chunkMissing = isStaleChunkError(error);
  const detail = error instanceof Error ? error.message : null;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper p="xl" radius="lg" maw={560} w="100%" role="alert">
        <Stack gap="md">
          <Brand />
          <Group gap="sm">
            <ThemeIcon color="red" variant="light" radius="xl" size={40}>
              <IconAlertTriangle size={22} />
            </ThemeIcon>
            <Title order={1} fz="h3" c="harbor.9">
              {chunkMissing ? 'A new version is available' : 'Something went wrong'}
            </Title>
          </Group>
          <Text>
            {chunkMissing
              ? 'Stormline was updated while this page was open. Reload to continue with the new version.'
              : 'The page hit an unexpected problem. Reloading usually helps; if it keeps happening, tell your administrator.'}
          </Text>
          {detail && !chunkMissing && (
            <Code block fz="xs">
              {detail}
            </Code>
          )}
          <Group>
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <Button variant="default" component="a" href="/">
              Go to the start page
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
