import { randomUUID } from 'node:crypto';
import { createDb } from '@stormline/data/dynamo';
import { createUser } from '@stormline/data/users';
import { roleByName } from '@stormline/domain/roles';
import type { RoleName } from '@stormline/domain/roles';
import { hashPassword } from '@stormline/functions/lib/passwords';
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
  const user = await createUser(db, {
    email,
    first_name: 'Test',
    last_name: role,
    position: null,
    phone: null,
    phone_ext: null,
    roleId: roleByName(role).id,
    status: 'active',
    passwordHash: await hashPassword(password),
    permissionsOverride: null,
    divisionIds,
    electronicSignatureAuthorization: false,
    dataPolicySignature: false,
  });
  db.doc.destroy();
  return { ...user, password };
}
