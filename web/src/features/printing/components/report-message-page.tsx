import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { paths } from '../../../config/paths';

/** A report page that has nothing to download: what happened, and a way home. */
export function ReportMessagePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="xl" radius="lg" maw={560} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconFileAlert size={30} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz="h3" c="harbor.9">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        <Button component={Link} to={paths.root.getHref()} mt="xs">
          Go to your dashboard
        </Button>
      </Stack>
    </Paper>
  );
}
