import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The server's message under a form (spec: form errors show the server response message). */
export function ServerError({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId}>
      {children}
    </Alert>
  );
}
