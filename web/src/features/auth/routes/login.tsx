import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import { clearSessionNotice, getSessionNotice } from '../../../lib/auth';
import { chooseDivisionId } from '../../../lib/division';
import { landingHref } from '../../../lib/page-access';
import { safeRedirect } from '../../../lib/safe-redirect';
import { storage } from '../../../lib/storage';
import { LoginForm } from '../components/login-form';

/** /login?to=<return path> (spec 001 §2). */
export default function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Registration hands over the new account's email (routes/register.tsx).
  const email = (useLocation().state as { email?: unknown } | null)?.email;
  const to = safeRedirect(params.get('to'));
  const [alreadySignedIn] = useState(() => storage.getToken() !== null);
  const [notice] = useState(getSessionNotice);
  // Shown once: cleared by the page that shows it, not by a pass that only redirects onwards
  // (signed in a moment ago, the session then ending: the notice is for the sign-in page after).
  useEffect(() => {
    if (!alreadySignedIn) clearSessionNotice();
  }, [alreadySignedIn]);

  if (alreadySignedIn) return <Navigate to={to ?? paths.root.getHref()} replace />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={28} c="harbor.9">
          Sign in
        </Title>
        <Text c="dimmed">Welcome back. Sign in with your work email to continue.</Text>
      </Stack>
      {notice && (
        <Alert variant="light" color="storm" icon={<IconInfoCircle size={18} />}>
          {notice}
        </Alert>
      )}
      <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="sm">
        <LoginForm
          defaultEmail={typeof email === 'string' ? email : undefined}
          onSuccess={(profile) =>
            void navigate(to ?? landingHref(profile, chooseDivisionId(profile, storage.getDivisionId())), {
              replace: true,
            })
          }
        />
      </Paper>
      <Text fz="xs" c="dimmed" ta="center">
        Need an account? Your administrator sends invitations from the Users page.
      </Text>
    </Stack>
  );
}
