import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack } from '@mantine/core';
import type * as z from 'zod/mini';
import { FormActions, FormServerError, TextField, useServerSubmit } from './form';

/** A contract schema of one required name (DivisionCreate, GroupCreate): its messages are the spec's. */
export type NameSchema = z.ZodMiniType<{ name: string }, { name: string }>;

interface NameFormProps {
  onClose: () => void;
  submitLabel: string;
  initialName: string;
  onSubmit: (name: string) => Promise<void>;
}

export interface NameFieldProps {
  schema: NameSchema;
  label: string;
  placeholder: string;
}

/** Mounted each time the modal opens, so every opening starts from the current name and no old error. */
function NameForm({
  onClose,
  submitLabel,
  initialName,
  onSubmit,
  schema,
  label,
  placeholder,
}: NameFormProps & NameFieldProps) {
  const form = useForm<{ name: string }>({
    resolver: zodResolver(schema),
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
          label={label}
          placeholder={placeholder}
          withAsterisk
          data-autofocus
        />
        <FormServerError
          error={serverError}
          // After a conflict the page has read the record again: its name now is `initialName`.
          onLoadLatest={() => {
            form.reset({ name: initialName });
            clearServerError();
          }}
        />
        <FormActions submitLabel={submitLabel} submitting={isSubmitting} onCancel={onClose} />
      </Stack>
    </form>
  );
}

export type NameModalProps = Omit<NameFormProps, 'initialName'> & {
  opened: boolean;
  title: string;
  initialName?: string;
};

/** A record whose one field is its name (a division, a regulation group): create and rename. */
export function NameModal({ opened, title, initialName = '', ...form }: NameModalProps & NameFieldProps) {
  return (
    <Modal opened={opened} onClose={form.onClose} title={title} radius="lg">
      {opened && <NameForm initialName={initialName} {...form} />}
    </Modal>
  );
}
