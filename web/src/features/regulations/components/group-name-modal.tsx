import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type * as z from 'zod/mini';
import { GroupCreate } from '@stormline/contract/areas/regulations';
import { FormServerError, TextField, useServerSubmit } from '../../../components/form';

type NameValues = z.input<typeof GroupCreate>;

interface NameFormProps {
  onClose: () => void;
  submitLabel: string;
  initialName: string;
  onSubmit: (name: string) => Promise<void>;
}

function GroupNameForm({ onClose, submitLabel, initialName, onSubmit }: NameFormProps) {
  const form = useForm<NameValues, unknown, z.output<typeof GroupCreate>>({
    resolver: zodResolver(GroupCreate),
    defaultValues: { name: initialName },
  });
  const { submit, serverError, clearServerError } = useServerSubmit(form, ['name'], async ({ name }) => {
    await onSubmit(name);
    onClose();
  });
  const { isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextField
          control={form.control}
          name="name"
          label="Regulation name"
          placeholder="e.g. Construction General Permit"
          withAsterisk
          data-autofocus
        />
        <FormServerError
          error={serverError}
          onLoadLatest={() => {
            form.reset({ name: initialName });
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

/**
 * A regulation group's one field, for Add Regulation and Edit; the contract's schema gives
 * 'Regulation name cannot be empty' for an empty or blank name (spec 001 §5), as the server does.
 */
export function GroupNameModal({
  opened,
  title,
  initialName = '',
  ...form
}: Omit<NameFormProps, 'initialName'> & { opened: boolean; title: string; initialName?: string }) {
  return (
    <Modal opened={opened} onClose={form.onClose} title={title} radius="lg">
      {opened && <GroupNameForm initialName={initialName} {...form} />}
    </Modal>
  );
}
