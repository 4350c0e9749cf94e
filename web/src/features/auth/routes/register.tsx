import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { Alert, Button, Group, Loader, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import { setSessionNotice, signOut } from '../../../lib/auth';
import { cacheKey } from '../../../lib/cache-keys';
import { errorMessage } from '../../../lib/errors';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { isLinkToken, validateInvitation } from '../api/account-links';
import { AuthCard } from '../components/auth-card';
import { RegistrationForm } from '../components/registration-form';
import { useRedirectAfter } from '../components/use-redirect-after';

/** Spec 001 §9: "registration redirect 2000 ms". */
export const REGISTERED_REDIRECT_MS = 2000;
/** How long 'Registration Error' stays before the sign-in page (the spec names no delay; docs/decisions/0013). */
export const REGISTRATION_ERROR_REDIRECT_MS = 5000;
/** Spec 001 §8: "Registration error: server message or 'Unknown Error', then redirect." */
export const UNKNOWN_REGISTRATION_ERROR = 'Unknown Error';
export const INVALID_INVITATION_LINK =
  'This invitation link is not valid. Ask your administrator to invite you again.';
export const REGISTERED_NOTICE = 'Your registration is complete. Sign in with your email and new password.';

/** What the sign-in page is handed: the new account's email, to fill in. */
export interface SignInState {
  email?: string;
}

/**
 * /user/register/{uuid} (spec 001 §2, §4): the link is validated (POST /api/user/validate) and
 * the form opens with the invitee's name and position; an invalid, expired or used link shows
 * 'Registration Error' and goes to sign-in. On success a message shows, and after 2 seconds the
 * invitee is on the sign-in page with their email filled in (whoever was signed in here is signed out).
 */
export default function RegisterRoute() {
  const { uuid } = useParams();
  const navigate = useNavigate();
  const token = isLinkToken(uuid) ? uuid : null;
  const invitation = useSWR(
    token ? cacheKey(null, 'auth/invitation', token) : null,
    () => validateInvitation(token!),
    { shouldRetryOnError: false, revalidateOnFocus: false, revalidateIfStale: false },
  );
  const [refusedOnSubmit, setRefusedOnSubmit] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);

  const linkError =
    refusedOnSubmit ??
    (token === null
      ? INVALID_INVITATION_LINK
      : invitation.error
        ? errorMessage(invitation.error, UNKNOWN_REGISTRATION_ERROR)
        : null);

  const leaveForSignIn = () => {
    if (linkError) setSessionNotice(linkError);
    void navigate(paths.auth.login.getHref(), { replace: true });
  };
  useRedirectAfter(linkError !== null, REGISTRATION_ERROR_REDIRECT_MS, leaveForSignIn);

  const email = invitation.data?.email;
  useRedirectAfter(registered, REGISTERED_REDIRECT_MS, () => {
    void signOut().then(() => {
      setSessionNotice(REGISTERED_NOTICE);
      const state: SignInState = { email };
      void navigate(paths.auth.login.getHref(), { replace: true, state });
    });
  });

  return (
    <AuthCard
      title="Complete your registration"
      description="Add your details and choose a password to finish setting up your account."
      backToSignIn={!registered}
    >
      {registered ? (
        <Stack gap="md">
          <Alert
            variant="light"
            color="teal"
            icon={<IconCircleCheck size={18} />}
            title="Registration complete"
          >
            <span role="status" data-testid="registration-done">
              Your account is ready. Taking you to sign in…
            </span>
          </Alert>
          <Group gap="xs" justify="center">
            <Loader size="sm" aria-hidden />
          </Group>
        </Stack>
      ) : invitation.data && token ? (
        <RegistrationForm
          token={token}
          invitee={invitation.data}
          region={getRuntimeConfig().region}
          privacyPolicyUrl={getRuntimeConfig().privacyPolicyUrl}
          onRegistered={() => setRegistered(true)}
          onLinkRefused={setRefusedOnSubmit}
        />
      ) : linkError ? (
        <Text fz="sm">{linkError}</Text>
      ) : (
        <Stack gap="md" aria-busy="true" aria-label="Checking your invitation">
          <Text fz="sm" c="dimmed">
            Checking your invitation…
          </Text>
          <Skeleton h={42} />
          <Skeleton h={42} />
          <Skeleton h={42} />
        </Stack>
      )}
      <Modal
        opened={linkError !== null}
        onClose={leaveForSignIn}
        title="Registration Error"
        centered
        radius="lg"
        closeOnClickOutside={false}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconAlertTriangle
              size={24}
              color="var(--mantine-color-red-7)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text fz="sm" role="alert" data-testid="registration-error-message">
              {linkError}
            </Text>
          </Group>
          <Text fz="sm" c="dimmed">
            Taking you to sign in in a few seconds…
          </Text>
          <Button onClick={leaveForSignIn} data-autofocus>
            Go to sign in
          </Button>
        </Stack>
      </Modal>
    </AuthCard>
  );
}
