import { randomUUID } from 'node:crypto';
import { createDb } from '@stormline/data/dynamo';
import type { RoleName } from '@stormline/domain/roles';
import { createActiveAccount } from '@stormline/functions/lib/accounts';
import { call } from './api';
import { runtimeEnv } from './runtime';

/**
 * A fresh account of its own for a test that changes account state (locks, sign-outs), so it
 * cannot disturb the demo accounts other test files sign in with.
 */
export async function createTestUser(
  role: RoleName,
  divisionIds: string[],
  /** A last name of its own, for a test that finds the user by name among many test users. */
  { lastName = role }: { lastName?: string } = {},
) {
  const env = runtimeEnv();
  const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
  const email = `test-${randomUUID()}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const user = await createActiveAccount(db, {
    role,
    email,
    password,
    first_name: 'Test',
    last_name: lastName,
    divisionIds,
  });
  db.doc.destroy();
  return { ...user, password };
}

/** Signs in an account (one from createTestUser, say) and answers its token. */
export async function signInAs(user: { email: string; password: string }): Promise<string> {
  const response = await call<{ token: string; message?: string }>('/api/login', {
    method: 'POST',
    body: { email: user.email, password: user.password },
  });
  if (response.status !== 200)
    throw new Error(`Sign-in of ${user.email} failed: ${response.status} ${response.body.message}`);
  return response.body.token;
}

/**
 * A viewer address of its own (IPv6 documentation range), so a test that trips the sign-in
 * throttle slows or locks only itself, never the other test files signing in from localhost.
 */
export function newViewerAddress(): string {
  const hex = randomUUID().replace(/-/g, '');
  return `2001:db8:${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}:${hex.slice(12, 16)}::1`;
}

/**
 * The headers CloudFront adds in the cloud: the origin secret and the viewer's address with its
 * port. With them the API takes the viewer's address from the header rather than the socket.
 */
export function viewerHeaders(address: string): Record<string, string> {
  return {
    'x-origin-verify': runtimeEnv().ORIGIN_VERIFY_SECRET!,
    'cloudfront-viewer-address': `${address}:${40000 + Math.floor(Math.random() * 20000)}`,
  };
}
