import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import * as z from 'zod/mini';
import { ProfileUpdate, type Profile } from '@stormline/contract/areas/profile';
import {
  FormServerError,
  NameFields,
  PhoneFields,
  PositionField,
  useServerSubmit,
} from '../../../components/form';
import { useUpdateProfile } from '../api/update-profile';

/** The fields a user edits on their own profile; the version travels with the save, not in the form. */
const ProfileFields = z.omit(ProfileUpdate, { version: true });
type ProfileValues = z.input<typeof ProfileFields>;

function valuesOf(profile: Profile): ProfileValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    position: profile.position ?? '',
    phone: profile.address.phone ?? '',
    phone_ext: profile.address.phone_ext ?? '',
  };
}

const PROFILE_FIELDS = ['first_name', 'last_name', 'position', 'phone', 'phone_ext'] as const;

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

export function ProfileForm({ profile, onReload }: { profile: Profile; onReload: () => Promise<unknown> }) {
  const { trigger } = useUpdateProfile();
  const form = useForm<ProfileValues, unknown, z.output<typeof ProfileFields>>({
    resolver: zodResolver(ProfileFields),
    defaultValues: valuesOf(profile),
  });
  const { control, reset } = form;
  const { isSubmitting, isDirty } = form.formState;
  const { submit, serverError, clearServerError } = useServerSubmit(form, PROFILE_FIELDS, async (values) => {
    const saved = await trigger({
      first_name: values.first_name,
      last_name: values.last_name,
      position: emptyToNull(values.position),
      phone: emptyToNull(values.phone),
      phone_ext: emptyToNull(values.phone_ext),
      version: profile.version,
    });
    reset(valuesOf(saved));
    notifications.show({ color: 'teal', title: 'Profile saved', message: 'Profile saved' });
  });

  const region = profile.appConstants.region;

  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg">
      <form onSubmit={submit} noValidate aria-label="Personal details">
        <Stack gap="lg">
          <div>
            <Title order={2} fz="h4" c="harbor.9">
              Personal details
            </Title>
            <Text fz="sm" c="dimmed">
              Your name and contact details as other users and reports show them.
            </Text>
          </div>
          <NameFields control={control} />
          <PositionField control={control} />
          <PhoneFields
            control={control}
            region={region}
            markRequired={false}
            exampleOutsideUs="020 7946 0000"
          />
          <TextInput
            label="Email"
            value={profile.email}
            readOnly
            disabled
            description="Your administrator changes sign-in emails."
          />
          <FormServerError
            testId="profile-error"
            error={serverError}
            onLoadLatest={async () => {
              const latest = (await onReload()) as Profile | undefined;
              if (latest) reset(valuesOf(latest));
              clearServerError();
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!isDirty || isSubmitting}
              onClick={() => reset(valuesOf(profile))}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
