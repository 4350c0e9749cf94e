import { randomBytes } from 'node:crypto';
// hash-wasm's argon2 build alone (30 KB): its package index carries every algorithm (212 KB).
import argon2 from 'hash-wasm/dist/argon2.umd.min.js';

const { argon2id, argon2Verify } = argon2;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. WebAssembly, so Lambda bundles need no native binary. */
const PARAMS = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2id({ ...PARAMS, password, salt: randomBytes(16), outputType: 'encoded' });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return argon2Verify({ password, hash });
}

let decoy: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash, so a sign-in with an unknown email costs the same time as
 * one with a known email and a wrong password (no account enumeration by timing).
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(password, await decoy);
  return false;
}
