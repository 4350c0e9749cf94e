/** The argon2-only build of hash-wasm (a UMD file); its functions are the package's own. */
declare module 'hash-wasm/dist/argon2.umd.min.js' {
  import type { argon2id, argon2Verify } from 'hash-wasm';

  const argon2: { argon2id: typeof argon2id; argon2Verify: typeof argon2Verify };
  export default argon2;
}
