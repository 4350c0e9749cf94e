import { describe, expect, it } from 'vitest';
import { ROUTES } from '@stormline/contract/route-table';
import { WebConfig } from '@stormline/contract/web-config';
import { createDivision, getDivision } from '@stormline/data/divisions';
import { createDb } from '@stormline/data/dynamo';
import { asRoute } from '@stormline/local/gateway';
import { baseUrl, NORTH } from '../support/api';
import { runtimeEnv } from '../support/runtime';

const routeByKey = (key: string) => ROUTES.find((r) => r.key === key)!;

describe('table rights on one machine, as in AWS', () => {
  it('lets a GET route read but not write, and a POST route write', async () => {
    const env = runtimeEnv();
    const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
    const get = routeByKey('GET /api/divisions');
    await expect(asRoute(get, () => getDivision(db, NORTH))).resolves.toMatchObject({ id: NORTH });
    await expect(asRoute(get, () => createDivision(db, { name: 'Written by a GET' }))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    const post = routeByKey('POST /api/divisions');
    await expect(
      asRoute(post, () => createDivision(db, { name: 'Written by a POST' })),
    ).resolves.toMatchObject({
      name: 'Written by a POST',
    });
    db.doc.destroy();
  });
});

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
