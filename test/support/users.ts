import { randomUUID } from 'node:crypto';
import { createDb } from '@stormline/data/dynamo';
import type { RoleName } from '@stormline/domain/roles';
import { createActiveAccount } from '@stormline/functions/lib/accounts';
import { runtimeEnv } from './runtime';

/**
 * A fresh account of its own for a test that changes account state (locks, sign-outs), so it
 * cannot disturb the demo accounts other test files sign in with.
 */
export async function createTestUser(role: RoleName, divisionIds: string[]) {
  const env = runtimeEnv();
  const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
  const email = `test-${randomUUID()}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const user = await createActiveAccount(db, {
    role,
    email,
    password,
    first_name: 'Test',
    last_name: role,
    divisionIds,
  });
  db.doc.destroy();
  return { ...user, password };
}
