import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { ServerError } from './server-error';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/errors';

/** Spec 001 §8: client delete and contact removal show the server's message, else this. */
export const ACTION_ERROR = 'An error has occurred';

interface ConfirmProps {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  onClose: () => void;
  onConfirm: () => Promise<void>;
  /** Spec 001 §2: deleting a regulation group needs 'Yes, I understand' ticked first. */
  requireUnderstanding?: boolean;
}

/** The server's message; a refusal that carried none (only its status) reads ACTION_ERROR. */
export function actionError(failure: unknown): string {
  if (failure instanceof ApiError && /^The request failed \(HTTP \d+\)\.$/.test(failure.message))
    return ACTION_ERROR;
  return errorMessage(failure, ACTION_ERROR);
}

/** Mounted per opening: the box starts unticked and no old error shows. */
function Confirm({
  confirmLabel,
  children,
  onClose,
  onConfirm,
  requireUnderstanding,
}: Omit<ConfirmProps, 'title'>) {
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
      {error && <ServerError testId="confirm-error">{error}</ServerError>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
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
              setError(actionError(failure));
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

/** A destructive action's confirmation: Cancel (focused first) and the red action; a refusal stays in the dialog. */
export function ConfirmModal({ opened, title, ...confirm }: ConfirmProps & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={confirm.onClose} title={title} radius="lg">
      {opened && <Confirm {...confirm} />}
    </Modal>
  );
}
