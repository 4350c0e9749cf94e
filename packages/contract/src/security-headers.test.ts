import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('contentSecurityPolicy', () => {
  const origins = { webSocket: 'wss://ws.example.com', storage: 'https://bucket.s3.example.com' };

  it('lets the browser connect to the WebSocket API and the storage, and load images from the storage', () => {
    const policy = contentSecurityPolicy(origins);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'wss://ws.example.com',
      'https://bucket.s3.example.com',
    ]);
    expect(directive(policy, 'img-src')).toContain('https://bucket.s3.example.com');
    // Scripts from the site alone; compiling WebAssembly (the PDF viewer's engine) and nothing more.
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
  });

  it("adds the user manuals' CMS for its posts and their images, and only when there is one", () => {
    const policy = contentSecurityPolicy({ ...origins, cms: 'https://help.example.com' });
    expect(directive(policy, 'connect-src')).toContain('https://help.example.com');
    expect(directive(policy, 'img-src')).toContain('https://help.example.com');
    expect(directive(policy, 'frame-src')).toBeUndefined();
    expect(contentSecurityPolicy(origins)).not.toContain('help.example.com');
  });
});
