import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@stormline/contract/route-table';
import { cloudSecurityHeaders, localSecurityHeaders } from '@stormline/contract/security-headers';
import { WebConfig } from '@stormline/contract/web-config';
import { createDivision, getDivision } from '@stormline/data/divisions';
import { createDb } from '@stormline/data/dynamo';
import { cacheForecast, getCachedForecast } from '@stormline/data/weather-cache';
import { asRoute } from '@stormline/local/gateway';
import { baseUrl, NORTH, tokenFor } from '../support/api';
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

  it('lets the weather route put its own cache items and nothing else', async () => {
    const env = runtimeEnv();
    const db = createDb({ tableName: env.TABLE_NAME!, endpoint: env.DYNAMODB_ENDPOINT });
    const weather = routeByKey('GET /api/weather/{lat}/{lon}');
    const place = { latitude: '10.00', longitude: '20.00', hour: '2026-01-01T00' };
    const forecast = { temperatureUnit: 'celsius' as const, days: [] };
    await expect(
      asRoute(weather, () => cacheForecast(db, place, forecast, new Date('2026-01-01T01:00:00Z'))),
    ).resolves.toBeUndefined();
    await expect(asRoute(weather, () => getCachedForecast(db, place, 'celsius'))).resolves.toEqual(forecast);
    const otherItem = new PutCommand({ TableName: db.tableName, Item: { pk: 'USER#weather', sk: 'USER' } });
    await expect(asRoute(weather, () => db.doc.send(otherItem))).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    await expect(
      asRoute(weather, () => createDivision(db, { name: 'Written by the weather' })),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
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

describe('security headers on one machine, as CloudFront sends them', () => {
  const SECURITY_HEADERS = [
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'content-security-policy',
  ];
  const sent = (response: Response) =>
    Object.fromEntries(
      SECURITY_HEADERS.filter((name) => response.headers.has(name)).map((name) => [
        name,
        response.headers.get(name),
      ]),
    );
  const directives = (policy: string) =>
    Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return [name!, sources];
      }),
    );
  const webSocketOrigin = () => `ws://${new URL(baseUrl()).host}`;
  // Presigned uploads and downloads go to the local storage (s3rver) on one machine.
  const storageOrigin = () => new URL(runtimeEnv().S3_ENDPOINT!).origin;

  it('sends them on the SPA page, an /assets/ file, /config.json and an API answer', async () => {
    const page = await fetch(`${baseUrl()}/`);
    const html = await page.text();
    const asset = html.match(/\/assets\/[^"']+\.js/)?.[0];
    expect(asset, 'index.html loads a script from /assets/').toBeDefined();
    const responses = {
      '/': page,
      [asset!]: await fetch(`${baseUrl()}${asset}`),
      '/config.json': await fetch(`${baseUrl()}/config.json`),
      'GET /api/divisions, no token (401)': await fetch(`${baseUrl()}/api/divisions`),
      'GET /api/users/profile': await fetch(`${baseUrl()}/api/users/profile`, {
        headers: { authorization: `Bearer ${await tokenFor('admin@example.com')}` },
      }),
    };
    for (const [what, response] of Object.entries(responses)) {
      expect(response.status, what).toBeLessThan(500);
      expect(sent(response), what).toEqual(
        localSecurityHeaders({ webSocket: webSocketOrigin(), storage: storageOrigin() }),
      );
    }
    expect(responses['GET /api/divisions, no token (401)'].status).toBe(401);
    expect(responses['GET /api/users/profile'].status).toBe(200);
  });

  it('sends the cloud’s Content-Security-Policy for its own WebSocket and storage origins, and no wildcard host', async () => {
    const local = directives((await fetch(`${baseUrl()}/`)).headers.get('content-security-policy')!);
    const origins = { webSocket: webSocketOrigin(), storage: storageOrigin() };
    expect(local).toEqual(directives(cloudSecurityHeaders(origins)['content-security-policy']!));
    expect(local['connect-src']).toEqual(["'self'", origins.webSocket, origins.storage]);
    expect(local['img-src']).toContain(origins.storage);
    expect(webSocketOrigin()).toMatch(/^ws:\/\/localhost:\d+$/);
    expect(local['form-action']).toEqual(["'self'"]);
  });

  it('sends no Strict-Transport-Security over plain HTTP, where browsers ignore it', async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(
      cloudSecurityHeaders({ webSocket: 'wss://x', storage: 'https://y' })['strict-transport-security'],
    ).toBe('max-age=31536000; includeSubDomains');
  });
});
