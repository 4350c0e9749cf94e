import { describe, expect, it } from 'vitest';
import { WebConfig } from '@stormline/contract/web-config';
import { baseUrl } from '../support/api';

describe('the local gateway', () => {
  it('serves the SPA for client-side routes, as CloudFront falls back to index.html', async () => {
    const response = await fetch(`${baseUrl()}/divisions/north-region/dashboard`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('serves the runtime configuration the SPA parses at start-up', async () => {
    const response = await fetch(`${baseUrl()}/config.json`);
    const config = WebConfig.parse(await response.json());
    expect(config.apiBaseUrl).toBe('/');
    expect(config.publicUser?.email).toBe('public@example.com');
  });

  it('never serves files outside web/dist', async () => {
    for (const attempt of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json', '/assets/%E0%A4%A']) {
      const response = await fetch(`${baseUrl()}${attempt}`);
      const text = await response.text();
      expect(text, attempt).not.toContain('"workspaces"');
      expect(response.status, attempt).toBeLessThan(500);
    }
  });
});
