import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetUrl, html, reportDocument } from '@stormline/functions/lib/reports/html';
import {
  closeReportBrowser,
  printPart,
  type RefusedRequest,
} from '@stormline/functions/lib/reports/chromium';
import { orientedPhoto } from '../support/printing';
import { testFileStore } from '../support/site-maps';

/**
 * Chromium prints only what the part lists (docs/decisions/0042, issue 22 safety): an S3 key the
 * part does not list, any other origin, even this machine's own servers, is refused by request
 * interception and never reached; a listed key is answered from storage; text stays text.
 */

const store = testFileStore();
let server: http.Server;
let hits = 0;
let origin: string;
const listed = `findings/north/${crypto.randomUUID()}.png`;
const unlisted = `findings/south/${crypto.randomUUID()}.png`;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const photo = await orientedPhoto('Listed');
  await store.put(listed, photo, 'image/png');
  await store.put(unlisted, photo, 'image/png');
});

afterAll(async () => {
  server.close();
  await closeReportBrowser();
});

function textOf(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'part-')), 'part.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('printing a part', () => {
  it('answers listed assets from storage and refuses every other request, which never reaches its server', async () => {
    const refused: RefusedRequest[] = [];
    const pdf = await printPart({
      html: reportDocument({
        title: 'Part',
        body: html`<h1>Selectable heading</h1>
          <img src="${assetUrl(listed)}" alt="listed" />
          <img src="${assetUrl(unlisted)}" alt="unlisted" />
          <img src="${origin}/tracker.png" alt="outside" />
          <iframe src="${origin}/frame"></iframe>
          <link rel="prefetch" href="${origin}/prefetch" />
          <link rel="preconnect" href="${origin}" />
          <link rel="dns-prefetch" href="${origin}" />
          <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="inline" />`,
        css: `body { background: url('${origin}/background.png'); } @import url('${origin}/style.css');`,
      }),
      assets: [listed],
      store,
      onRefused: (r) => refused.push(r),
    });
    expect(hits).toBe(0);
    expect(refused).toContainEqual({ url: assetUrl(unlisted), reason: 'not-listed' });
    expect(refused.some((r) => r.url.startsWith(origin) && r.reason === 'not-an-asset')).toBe(true);
    expect(refused.some((r) => r.url.includes(listed))).toBe(false);
    expect(textOf(pdf)).toContain('Selectable heading');
  });

  it('fails the part when a listed photo is missing from storage', async () => {
    await expect(
      printPart({
        html: reportDocument({
          title: 'Part',
          body: html`<img src="${assetUrl('findings/north/gone.png')}" />`,
        }),
        assets: ['findings/north/gone.png'],
        store,
      }),
    ).rejects.toThrow(/missing/);
  });
});
