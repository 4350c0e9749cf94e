import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from '../../../lib/runtime-config';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import UserManualRoute from './user-manual';
import UserManualsRoute from './user-manuals';

/** Posts as a WordPress site's REST API answers them. */
const POSTS = [
  {
    id: 2,
    slug: 'run-an-inspection',
    modified: '2026-10-09T09:00:00',
    title: { rendered: 'Run an inspection' },
    excerpt: { rendered: '<p>From the banner to the findings &amp; photos.</p>' },
    content: {
      rendered:
        '<h2>Start</h2><p onclick="alert(1)">Open the project.</p><script>window.hacked = true</script>' +
        '<img src="x" onerror="window.hacked = true" alt="Inspections tab">' +
        '<a href="https://example.org/epa">The permit</a> <a href="/user-manuals/certify">Certify</a>',
    },
  },
  {
    id: 1,
    slug: 'invite-a-user',
    modified: '2026-10-02T09:00:00',
    title: { rendered: 'Invite a user' },
    excerpt: { rendered: '<p>Give a colleague an account.</p>' },
    content: { rendered: '<p>Open Admin.</p>' },
  },
];

const cmsRequests: URL[] = [];

/** config.json names the CMS (or not); its posts endpoint answers `answer(url)`. */
async function serveCms(cmsUrl: string | undefined, answer: (url: URL) => Response) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname === '/config.json')
      return Response.json({ apiBaseUrl: '/', region: 'UK', userManualCmsUrl: cmsUrl });
    cmsRequests.push(url);
    return answer(url);
  });
  await loadRuntimeConfig();
}

const bySlug = (url: URL) => {
  const slug = url.searchParams.get('slug');
  return Response.json(slug ? POSTS.filter((p) => p.slug === slug) : POSTS);
};

afterEach(() => {
  vi.unstubAllGlobals();
  cmsRequests.length = 0;
});

const ADMIN = profileOf('Admin');

describe('/user-manuals', () => {
  it("lists the CMS's manuals as links, with their excerpts as plain text", async () => {
    await serveCms('https://help.example.com/', bySlug);
    renderScreen(<UserManualsRoute />, { url: '/user-manuals', profile: ADMIN });
    const link = await screen.findByRole('link', { name: 'Run an inspection' });
    expect(link.getAttribute('href')).toBe('/user-manuals/run-an-inspection');
    expect(screen.getByRole('link', { name: 'Invite a user' })).toBeTruthy();
    expect(screen.getByText('From the banner to the findings & photos.')).toBeTruthy();
    const [request] = cmsRequests;
    expect(request?.origin + request!.pathname).toBe('https://help.example.com/wp-json/wp/v2/posts');
    expect(request?.searchParams.get('per_page')).toBe('100');
  });

  it.each([
    ['the CMS has no manuals', 'https://help.example.com', () => Response.json([])],
    ['the CMS fails', 'https://help.example.com', () => new Response('oops', { status: 500 })],
    ['the CMS answers another shape', 'https://help.example.com', () => Response.json({ posts: [] })],
    ['no CMS is configured', undefined, bySlug],
  ])("says 'No manuals found' when %s", async (_case, cmsUrl, answer) => {
    await serveCms(cmsUrl, answer);
    renderScreen(<UserManualsRoute />, { url: '/user-manuals', profile: ADMIN });
    expect(await screen.findByText('No manuals found')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    if (!cmsUrl) expect(cmsRequests).toEqual([]);
  });
});

describe('/user-manuals/{slug}', () => {
  // Whether scripts are removed is proven in chromium (test/e2e/user-manuals.e2e.test.ts):
  // DOMPurify does not sanitize faithfully on happy-dom's DOM.
  it("shows the manual by its slug, and opens other sites' links in a new tab", async () => {
    await serveCms('https://help.example.com', bySlug);
    renderScreen(<UserManualRoute />, {
      url: '/user-manuals/run-an-inspection',
      path: '/user-manuals/:slug',
      profile: ADMIN,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Run an inspection' })).toBeTruthy();
    expect(screen.getByText('Open the project.')).toBeTruthy();
    const external = screen.getByRole('link', { name: 'The permit' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Certify' }).getAttribute('target')).toBeNull();
    expect(cmsRequests[0]?.searchParams.get('slug')).toBe('run-an-inspection');
  });

  it("says 'No manuals found' for a slug the CMS does not have, with a way back", async () => {
    await serveCms('https://help.example.com', bySlug);
    renderScreen(<UserManualRoute />, {
      url: '/user-manuals/nothing-here',
      path: '/user-manuals/:slug',
      profile: ADMIN,
    });
    expect(await screen.findByText('No manuals found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All manuals' }).getAttribute('href')).toBe('/user-manuals');
  });
});
