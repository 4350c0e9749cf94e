import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconMail, IconMailCheck } from '@tabler/icons-react';
import * as z from 'zod/mini';
import { Email } from '@stormline/contract/person';
import { FormServerError, TextField, useServerSubmit } from '../../../components/form';
import { paths } from '../../../config/paths';
import { forgotPassword } from '../api/account-links';
import { AuthCard } from '../components/auth-card';

const ForgotFields = z.strictObject({ email: Email });
type ForgotValues = z.input<typeof ForgotFields>;

/** Why the reset screen sent the user here (a refused link), for the top of the page. */
export interface ForgotPasswordState {
  notice?: string;
}

/**
 * /forgot (spec 001 §2): one email field. The server answers the same words for a known and an
 * unknown address (docs/decisions/0013), and the page shows them as they are: it cannot tell either.
 */
export default function ForgotPasswordRoute() {
  const notice = (useLocation().state as ForgotPasswordState | null)?.notice;
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm<ForgotValues, unknown, z.output<typeof ForgotFields>>({
    resolver: zodResolver(ForgotFields),
    defaultValues: { email: '' },
  });
  const { submit, serverError } = useServerSubmit(form, ['email'], async ({ email }) => {
    setAnswer((await forgotPassword(email)).message);
  });

  if (answer)
    return (
      <AuthCard title="Check your email" backToSignIn={false}>
        <Stack gap="md">
          <Alert variant="light" color="teal" icon={<IconMailCheck size={18} />} data-testid="forgot-answer">
            <span role="status">{answer}</span>
          </Alert>
          <Text fz="sm" c="dimmed">
            Nothing arrived? Check your spam folder, or{' '}
            <Anchor
              component="button"
              type="button"
              fz="sm"
              onClick={() => {
                form.reset({ email: form.getValues('email') });
                setAnswer(null);
              }}
            >
              ask for another link
            </Anchor>
            .
          </Text>
          <Button component={Link} to={paths.auth.login.getHref()} size="md" fullWidth>
            Back to sign in
          </Button>
        </Stack>
      </AuthCard>
    );

  return (
    <AuthCard
      title="Forgot password"
      description="Enter the email you sign in with, and we will send you a link to choose a new password."
    >
      <form onSubmit={submit} noValidate aria-label="Forgot password">
        <Stack gap="md">
          {notice && (
            <Alert
              variant="light"
              color="orange"
              icon={<IconInfoCircle size={18} />}
              data-testid="forgot-notice"
            >
              {notice}
            </Alert>
          )}
          <FormServerError error={serverError} testId="forgot-error" />
          <TextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="you@company.com"
            leftSection={<IconMail size={16} />}
            size="md"
            withAsterisk
          />
          <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
