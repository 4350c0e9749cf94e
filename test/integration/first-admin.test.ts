import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { runtimeEnv } from '../support/runtime';

const ROOT = path.resolve(import.meta.dirname, '../..');

function createFirstAdmin(args: string[]) {
  const env = runtimeEnv();
  const run = spawnSync(
    'npx',
    [
      'tsx',
      'scripts/create-first-admin.ts',
      '--table',
      env.TABLE_NAME!,
      '--endpoint',
      env.DYNAMODB_ENDPOINT!,
      ...args,
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        ...process.env,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
      },
    },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

describe('scripts/create-first-admin.ts (after the first cloud deploy)', () => {
  it('creates a division, an Admin who can sign in with the printed password, and the Public account', async () => {
    const email = `ops-${randomUUID()}@example.com`;
    const publicEmail = `public-${randomUUID()}@example.com`;
    const output = createFirstAdmin([
      '--email',
      email,
      '--division',
      'Head Office',
      '--public-email',
      publicEmail,
      '--public-password',
      'Public-Passw0rd!',
    ]);
    const password = /Admin password \(shown once; change it after signing in\): (\S+)/.exec(output)?.[1];
    expect(password).toBeDefined();

    const signIn = await call<{ token: string }>('/api/login', { method: 'POST', body: { email, password } });
    expect(signIn.status).toBe(200);
    const profile = await call<{ roleName: string; divisions: { name: string }[] }>('/api/users/profile', {
      token: signIn.body.token,
    });
    expect(profile.body).toMatchObject({ roleName: 'Admin', divisions: [{ name: 'Head Office' }] });

    const publicSignIn = await call('/api/login', {
      method: 'POST',
      body: { email: publicEmail, password: 'Public-Passw0rd!' },
    });
    expect(publicSignIn.status).toBe(200);
  });

  it('leaves an existing account as it is', () => {
    const output = createFirstAdmin(['--email', 'admin@example.com']);
    expect(output).toContain('admin@example.com already has an account; left as it is.');
  });
});
