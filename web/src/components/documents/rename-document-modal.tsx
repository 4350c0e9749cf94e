import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import type * as z from 'zod/mini';
import { DocumentRename } from '@stormline/contract/areas/uploads';
import { FormServerError, TextField, useServerSubmit } from '../form';
import type { DocumentRow } from './document-calls';

type RenameValues = z.input<typeof DocumentRename>;

function RenameForm({
  document,
  onClose,
  onRename,
}: {
  document: DocumentRow;
  onClose: () => void;
  onRename: (name: string) => Promise<void>;
}) {
  const form = useForm<RenameValues, unknown, z.output<typeof DocumentRename>>({
    resolver: zodResolver(DocumentRename),
    defaultValues: { name: document.name, version: document.version },
  });
  const { submit, serverError, clearServerError } = useServerSubmit(form, ['name'], async ({ name }) => {
    await onRename(name);
    onClose();
  });
  const { isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextField control={form.control} name="name" label="Document name" withAsterisk data-autofocus />
        <FormServerError
          error={serverError}
          // After a conflict the list was read again: `document` is the latest.
          onLoadLatest={() => {
            form.reset({ name: document.name, version: document.version });
            clearServerError();
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Spec 001 §5: 'Rename document: name required' (the contract's 'Document name is required'). */
export function RenameDocumentModal({
  document,
  onClose,
  onRename,
}: {
  document: DocumentRow | null;
  onClose: () => void;
  onRename: (document: DocumentRow, name: string) => Promise<void>;
}) {
  return (
    <Modal opened={document !== null} onClose={onClose} title="Rename document" radius="lg">
      {document && (
        <RenameForm
          key={document.id}
          document={document}
          onClose={onClose}
          onRename={(name) => onRename(document, name)}
        />
      )}
    </Modal>
  );
}
