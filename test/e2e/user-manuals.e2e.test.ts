import { describe, expect, it } from 'vitest';
import { describeViolations, seriousAxeViolations } from './axe';
import { VIEWPORTS, demoAccount, mainNavigation, screenshot, signIn, useBrowser } from './browser';

const INSPECTOR = demoAccount('inspector@example.com');
const newPage = useBrowser();

/** The local runtime's CMS (local/src/cms) in WordPress's REST shape, which config.json names. */
const POSTS = '**/cms/wp-json/wp/v2/posts**';

describe('user manuals (spec 001 §2 /user-manuals, §8)', () => {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    it(`lists the CMS's manuals and opens one, with no serious axe violation (${width})`, async () => {
      const page = await newPage(viewport);
      await signIn(page, INSPECTOR);
      if (width === 'desktop') {
        await mainNavigation(page).getByRole('link', { name: 'User Manuals' }).click();
      } else {
        await page.goto('/user-manuals');
      }
      await page.getByRole('heading', { level: 1, name: 'User Manuals' }).waitFor();
      const titles = page.getByRole('heading', { level: 2 });
      await titles.first().waitFor();
      expect(await titles.allTextContents()).toEqual([
        'Certify an inspection',
        'Invite a user',
        'Run an inspection',
      ]);
      expect(describeViolations(await seriousAxeViolations(page))).toBe('');
      await screenshot(page, `user-manuals-${viewport.width}`);

      await page.getByRole('link', { name: 'Run an inspection' }).click();
      await page.getByRole('heading', { level: 1, name: 'Run an inspection' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/user-manuals/run-an-inspection');
      expect(await page.getByRole('heading', { level: 2, name: 'Record findings' }).isVisible()).toBe(true);
      expect(describeViolations(await seriousAxeViolations(page))).toBe('');
      await screenshot(page, `user-manual-${viewport.width}`);
    });
  }

  it("runs none of a manual's scripts: the CMS's markup is sanitized in the browser", async () => {
    const page = await newPage();
    await signIn(page, INSPECTOR);
    // A CMS that was broken into: the post carries script in every form a page could run.
    await page.route(POSTS, (route) =>
      route.fulfill({
        json: [
          {
            id: 9,
            slug: 'tampered',
            modified: '2026-11-01T00:00:00',
            title: { rendered: 'Tampered <img src=x onerror="window.hacked=1">' },
            excerpt: { rendered: '' },
            content: {
              rendered:
                '<h2>Still readable</h2><script>window.hacked = 2</script>' +
                '<img src="x" onerror="window.hacked = 3" alt="broken">' +
                '<a href="javascript:window.hacked=4">Click me</a>' +
                '<iframe src="javascript:parent.hacked=5"></iframe><p onmouseover="window.hacked=6">Hover</p>',
            },
          },
        ],
      }),
    );
    await page.goto('/user-manuals/tampered');
    await page.getByRole('heading', { level: 2, name: 'Still readable' }).waitFor();
    await page.getByText('Hover').hover();
    // Its javascript: address is gone, so it is no longer a link; clicking it does nothing.
    await page.getByText('Click me').click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { hacked?: unknown }).hacked)).toBeUndefined();
    const article = await page.locator('main').innerHTML();
    expect(article).not.toMatch(/<script|<iframe|onerror|onmouseover|javascript:/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tampered');
  });

  it("says 'No manuals found' when the CMS fails", async () => {
    const page = await newPage();
    await signIn(page, INSPECTOR);
    await page.route(POSTS, (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/user-manuals');
    await page.getByText('No manuals found').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(0);
  });
});
