import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { assetKeyOf } from '@stormline/functions/lib/reports/html';
import type { ReportPlan } from '@stormline/functions/lib/reports/report-plan';
import { testFileStore } from './site-maps';

/**
 * A way to LOOK at a report plan (issue 22: every report kind looked at as pictures): each HTML part
 * printed to PDF by Debian chromium, its images answered from s3rver for the part's own listed keys
 * only (as the job's request interception does), then every page rendered to PNG with pdftoppm
 * into test/artifacts/<name>/ (gitignored), to be opened and judged. Not the job's printing (that is
 * the report job's chromium.ts); this only shows what the planners' HTML looks like on paper.
 * Returns the page count of each part.
 */
export async function lookAtPlan(plan: ReportPlan, name: string): Promise<number[]> {
  const dir = path.resolve('test/artifacts', name);
  mkdirSync(dir, { recursive: true });
  const store = testFileStore();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const pages: number[] = [];
  try {
    let index = 0;
    for (const part of plan.parts) {
      index++;
      if (part.kind !== 'html') continue;
      const page = await browser.newPage();
      const allowed = new Set(part.assets);
      await page.route('**/*', async (route) => {
        const key = assetKeyOf(route.request().url());
        if (!key || !allowed.has(key)) return route.abort();
        const size = await store.size(key);
        if (!size) return route.abort();
        const body = Buffer.from(await store.readRange(key, 0, size - 1));
        return route.fulfill({ status: 200, body });
      });
      await page.setContent(part.html, { waitUntil: 'networkidle' });
      const pdf = await page.pdf({
        // The paper the Plan step would add: the tests' runtime is the UK variant (A4).
        format: plan.paper ?? 'A4',
        landscape: part.orientation === 'landscape',
        preferCSSPageSize: true,
        printBackground: true,
      });
      await page.close();
      const stem = path.join(dir, `${String(index).padStart(2, '0')}`);
      writeFileSync(`${stem}.pdf`, pdf);
      execFileSync('pdftoppm', ['-png', '-r', '60', `${stem}.pdf`, stem]);
      const info = execFileSync('pdfinfo', [`${stem}.pdf`]).toString();
      pages.push(Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0));
    }
  } finally {
    await browser.close();
  }
  return pages;
}
