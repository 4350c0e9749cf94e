import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type * as z from 'zod/mini';
import { DivisionCreate } from '@stormline/contract/areas/divisions';
import { FormServerError, TextField, useServerSubmit } from '../../../components/form';

type NameValues = z.input<typeof DivisionCreate>;

interface NameFormProps {
  onClose: () => void;
  submitLabel: string;
  initialName: string;
  onSubmit: (name: string) => Promise<void>;
}

/** Mounted each time the modal opens, so every opening starts from the current name and no old error. */
function DivisionNameForm({ onClose, submitLabel, initialName, onSubmit }: NameFormProps) {
  const form = useForm<NameValues, unknown, z.output<typeof DivisionCreate>>({
    resolver: zodResolver(DivisionCreate),
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
          label="Division name"
          placeholder="e.g. North Region"
          withAsterisk
          data-autofocus
        />
        <FormServerError
          error={serverError}
          // After a conflict the page has read the division again: its name now is `initialName`.
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

/** The one field of a division, for Add Division and Edit; the contract's schema gives 'Division name is required'. */
export function DivisionNameModal({
  opened,
  title,
  initialName = '',
  ...form
}: Omit<NameFormProps, 'initialName'> & { opened: boolean; title: string; initialName?: string }) {
  return (
    <Modal opened={opened} onClose={form.onClose} title={title} size="md" radius="lg">
      <DivisionNameForm initialName={initialName} {...form} />
    </Modal>
  );
}
