import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';

interface ConfirmProps {
  onClose: () => void;
  /** What will happen, in the product's words. */
  children: ReactNode;
  /** The red button's label ('Delete'). */
  confirmLabel?: string;
  onConfirm: () => Promise<void>;
}

/** Mounted each time the modal opens, so the box starts unticked and no old error shows. */
function UnderstoodConfirm({ onClose, children, confirmLabel = 'Delete', onConfirm }: ConfirmProps) {
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <Stack gap="md">
      {children}
      <Checkbox
        label="Yes, I understand"
        checked={understood}
        onChange={(event) => setUnderstood(event.currentTarget.checked)}
      />
      {error && <ServerError>{error}</ServerError>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          color="red"
          disabled={!understood}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (failure) {
              // Spec 001 §8: the server's message, else 'An error has occurred'.
              setError(errorMessage(failure, 'An error has occurred'));
            } finally {
              setBusy(false);
            }
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Spec 001 §2: deleting a division, removing resources from one and deleting a regulation group
 * enable Delete only after ticking 'Yes, I understand'. The server's refusal shows in the modal.
 */
export function ConfirmDeleteModal({
  opened,
  title,
  ...confirm
}: ConfirmProps & { opened: boolean; title: string }) {
  return (
    <Modal opened={opened} onClose={confirm.onClose} title={title} radius="lg">
      <UnderstoodConfirm {...confirm} />
    </Modal>
  );
}
