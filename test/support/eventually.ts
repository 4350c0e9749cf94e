import { expect } from 'vitest';

/**
 * Reads that go through a DynamoDB index after a write: in AWS an index catches up a moment
 * later (DynamoDB Local updates it at once), so a test that reads a list, a search or a count
 * right after writing polls for it instead of assuming it is instant.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => void,
  timeoutMs = 5000,
): Promise<T> {
  let value!: T;
  await expect
    .poll(
      async () => {
        value = await read();
        check(value);
        return true;
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .toBe(true);
  return value;
}
