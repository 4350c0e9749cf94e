import { Link } from 'react-router-dom';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSitemap } from '@tabler/icons-react';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/auth';
import { canOpenPage } from '../../lib/page-access';

/** A signed-in user who belongs to no division has no division pages to open. */
export function NoDivision() {
  const profile = useSession();
  return (
    <Paper p="xl" radius="lg" maw={600} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconSitemap size={30} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz="h3" c="harbor.9">
          You are not in a division yet
        </Title>
        <Text c="dimmed">
          Projects, clients and inspections belong to divisions. Ask an administrator to add you to a
          division, then sign in again.
        </Text>
        <Group mt="xs">
          {canOpenPage(profile, 'divisions') && (
            <Button component={Link} to={paths.app.divisions.getHref()} variant="light">
              Open Divisions
            </Button>
          )}
          <Button component={Link} to={paths.auth.logout.getHref()} variant="default">
            Log Out
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
