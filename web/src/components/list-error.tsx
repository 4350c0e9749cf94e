import { useState } from 'react';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/errors';

/** Spec 001 §2: a list that failed to load shows the error and a reload link, at most 3 retries. */
const MAX_RETRIES = 3;

/** A refusal that asking again cannot change (a bad cursor, a search too long) offers no reload. */
function mayRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const [retries, setRetries] = useState(0);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="This list could not be loaded"
    >
      <Text fz="sm">{errorMessage(error)}</Text>
      {mayRetry(error) && retries < MAX_RETRIES && (
        <Anchor
          component="button"
          type="button"
          fz="sm"
          mt={6}
          onClick={() => {
            setRetries((count) => count + 1);
            onRetry();
          }}
        >
          Reload
        </Anchor>
      )}
    </Alert>
  );
}
