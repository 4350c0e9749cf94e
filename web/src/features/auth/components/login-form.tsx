import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import type { Profile } from '@stormline/contract/areas/profile';
import { LoginBody } from '@stormline/contract/areas/auth';
import { paths } from '../../../config/paths';
import { signIn } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { ServerError } from '../../../components/server-error';

type Field = 'email' | 'password';

/** Spec 001 §5, the summary of a form whose every field is required when one is left empty. */
export const ALL_FIELDS_REQUIRED = 'All fields are required';
type FieldErrors = Partial<Record<Field, string>>;

/** The contract's schema decides, as in every form; the first message of each field is shown. */
function check(values: Record<Field, string>): FieldErrors {
  const parsed = LoginBody.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Email and password, validated by the contract's own schema; a refusal shows the server's message.
 * The one form of the first load: a plain form rather than react-hook-form (components/form), whose
 * 15 KB would be a tenth of /login's budget for two fields (docs/decisions/0011).
 */
export function LoginForm({
  onSuccess,
  defaultEmail,
}: {
  onSuccess: (profile: Profile) => void;
  defaultEmail?: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const valuesOf = (element: HTMLFormElement) => {
    const data = new FormData(element);
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = valuesOf(event.currentTarget);
    const found = check(values);
    setSubmitted(true);
    setErrors(found);
    setMissing(!values.email.trim() || !values.password);
    const firstInvalid = (['email', 'password'] as const).find((field) => found[field]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setServerError(null);
    setSubmitting(true);
    try {
      onSuccess(await signIn(values.email, values.password));
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  // After a first attempt, a field's message follows what is typed.
  const recheck = () => {
    if (!submitted || !form.current) return;
    const values = valuesOf(form.current);
    setErrors(check(values));
    setMissing(!values.email.trim() || !values.password);
  };

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
      <Stack gap="md">
        {serverError && <ServerError testId="login-error">{serverError}</ServerError>}
        {missing && (
          <Text fz="sm" c="red.8" role="alert">
            {ALL_FIELDS_REQUIRED}
          </Text>
        )}
        <TextInput
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          defaultValue={defaultEmail}
          placeholder="you@company.com"
          leftSection={<IconMail size={16} />}
          error={errors.email}
          size="md"
          onChange={recheck}
        />
        <PasswordInput
          name="password"
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          leftSection={<IconLock size={16} />}
          error={errors.password}
          size="md"
          onChange={recheck}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.auth.forgotPassword.getHref()} fz="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={submitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
