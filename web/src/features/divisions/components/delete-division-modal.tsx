import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/errors';
import { ServerError } from '../../../components/server-error';

interface ConfirmProps {
  onClose: () => void;
  divisionName: string;
  onConfirm: () => Promise<void>;
}

/** Mounted each time the modal opens, so the box starts unticked. */
function DeleteDivisionConfirm({ onClose, divisionName, onConfirm }: ConfirmProps) {
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <Text fz="sm">
        Deleting <b>{divisionName}</b> removes it for every user. Its clients, projects and users stay, but
        are no longer grouped under this division.
      </Text>
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
          Delete
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec 001 §2: Delete is enabled only after ticking 'Yes, I understand'. */
export function DeleteDivisionModal({ opened, ...confirm }: ConfirmProps & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={confirm.onClose} title="Delete division" radius="lg">
      <DeleteDivisionConfirm {...confirm} />
    </Modal>
  );
}
