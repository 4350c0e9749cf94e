import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UploadFailure } from './use-document-uploads';

/** Spec 001 §8: 'Error' for a refused file (the server's message), 'Error Uploading Document' otherwise; 'Error replacing document' for a replace (spec 002 §8). */
export function UploadFailureModal({
  failure,
  onClose,
}: {
  failure: UploadFailure | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={failure !== null} onClose={onClose} title={failure?.title ?? 'Error'} radius="lg">
      {failure && (
        <Stack gap="md">
          <Text fz="sm" data-testid="upload-failure-message">
            {failure.message}
          </Text>
          {failure.detail && (
            <Text fz="xs" c="dimmed">
              {failure.detail}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
