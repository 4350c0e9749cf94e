import { Button, Center, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSettingsExclamation } from '@tabler/icons-react';
import { Brand } from './brand';

/** Rendered instead of the app when /config.json cannot start it (spec 000 §5). */
export function ConfigErrorPage({ message, detail }: { message: string; detail?: string }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" maw={560} w="100%" role="alert">
        <Stack gap="md">
          <Brand />
          <ThemeIcon size={52} radius="xl" color="red" variant="light">
            <IconSettingsExclamation size={28} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz="h3" c="harbor.9">
            Configuration error
          </Title>
          <Text>{message}</Text>
          {detail && (
            <Code block fz="sm">
              {detail}
            </Code>
          )}
          <Text c="dimmed" fz="sm">
            An administrator needs to publish a config.json next to index.html with at least{' '}
            <Code>{'{ "apiBaseUrl": "/" }'}</Code>.
          </Text>
          <Button variant="light" onClick={() => window.location.reload()} w="fit-content">
            Try again
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
