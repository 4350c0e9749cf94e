import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import type * as z from 'zod/mini';
import type { Profile } from '@stormline/contract/areas/profile';
import { LoginBody } from '@stormline/contract/areas/auth';
import { paths } from '../../../config/paths';
import { signIn } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { ServerError } from '../../../components/server-error';

type LoginValues = z.input<typeof LoginBody>;

/** Email and password, validated by the contract's own schema; a refusal shows the server's message. */
export function LoginForm({ onSuccess }: { onSuccess: (profile: Profile) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, z.output<typeof LoginBody>>({
    resolver: zodResolver(LoginBody),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      onSuccess(await signIn(values.email, values.password));
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {serverError && <ServerError testId="login-error">{serverError}</ServerError>}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          leftSection={<IconMail size={16} />}
          error={errors.email?.message}
          size="md"
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          leftSection={<IconLock size={16} />}
          error={errors.password?.message}
          size="md"
          {...register('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.auth.forgotPassword.getHref()} fz="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
