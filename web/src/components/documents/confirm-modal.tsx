import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../lib/errors';
import { ServerError } from '../server-error';

interface ConfirmProps {
  onClose: () => void;
  onConfirm: () => Promise<void>;
  children: ReactNode;
  confirmLabel: string;
  /** Spec 001 §2: deleting a regulation group needs 'Yes, I understand' ticked first. */
  requireUnderstanding?: boolean;
}

/** Mounted each time the dialog opens: the box starts unticked and no old error shows. */
function ConfirmBody({ onClose, onConfirm, children, confirmLabel, requireUnderstanding }: ConfirmProps) {
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Text fz="sm" component="div">
        {children}
      </Text>
      {requireUnderstanding && (
        <Checkbox
          label="Yes, I understand"
          checked={understood}
          onChange={(event) => setUnderstood(event.currentTarget.checked)}
        />
      )}
      {error && <ServerError>{error}</ServerError>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          color="red"
          disabled={requireUnderstanding && !understood}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (failure) {
              // Spec 001 §8: the server's message, else 'An error has occurred'.
              setError(errorMessage(failure, 'An error has occurred'));
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

/** A destructive action's confirmation: the server's refusal shows in the dialog, which stays open. */
export function ConfirmModal({ opened, title, ...body }: ConfirmProps & { opened: boolean; title: string }) {
  return (
    <Modal opened={opened} onClose={body.onClose} title={title} radius="lg">
      {opened && <ConfirmBody {...body} />}
    </Modal>
  );
}
