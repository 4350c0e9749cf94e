import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import * as z from 'zod/mini';
import { FormServerError, PasswordField, useServerSubmit } from '../../../components/form';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { setSessionNotice } from '../../../lib/auth';
import { isLinkToken, resetPassword, startSession } from '../api/account-links';
import { AuthCard } from '../components/auth-card';
import { withPasswordConfirmation } from '../components/new-password-fields';
import { useRedirectAfter } from '../components/use-redirect-after';
import type { ForgotPasswordState } from './forgot-password';

/** Spec 001 §9: "reset-password redirect 5000 ms". */
export const RESET_REDIRECT_MS = 5000;
export const INVALID_RESET_LINK = 'This password reset link is not valid. Please request a new one.';

const ResetFields = withPasswordConfirmation(z.strictObject({}));
type ResetValues = z.input<typeof ResetFields>;

/**
 * /reset-password/{uuid} (spec 001 §2): a link that cannot be a token goes to /logout (with a word
 * for the sign-in page); a request the server refuses (the link expired or was used) goes to
 * /forgot with the server's message; success shows a dialog, signs the user in with the answer's
 * token and goes to the dashboard after 5 seconds.
 */
export default function ResetPasswordRoute() {
  const { uuid } = useParams();
  if (!isLinkToken(uuid)) {
    setSessionNotice(INVALID_RESET_LINK);
    return <Navigate to={paths.auth.logout.getHref()} replace />;
  }
  return <ResetPasswordForm token={uuid} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ResetValues, unknown, z.output<typeof ResetFields>>({
    resolver: zodResolver(ResetFields),
    defaultValues: { password: '', confirm_password: '' },
  });
  const { submit, serverError } = useServerSubmit(form, ['password'], async ({ password }) => {
    try {
      const answer = await resetPassword(token, password);
      await startSession(answer.token);
      setDone(answer.message);
    } catch (error) {
      // The link expired, was used, or was replaced by a newer one: ask for another.
      if (error instanceof ApiError && error.status === 404) {
        const state: ForgotPasswordState = { notice: error.message };
        void navigate(paths.auth.forgotPassword.getHref(), { replace: true, state });
        return;
      }
      throw error;
    }
  });
  const goToDashboard = () => void navigate(paths.root.getHref(), { replace: true });
  useRedirectAfter(done !== null, RESET_REDIRECT_MS, goToDashboard);

  return (
    <AuthCard title="Reset password" description="Choose a new password for your account.">
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="md">
          <FormServerError error={serverError} testId="reset-error" />
          <PasswordField
            control={form.control}
            name="password"
            label="New password"
            description="At least 8 characters."
            autoComplete="new-password"
            leftSection={<IconLock size={16} />}
            size="md"
            withAsterisk
          />
          <PasswordField
            control={form.control}
            name="confirm_password"
            label="Confirm new password"
            autoComplete="new-password"
            leftSection={<IconLock size={16} />}
            size="md"
            withAsterisk
          />
          <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting} disabled={!!done}>
            Reset password
          </Button>
        </Stack>
      </form>
      <Modal
        opened={done !== null}
        onClose={goToDashboard}
        title="Password reset"
        centered
        radius="lg"
        withCloseButton={false}
        closeOnClickOutside={false}
      >
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCircleCheck
              size={24}
              color="var(--mantine-color-teal-7)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text fz="sm" role="status" data-testid="reset-done">
              {done}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text fz="sm" c="dimmed">
              Taking you to your dashboard in 5 seconds…
            </Text>
          </Group>
          <Button onClick={goToDashboard} data-autofocus>
            Go to the dashboard now
          </Button>
        </Stack>
      </Modal>
    </AuthCard>
  );
}
