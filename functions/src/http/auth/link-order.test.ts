import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationBody } from '@stormline/contract/areas/auth';
import type { Db } from '@stormline/data/dynamo';
import { INVALID_LINK } from '@stormline/data/invitations';
import { NotFoundError } from '@stormline/domain/errors';
import type { Deps } from '../../lib/deps';
import { hashPassword } from '../../lib/passwords';
import { linkTokenHash } from '../../lib/tokens';
import { main as register } from './register';
import { main as resetPassword } from './reset-password';

/**
 * POST /api/register and POST /api/resetPassword are anonymous: argon2 (~100 ms of CPU) must not
 * run for a made-up token. The data layer is a recording fake: the order of its reads and of
 * the hash shows that the link is looked up first and the password hashed only for a live one.
 */

vi.mock('../../lib/passwords', () => ({ hashPassword: vi.fn(async () => 'argon2id$hashed') }));

const NOW = new Date('2026-03-02T10:00:00.000Z');
const TOKEN = 'a'.repeat(43);

afterEach(() => vi.mocked(hashPassword).mockClear());

/** A table holding one link of `live` kind for TOKEN (or none), and a user it belongs to. */
function fakeDeps(live?: 'INVITE' | 'RESET') {
  const events: string[] = [];
  const hash = linkTokenHash(TOKEN);
  vi.mocked(hashPassword).mockImplementation(async () => {
    events.push('hash');
    return 'argon2id$hashed';
  });
  const send = vi.fn(async (command: unknown) => {
    if (command instanceof GetCommand) {
      const key = command.input.Key as { pk: string; sk: string };
      events.push(`get ${key.pk.split('#')[0]}`);
      if (key.pk === `LINK#${hash}`)
        return live && key.sk === live
          ? { Item: { ...key, userId: 'user-1', expiresAt: NOW.getTime() / 1000 + 600 } }
          : {};
      return {
        Item: {
          id: 'user-1',
          email: 'new@example.com',
          first_name: 'New',
          last_name: 'User',
          status: live === 'INVITE' ? 'invited' : 'active',
          inviteLinkHash: live === 'INVITE' ? hash : null,
          resetLinkHash: live === 'RESET' ? hash : null,
          roleId: 'inspector',
          version: 3,
        },
      };
    }
    if (command instanceof QueryCommand) {
      events.push('query');
      return { Items: [] };
    }
    if (command instanceof TransactWriteCommand) {
      events.push('transact');
      throw new Error('stop before the write');
    }
    throw new Error(`unexpected ${String(command)}`);
  });
  const db = { doc: { send }, tableName: 'test', cursorKey: Buffer.alloc(32) } as unknown as Db;
  const deps: Deps = { db, jwtSecret: 'secret', region: 'UK', now: () => NOW };
  return { deps, events };
}

const resetBody = { token: TOKEN, password: 'New-Passw0rd!' };
const registerBody: RegistrationBody = {
  token: TOKEN,
  first_name: 'New',
  last_name: 'User',
  phone: '',
  phone_ext: '',
  position: '',
  password: 'New-Passw0rd!',
  electronicSignatureAuthorization: false,
  dataPolicySignature: true,
};

type ResetRequest = Parameters<typeof resetPassword>[0];
type RegisterRequest = Parameters<typeof register>[0];

describe('a reset link', () => {
  it('unknown: answers the invalid-link error after one read, without hashing the password', async () => {
    const { deps, events } = fakeDeps();
    const answer = resetPassword({ body: resetBody, deps } as unknown as ResetRequest);
    await expect(answer).rejects.toThrow(new NotFoundError(INVALID_LINK.RESET));
    await expect(answer).rejects.toBeInstanceOf(NotFoundError);
    expect(events).toEqual(['get LINK']);
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('of the other kind (an invitation token) is unknown too, and not hashed for', async () => {
    const { deps, events } = fakeDeps('INVITE');
    await expect(resetPassword({ body: resetBody, deps } as unknown as ResetRequest)).rejects.toThrow(
      INVALID_LINK.RESET,
    );
    expect(events).toEqual(['get LINK']);
  });

  it('live: the link and its user are read first, the password hashed, then the one transaction', async () => {
    const { deps, events } = fakeDeps('RESET');
    await expect(resetPassword({ body: resetBody, deps } as unknown as ResetRequest)).rejects.toThrow(
      'stop before the write',
    );
    expect(events).toEqual(['get LINK', 'get USER', 'hash', 'query', 'transact']);
    expect(hashPassword).toHaveBeenCalledWith('New-Passw0rd!');
  });
});

describe('an invitation link at registration', () => {
  it('unknown: answers the invalid-link error after one read, without hashing the password', async () => {
    const { deps, events } = fakeDeps();
    await expect(register({ body: registerBody, deps } as unknown as RegisterRequest)).rejects.toThrow(
      new NotFoundError(INVALID_LINK.INVITE),
    );
    expect(events).toEqual(['get LINK']);
    expect(hashPassword).not.toHaveBeenCalled();
  });

  it('live: the password is hashed only after the link and its user are read', async () => {
    const { deps, events } = fakeDeps('INVITE');
    await expect(register({ body: registerBody, deps } as unknown as RegisterRequest)).rejects.toThrow(
      'stop before the write',
    );
    expect(events).toEqual(['get LINK', 'get USER', 'hash', 'query', 'transact']);
  });
});
