import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { paths } from '../../../config/paths';

/** The password and registration flows arrive with their server work; until then this says so plainly. */
export function AuthComingSoon({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="sm" data-testid="coming-soon">
        <Stack gap="md">
          <ThemeIcon size={48} radius="md" variant="light">
            {icon}
          </ThemeIcon>
          <Group gap="xs">
            <Title order={1} fz={24} c="harbor.9">
              {title}
            </Title>
            <Badge variant="light" color="orange" radius="sm">
              Coming soon
            </Badge>
          </Group>
          <Text c="dimmed" fz="sm">
            {children}
          </Text>
        </Stack>
      </Paper>
      <Anchor component={Link} to={paths.auth.login.getHref()} fz="sm">
        <Group gap={6} justify="center">
          <IconArrowLeft size={16} />
          Back to sign in
        </Group>
      </Anchor>
    </Stack>
  );
}
