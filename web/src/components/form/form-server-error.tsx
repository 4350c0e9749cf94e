import { Button, Stack, Text } from '@mantine/core';
import { ServerError } from '../server-error';
import type { ServerRefusal } from './use-server-submit';

/**
 * The top-of-form message of useServerSubmit. On a conflict (409) the record has been read again
 * (refetchOnConflict), so the form says so and offers the choice: load the latest version into
 * the form, or save again to replace it with what is typed.
 */
export function FormServerError({
  error,
  onLoadLatest,
  testId,
}: {
  error: ServerRefusal | null;
  onLoadLatest?: () => void;
  testId?: string;
}) {
  if (!error) return null;
  const conflict = error.status === 409;
  return (
    <ServerError testId={testId}>
      <Stack gap={6}>
        <Text fz="sm">{error.message}</Text>
        {conflict && (
          <Text fz="sm">
            The latest version has been read: load it into the form, or save again to replace it.
          </Text>
        )}
        {conflict && onLoadLatest && (
          <Button size="xs" variant="light" color="red" w="fit-content" onClick={onLoadLatest}>
            Load the latest version
          </Button>
        )}
      </Stack>
    </ServerError>
  );
}
