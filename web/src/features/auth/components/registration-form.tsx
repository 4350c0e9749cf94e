import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import * as z from 'zod/mini';
import { withRegion } from '@stormline/contract/address';
import { RegistrationBody } from '@stormline/contract/areas/auth';
import { phoneIssues, type Region } from '@stormline/domain/region';
import {
  CheckboxField,
  FormServerError,
  NameFields,
  PasswordField,
  PhoneFields,
  PositionField,
  useServerSubmit,
} from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { register } from '../api/account-links';
import { withPasswordConfirmation } from './new-password-fields';

/**
 * Spec 001 §2 and §5: first and last name (required, max 100), phone (required in the US as
 * (xxx) xxx-xxxx, optional in the UK), extension (numeric), position, the password typed twice, and
 * the e-signature and data-privacy checkboxes. The schema is the contract's with the region's phone
 * rule, so the form refuses what the server would, at the same field.
 */
export function registrationSchema(region: Region) {
  return withRegion(withPasswordConfirmation(z.omit(RegistrationBody, { token: true })), (values) =>
    phoneIssues(region, values.phone),
  );
}
type Schema = ReturnType<typeof registrationSchema>;
export type RegistrationValues = z.input<Schema>;

const FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'phone_ext',
  'position',
  'password',
  'electronicSignatureAuthorization',
  'dataPolicySignature',
] as const;

export interface Invitee {
  email: string;
  first_name: string;
  last_name: string;
  position: string | null;
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function RegistrationForm({
  token,
  invitee,
  region,
  privacyPolicyUrl,
  onRegistered,
  onLinkRefused,
}: {
  token: string;
  invitee: Invitee;
  region: Region;
  /** The deployment's data privacy policy (config.json's privacyPolicyUrl); linked only when set. */
  privacyPolicyUrl?: string;
  onRegistered: () => void;
  /** The link stopped working between opening the page and sending the form (used, expired, replaced). */
  onLinkRefused: (message: string) => void;
}) {
  const form = useForm<RegistrationValues, unknown, z.output<Schema>>({
    resolver: zodResolver(registrationSchema(region)),
    defaultValues: {
      first_name: invitee.first_name,
      last_name: invitee.last_name,
      phone: '',
      phone_ext: '',
      position: invitee.position ?? '',
      password: '',
      confirm_password: '',
      electronicSignatureAuthorization: false,
      dataPolicySignature: false,
    },
  });
  const { control } = form;
  const { submit, serverError } = useServerSubmit(form, FIELDS, async (values) => {
    try {
      await register({
        token,
        first_name: values.first_name,
        last_name: values.last_name,
        phone: blankToNull(values.phone),
        phone_ext: blankToNull(values.phone_ext),
        position: blankToNull(values.position),
        password: values.password,
        electronicSignatureAuthorization: values.electronicSignatureAuthorization,
        dataPolicySignature: values.dataPolicySignature,
      });
      onRegistered();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return onLinkRefused(error.message);
      throw error;
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Registration">
      <Stack gap="md">
        <FormServerError error={serverError} testId="registration-error" />
        <TextInput
          label="Email"
          value={invitee.email}
          readOnly
          description="You will sign in with this email."
          variant="filled"
          size="md"
        />
        <NameFields control={control} from="xs" size="md" />
        <PhoneFields control={control} region={region} from="xs" size="md" />
        <PositionField control={control} size="md" />
        <PasswordField
          control={control}
          name="password"
          label="Password"
          description="At least 8 characters."
          autoComplete="new-password"
          leftSection={<IconLock size={16} />}
          size="md"
          withAsterisk
        />
        <PasswordField
          control={control}
          name="confirm_password"
          label="Confirm password"
          autoComplete="new-password"
          leftSection={<IconLock size={16} />}
          size="md"
          withAsterisk
        />
        <CheckboxField
          control={control}
          name="electronicSignatureAuthorization"
          label="I consent to sign inspection reports electronically"
          description="Certification checkboxes work only with this consent. You can change it later on your profile."
        />
        <CheckboxField
          control={control}
          name="dataPolicySignature"
          label="I have read and accept the data privacy policy"
          description={
            <>
              Stormline keeps your name, contact details and the records you make, to run inspections for your
              organisation.
              {privacyPolicyUrl && (
                <>
                  {' '}
                  <Anchor href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer" fz="inherit">
                    Read the data privacy policy
                  </Anchor>
                </>
              )}
            </>
          }
        />
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
          Register
        </Button>
      </Stack>
    </form>
  );
}
