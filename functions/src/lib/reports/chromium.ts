import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser, type HTTPRequest } from 'puppeteer-core';
import type { FileStore } from '../file-store';
import { optionalEnv } from '../env';
import type { PaperName } from '@stormline/domain/report-rules';
import { assetKeyOf, PAGE } from './html';

/**
 * Chromium, printing one HTML part to PDF (docs/decisions/0042). In Lambda it is
 * @sparticuz/chromium's build (x86_64: the npm package carries no arm64 binary, so the render
 * task's Lambda is x86_64), unpacked from the `chromium/` folder the bundler puts beside the
 * handler; on one machine Debian's /usr/bin/chromium (CHROMIUM_PATH names another). One browser
 * per process, kept across warm invocations and local executions; a page per part.
 */

/**
 * No host resolves and nothing is fetched ahead: every asset a part may load is answered by request
 * interception, so even a request interception does not see (a `<link rel=prefetch>`) has nowhere
 * to go. A second wall behind the escaping `html` writer.
 */
const NO_NETWORK_ARGS = [
  // Every request Chromium would send goes to a proxy that is not there, this machine's own too.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--disable-features=NetworkPrediction,Prefetch,PreloadMediaEngagementData',
  '--dns-prefetch-disable',
];

/** The flags a single machine's Chromium runs with: headless, nothing fetched on its own. */
export const LOCAL_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
  ...NO_NETWORK_ARGS,
];

const LOCAL_CHROMIUM = '/usr/bin/chromium';

let browser: Promise<Browser> | undefined;

async function launch(): Promise<Browser> {
  const inLambda = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) && !optionalEnv('CHROMIUM_PATH');
  if (inLambda) {
    const { default: lambdaChromium } = await import('@sparticuz/chromium');
    const here = path.dirname(fileURLToPath(import.meta.url));
    // As @sparticuz/chromium documents it: a headless-shell build, its own flags on puppeteer's defaults.
    return puppeteer.launch({
      executablePath: await lambdaChromium.executablePath(path.join(here, 'chromium')),
      args: await puppeteer.defaultArgs({
        args: [...lambdaChromium.args, ...NO_NETWORK_ARGS],
        headless: 'shell',
      }),
      headless: 'shell',
    });
  }
  return puppeteer.launch({
    executablePath: optionalEnv('CHROMIUM_PATH') ?? LOCAL_CHROMIUM,
    args: LOCAL_CHROMIUM_ARGS,
    headless: true,
  });
}

/** The process's browser, started on first use and again if it went away. */
export async function reportBrowser(): Promise<Browser> {
  const current = browser ? await browser.catch(() => undefined) : undefined;
  if (current?.connected) return current;
  browser = launch();
  browser.catch(() => {
    browser = undefined;
  });
  return browser;
}

/** Closes the process's browser (the local runtime's stop, tests). */
export async function closeReportBrowser(): Promise<void> {
  const current = browser;
  browser = undefined;
  if (current) await (await current.catch(() => null))?.close().catch(() => undefined);
}

/** A refused request of a part: what the printer was asked to fetch and did not. */
export interface RefusedRequest {
  url: string;
  reason: 'not-listed' | 'not-an-asset' | 'missing';
}

const MIME_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

function sniffImageType(bytes: Uint8Array, key: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return MIME_OF_EXTENSION[extension] ?? 'application/octet-stream';
}

export interface PrintPartOptions {
  html: string;
  /** The S3 keys this part may load; every other request is aborted. */
  assets: readonly string[];
  store: Pick<FileStore, 'size' | 'readRange'>;
  orientation?: 'portrait' | 'landscape';
  /** The deployment's paper (report-rules.ts `paperOf`); Letter when not given. */
  paper?: PaperName;
  /** Told of each request refused (tests, logs). */
  onRefused?: (refused: RefusedRequest) => void;
}

/** An asset the part lists whose object is gone: the report cannot be printed as asked. */
export class MissingAssetError extends Error {
  override readonly name = 'MissingAssetError';
}

/**
 * Prints one part's HTML to PDF. Requests: data: URLs are served by Chromium itself; an asset URL
 * whose key the part lists is answered from S3; anything else (another key, another origin, a
 * typed URL that escaped nothing) is aborted. Text stays text: Chromium's PDF keeps the glyphs.
 */
export async function printPart(options: PrintPartOptions): Promise<Uint8Array> {
  const allowed = new Set(options.assets);
  const page = await (await reportBrowser()).newPage();
  const missing: string[] = [];
  try {
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      void answer(request).catch(() => request.abort('failed').catch(() => undefined));
    });
    const answer = async (request: HTTPRequest) => {
      const url = request.url();
      if (url.startsWith('data:')) return request.continue();
      const key = assetKeyOf(url);
      if (key === null || !allowed.has(key)) {
        options.onRefused?.({ url, reason: key === null ? 'not-an-asset' : 'not-listed' });
        return request.abort('blockedbyclient');
      }
      const size = await options.store.size(key);
      if (!size) {
        missing.push(key);
        options.onRefused?.({ url, reason: 'missing' });
        return request.abort('failed');
      }
      const body = await options.store.readRange(key, 0, size - 1);
      return request.respond({
        status: 200,
        contentType: sniffImageType(body, key),
        body: Buffer.from(body),
      });
    };
    await page.setContent(options.html, { waitUntil: 'load', timeout: 60_000 });
    // Every image decoded before printing, so none prints blank or half-loaded.
    await page.evaluate(async () => {
      await Promise.all(
        Array.from(document.images).map((img) =>
          img.decode ? img.decode().catch(() => undefined) : undefined,
        ),
      );
    });
    if (missing.length > 0) throw new MissingAssetError(`A photo of the report is missing: ${missing[0]}`);
    const pdf = await page.pdf({
      format: options.paper ?? 'Letter',
      landscape: options.orientation === 'landscape',
      printBackground: true,
      preferCSSPageSize: true,
      margin: {
        top: `${PAGE.marginTopMm}mm`,
        bottom: `${PAGE.marginBottomMm}mm`,
        left: `${PAGE.marginSideMm}mm`,
        right: `${PAGE.marginSideMm}mm`,
      },
      timeout: 120_000,
    });
    return new Uint8Array(pdf);
  } finally {
    await page.close().catch(() => undefined);
  }
}
