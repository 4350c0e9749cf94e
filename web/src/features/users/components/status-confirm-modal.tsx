import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import type { UserRow } from '../api/get-users';
import { displayName, type StatusAction } from './user-admin-rules';

/** The confirmation of each status change (spec 001 §2: "with a confirmation"). */
export const STATUS_CONFIRMATIONS: Record<
  StatusAction,
  { title: string; confirm: string; color: string; text: (user: UserRow) => string }
> = {
  deactivate: {
    title: 'Deactivate user',
    confirm: 'Deactivate',
    color: 'red',
    text: (user) =>
      `Are you sure you want to deactivate ${displayName(user)}? They are signed out at once and cannot sign in until they are activated again.`,
  },
  activate: {
    title: 'Activate user',
    confirm: 'Activate',
    color: 'teal',
    text: (user) =>
      `Are you sure you want to activate ${displayName(user)}? They will be able to sign in again.`,
  },
  reinvite: {
    title: 'Re-invite user',
    confirm: 'Send invitation',
    color: 'harbor',
    text: (user) =>
      `Send the invitation to ${user.email} again? The link in the earlier invitation stops working.`,
  },
};

function Confirm({
  user,
  action,
  onClose,
  onConfirm,
}: {
  user: UserRow;
  action: StatusAction;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const copy = STATUS_CONFIRMATIONS[action];
  return (
    <Stack gap="md">
      <Text fz="sm">{copy.text(user)}</Text>
      {error && <ServerError testId="status-error">{error}</ServerError>}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
          Cancel
        </Button>
        <Button
          color={copy.color}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (failure) {
              // Spec 001 §8: the server's message, else the error's own.
              setError(errorMessage(failure));
              setBusy(false);
            }
          }}
        >
          {copy.confirm}
        </Button>
      </Group>
    </Stack>
  );
}

/** Cancel is focused first; a refusal stays in the dialog with the server's message. */
export function StatusConfirmModal({
  target,
  onClose,
  onConfirm,
}: {
  target: { user: UserRow; action: StatusAction } | null;
  onClose: () => void;
  onConfirm: (user: UserRow, action: StatusAction) => Promise<void>;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? STATUS_CONFIRMATIONS[target.action].title : ''}
      radius="lg"
    >
      {target && (
        <Confirm
          key={`${target.user.id}-${target.action}`}
          user={target.user}
          action={target.action}
          onClose={onClose}
          onConfirm={() => onConfirm(target.user, target.action)}
        />
      )}
    </Modal>
  );
}
