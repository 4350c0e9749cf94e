import { Link, Outlet } from 'react-router-dom';
import { Alert, Badge, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEye } from '@tabler/icons-react';
import { Brand } from '../../components/brand';
import { QrButton } from '../../features/public/components/qr-button';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/errors';
import { SessionProvider } from '../../lib/auth';
import { usePublicProfile, usePublicSession } from '../../lib/public-session';
import classes from './shell.module.css';

/**
 * The read-only public view (spec 002): a minimal frame, signed in with the public account, whose
 * profile the screens inside read as their session (its permissions are read-only).
 */
export function PublicLayout() {
  const { data: token, error: signInError, mutate } = usePublicSession();
  const { data: profile, error: profileError, mutate: reloadProfile } = usePublicProfile(token);
  const error = signInError ?? profileError;

  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Brand hideNameBelow="xs" />
            <Badge variant="light" color="gray" leftSection={<IconEye size={14} />} radius="sm">
              Public view
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {profile && <QrButton />}
            <Button component={Link} to={paths.auth.login.getHref()} variant="subtle" size="sm">
              Staff sign in
            </Button>
          </Group>
        </Group>
      </header>
      <main className={classes.main}>
        <Box maw={1100} mx="auto">
          {error ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title="The public view could not be opened"
              role="alert"
            >
              <Stack gap="xs">
                <Text fz="sm">{errorMessage(error)}</Text>
                <Button
                  size="xs"
                  variant="light"
                  w="fit-content"
                  // An expired public token was dropped by the failed call: signing in again gives a
                  // new token (a new profile key); the same token reads the profile again.
                  onClick={() => void mutate().then(() => reloadProfile())}
                >
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : profile ? (
            <SessionProvider profile={profile}>
              <Outlet />
            </SessionProvider>
          ) : (
            <Group justify="center" py="xl" role="status">
              <Loader size="sm" />
              <Text c="dimmed" fz="sm">
                Opening the public view…
              </Text>
            </Group>
          )}
        </Box>
      </main>
    </div>
  );
}
