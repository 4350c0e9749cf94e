import { useMemo } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Grid, Group, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type * as z from 'zod/mini';
import { withRegion } from '@stormline/contract/address';
import { ClientInput } from '@stormline/contract/areas/clients';
import {
  clientAddressIssues,
  findingObservationTemplate,
  FINDING_OBSERVATION_TEMPLATES,
} from '@stormline/domain/client-rules';
import type { Region } from '@stormline/domain/region';
import { FormServerError, SelectField, TextField, useServerSubmit } from '../../../components/form';
import { usePlaceOptions } from '../api/geo';
import type { Client } from '../api/get-client';
import type { ClientInput as ClientBody } from '../api/save-client';
import { usPhoneFormat } from './client-address';

type ClientValues = z.input<typeof ClientInput>;
type ClientOutput = z.output<typeof ClientInput>;

const CLIENT_FIELDS = [
  'name',
  'address.street_1',
  'address.street_2',
  'address.city',
  'address.state_id',
  'address.country_id',
  'address.zip',
  'address.phone',
  'address.phone_ext',
  'default_finding_observation',
  'disable_images',
] as const;

const OBSERVATION_OPTIONS = FINDING_OBSERVATION_TEMPLATES.map((t) => ({ value: t.id, label: t.label }));

function valuesOf(client: Client | undefined): ClientValues {
  const address = client?.address;
  return {
    name: client?.name ?? '',
    address: {
      street_1: address?.street_1 ?? '',
      street_2: address?.street_2 ?? '',
      city: address?.city ?? '',
      state_id: address?.state_id ?? '',
      country_id: address?.country_id ?? '',
      zip: address?.zip ?? '',
      phone: address?.phone ?? '',
      phone_ext: address?.phone_ext ?? '',
    },
    default_finding_observation: client?.default_finding_observation ?? null,
    disable_images: client?.disable_images ?? false,
  };
}

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The body the server takes: blanks as null, and only the region's place (a state or a country). */
export function clientBody(values: ClientOutput, region: Region): ClientBody {
  const a = values.address;
  return {
    name: values.name,
    address: {
      street_1: a.street_1,
      street_2: blank(a.street_2),
      city: a.city,
      ...(region === 'US' ? { state_id: blank(a.state_id) } : { country_id: blank(a.country_id) }),
      zip: blank(a.zip),
      phone: blank(a.phone),
      phone_ext: blank(a.phone_ext),
    },
    default_finding_observation: values.default_finding_observation ?? null,
    disable_images: values.disable_images ?? false,
  };
}

/** The phone: in the US ten digits typed any way are written (xxx) xxx-xxxx on leaving the box. */
function PhoneField({ control, region }: { control: Control<ClientValues>; region: Region }) {
  const {
    field: { ref, ...input },
    fieldState,
  } = useController({ control, name: 'address.phone' });
  return (
    <TextInput
      ref={ref}
      name={input.name}
      value={input.value ?? ''}
      onChange={input.onChange}
      onBlur={() => {
        if (region === 'US' && input.value) input.onChange(usPhoneFormat(input.value));
        input.onBlur();
      }}
      label="Phone"
      withAsterisk={region === 'US'}
      type="tel"
      autoComplete="tel"
      placeholder={region === 'US' ? '(555) 555-5555' : '0113 496 0000'}
      error={fieldState.error?.message}
    />
  );
}

function DisableImagesField({ control }: { control: Control<ClientValues> }) {
  const {
    field: { ref, ...input },
  } = useController({ control, name: 'disable_images' });
  return (
    <Switch
      ref={ref}
      name={input.name}
      checked={Boolean(input.value)}
      onChange={(event) => input.onChange(event.currentTarget.checked)}
      onBlur={input.onBlur}
      label="Disable images"
      description="Findings on this client's projects are recorded without photos."
    />
  );
}

interface FormProps {
  region: Region;
  client?: Client;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (body: ClientBody) => Promise<void>;
}

function ClientForm({ region, client, submitLabel, onClose, onSubmit }: FormProps) {
  const places = usePlaceOptions(region);
  const schema = useMemo(
    () => withRegion(ClientInput, (value) => clientAddressIssues(region, value.address)),
    [region],
  );
  const form = useForm<ClientValues, unknown, ClientOutput>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(client),
  });
  const { control } = form;
  const { submit, serverError, clearServerError } = useServerSubmit(form, CLIENT_FIELDS, async (values) => {
    await onSubmit(clientBody(values, region));
    onClose();
  });
  const observation = useWatch({ control, name: 'default_finding_observation' });
  const { isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        <TextField control={control} name="name" label="Name" withAsterisk maxLength={100} data-autofocus />
        <Fieldset legend="Address" variant="unstyled">
          <Stack gap="sm">
            <TextField
              control={control}
              name="address.street_1"
              label="Street"
              withAsterisk
              autoComplete="address-line1"
            />
            <TextField
              control={control}
              name="address.street_2"
              label="Street line 2"
              autoComplete="address-line2"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextField
                control={control}
                name="address.city"
                label="City"
                withAsterisk
                autoComplete="address-level2"
              />
              {region === 'US' ? (
                <SelectField
                  control={control}
                  name="address.state_id"
                  label="State"
                  withAsterisk
                  searchable
                  placeholder={places.isLoading ? 'Loading…' : 'Choose a state'}
                  data={places.data ?? []}
                  nothingFoundMessage="No states found"
                />
              ) : (
                <SelectField
                  control={control}
                  name="address.country_id"
                  label="Country"
                  withAsterisk
                  placeholder={places.isLoading ? 'Loading…' : 'Choose a country'}
                  data={places.data ?? []}
                />
              )}
              <TextField
                control={control}
                name="address.zip"
                label={region === 'US' ? 'Zip code' : 'Postcode'}
                withAsterisk
                maxLength={region === 'US' ? 5 : 8}
                inputMode={region === 'US' ? 'numeric' : 'text'}
                autoComplete="postal-code"
              />
            </SimpleGrid>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <PhoneField control={control} region={region} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextField
                  control={control}
                  name="address.phone_ext"
                  label="Extension"
                  inputMode="numeric"
                  maxLength={10}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        </Fieldset>
        <SelectField
          control={control}
          name="default_finding_observation"
          label="Default finding observation"
          placeholder="None"
          clearable
          data={OBSERVATION_OPTIONS}
          description={
            findingObservationTemplate(observation)?.text ??
            'The text a new finding on this client’s projects starts with.'
          }
        />
        <DisableImagesField control={control} />
        <FormServerError
          error={serverError}
          onLoadLatest={() => {
            form.reset(valuesOf(client));
            clearServerError();
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add Client and Edit: name, the region's address and phone, the default finding observation, disable images. */
export function ClientFormModal({ opened, title, ...form }: FormProps & { opened: boolean; title: string }) {
  const narrow = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={form.onClose} title={title} size="lg" radius="lg" fullScreen={narrow}>
      {opened && <ClientForm {...form} />}
    </Modal>
  );
}
