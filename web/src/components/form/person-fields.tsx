import { Grid, SimpleGrid, type MantineSize } from '@mantine/core';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { Region } from '@stormline/domain/region';
import { TextField } from './fields';

/**
 * A person's name, position and phone as registration, the profile and Edit User ask for them (spec 001 §2):
 * first and last name side by side, the phone with its extension beside it. The form's values hold
 * them as `first_name`, `last_name`, `position`, `phone` and `phone_ext`.
 */
interface PersonFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** The width from which the fields stand side by side. */
  from?: 'xs' | 'sm';
  size?: MantineSize;
  /**
   * The person fills in their own details (registration, profile): the browser may offer its saved
   * name and phone. An administrator editing another user gets no such offer.
   */
  ownDetails?: boolean;
}

const field = <T extends FieldValues>(
  name: 'first_name' | 'last_name' | 'position' | 'phone' | 'phone_ext',
) => name as FieldPath<T>;

export function NameFields<T extends FieldValues>({
  control,
  from = 'sm',
  size,
  ownDetails = true,
}: PersonFieldsProps<T>) {
  return (
    <SimpleGrid cols={{ base: 1, [from]: 2 }} spacing="md">
      <TextField
        control={control}
        name={field<T>('first_name')}
        label="First name"
        withAsterisk
        autoComplete={ownDetails ? 'given-name' : 'off'}
        size={size}
      />
      <TextField
        control={control}
        name={field<T>('last_name')}
        label="Last name"
        withAsterisk
        autoComplete={ownDetails ? 'family-name' : 'off'}
        size={size}
      />
    </SimpleGrid>
  );
}

export function PositionField<T extends FieldValues>({
  control,
  size,
  ownDetails = true,
}: Omit<PersonFieldsProps<T>, 'from'>) {
  return (
    <TextField
      control={control}
      name={field<T>('position')}
      label="Position"
      placeholder="e.g. Site Inspector"
      autoComplete={ownDetails ? 'organization-title' : undefined}
      size={size}
    />
  );
}

export function PhoneFields<T extends FieldValues>({
  control,
  region,
  from = 'sm',
  size,
  ownDetails = true,
  markRequired = true,
  exampleOutsideUs = 'Optional',
}: PersonFieldsProps<T> & {
  region: Region;
  /** Mark the phone required where the region requires it (in the US). */
  markRequired?: boolean;
  /** The placeholder outside the US, where the phone is optional. */
  exampleOutsideUs?: string;
}) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, [from]: 8 }}>
        <TextField
          control={control}
          name={field<T>('phone')}
          label="Phone"
          type="tel"
          autoComplete={ownDetails ? 'tel' : undefined}
          placeholder={region === 'US' ? '(555) 555-5555' : exampleOutsideUs}
          size={size}
          withAsterisk={markRequired && region === 'US'}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, [from]: 4 }}>
        <TextField
          control={control}
          name={field<T>('phone_ext')}
          label="Extension"
          inputMode="numeric"
          placeholder="Optional"
          size={size}
        />
      </Grid.Col>
    </Grid>
  );
}
