import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';

interface ConfirmProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The spec's question, word for word. */
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** May be async: the button spins meanwhile, and a refusal shows the server's message in the dialog. */
  onConfirm: () => void | Promise<void>;
}

function ConfirmBody({
  onClose,
  message,
  confirmLabel,
  danger,
  onConfirm,
}: Omit<ConfirmProps, 'opened' | 'title'>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Text fz="sm" component="div">
        {message}
      </Text>
      {error && <ServerError>{error}</ServerError>}
      <Group justify="flex-end" gap="sm">
        <Button type="button" variant="default" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="button"
          color={danger ? 'red' : undefined}
          loading={busy}
          data-autofocus
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (failure) {
              // Spec 001 §8: the server's message, else 'An error has occurred'.
              console.error(failure);
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

/** The confirmations of Edit User: a question, Cancel and the spec's button; focus is trapped and returned. */
export function ConfirmDialog({ opened, title, ...body }: ConfirmProps) {
  return (
    <Modal opened={opened} onClose={body.onClose} title={title} radius="lg" centered>
      <ConfirmBody {...body} />
    </Modal>
  );
}
