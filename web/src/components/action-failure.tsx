import { notifications } from '@mantine/notifications';
import { ApiError } from '../lib/api-client';

/** Spec 002 §8: "Action buttons on failure show 'An error has occurred' with 'Please contact the administrator for assistance.'" */
export const ACTION_FAILED_TITLE = 'An error has occurred';
export const ACTION_FAILED_HELP = 'Please contact the administrator for assistance.';

/**
 * The server's own reason for refusing (a 4xx that carried a message), which the user can act on;
 * none for a fault, a lost connection or a refusal with only its status.
 */
export function refusalReason(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || failure.status >= 500) return null;
  if (/^The request failed \(HTTP \d+\)\.$/.test(failure.message) || !failure.message.trim()) return null;
  return failure.message;
}

/**
 * The one failure presentation of an action button (Complete Findings, Public View, Edit Finding,
 * the QR code, ...): a red toast titled 'An error has occurred' with the spec's help line, under
 * the server's reason when it gave one. It stays until closed: the user is told to ask for help.
 */
export function showActionFailure(failure: unknown): void {
  console.error(failure);
  const reason = refusalReason(failure);
  notifications.show({
    color: 'red',
    title: ACTION_FAILED_TITLE,
    autoClose: false,
    message: (
      <>
        {reason && <span style={{ display: 'block' }}>{reason}</span>}
        <span style={{ display: 'block' }}>{ACTION_FAILED_HELP}</span>
      </>
    ),
  });
}
