import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { paths } from '../../../config/paths';

/** The heading, the card and the way back of every signed-out account screen, as the sign-in page has them. */
export function AuthCard({
  title,
  description,
  children,
  backToSignIn = true,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  backToSignIn?: boolean;
}) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={28} c="harbor.9">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="sm">
        {children}
      </Paper>
      {backToSignIn && (
        <Anchor component={Link} to={paths.auth.login.getHref()} fz="sm">
          <Group gap={6} justify="center">
            <IconArrowLeft size={16} aria-hidden />
            Back to sign in
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}
