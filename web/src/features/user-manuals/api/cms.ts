import useSWR from 'swr';
import * as z from 'zod/mini';
import { cacheKey } from '../../../lib/cache-keys';
import { getRuntimeConfig } from '../../../lib/runtime-config';

/**
 * The user manuals live in a CMS (spec 001 §1: the user-manual CMS base URL of config.json),
 * read through its posts endpoint in the shape of the WordPress REST API. This adapter is the
 * only code that knows that shape: a manual is a post, its slug the page's address. A missing
 * URL, a failed request or an answer of another shape all read as "no manuals" (spec 001 §7).
 */
const Rendered = z.object({ rendered: z.string() });
const PostSummary = z.object({
  id: z.number(),
  slug: z.string(),
  title: Rendered,
  excerpt: Rendered,
  modified: z.string(),
});
const Post = z.extend(PostSummary, { content: Rendered });

export interface ManualSummary {
  slug: string;
  title: string;
  /** Plain text. */
  excerpt: string;
  modified: string;
}
export interface Manual extends ManualSummary {
  /** The manual's HTML as the CMS renders it; sanitize before showing it. */
  html: string;
}

/** The CMS's base URL from config.json, resolved against the site (the local runtime names a path). */
function cmsBaseUrl(): string | null {
  const configured = getRuntimeConfig().userManualCmsUrl?.trim();
  if (!configured) return null;
  return new URL(configured, window.location.origin).href.replace(/\/+$/, '');
}

async function fetchPosts<T>(query: Record<string, string>, schema: z.ZodMiniType<T>): Promise<T[]> {
  const base = cmsBaseUrl();
  if (!base) return [];
  const url = `${base}/wp-json/wp/v2/posts?${new URLSearchParams(query).toString()}`;
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'omit' });
  if (!response.ok) throw new Error(`The manuals could not be loaded (HTTP ${response.status})`);
  return z.array(schema).parse(await response.json());
}

/** Text of a CMS field that may carry markup and entities (titles and excerpts are HTML in WordPress). */
export function plainText(html: string): string {
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();
}

const summary = (post: z.infer<typeof PostSummary>): ManualSummary => ({
  slug: post.slug,
  title: plainText(post.title.rendered),
  excerpt: plainText(post.excerpt.rendered),
  modified: post.modified,
});

export async function listManuals(): Promise<ManualSummary[]> {
  const posts = await fetchPosts(
    { per_page: '100', orderby: 'title', order: 'asc', _fields: 'id,slug,title,excerpt,modified' },
    PostSummary,
  );
  return posts.map(summary);
}

export async function getManual(slug: string): Promise<Manual | null> {
  const [post] = await fetchPosts({ slug, _fields: 'id,slug,title,excerpt,modified,content' }, Post);
  return post ? { ...summary(post), html: post.content.rendered } : null;
}

/** Failures read as no manuals: the screen says 'No manuals found' (spec 001 §8). */
const orNone =
  <T>(load: () => Promise<T>, none: T) =>
  () =>
    load().catch(() => none);

export function useManuals() {
  return useSWR(cacheKey(null, 'user-manuals/list'), orNone(listManuals, []), { revalidateOnFocus: false });
}

export function useManual(slug: string) {
  return useSWR(
    cacheKey(null, 'user-manuals/one', slug),
    orNone(() => getManual(slug), null),
    {
      revalidateOnFocus: false,
    },
  );
}
