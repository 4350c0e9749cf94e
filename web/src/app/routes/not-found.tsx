import { Link } from 'react-router-dom';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { paths } from '../../config/paths';

export function NotFound({ homeHref = paths.root.getHref() }: { homeHref?: string }) {
  return (
    <Paper p="xl" radius="lg" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconMapSearch size={30} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz="h3" c="harbor.9">
          Page not found
        </Title>
        <Text c="dimmed">The address may be mistyped, or the page may have moved.</Text>
        <Button component={Link} to={homeHref} mt="xs">
          Go to your dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
