import type http from 'node:http';
import { LOCAL_MANUALS, type LocalManual } from './manuals';

/** Where the local runtime's CMS answers; the SPA's config names it as userManualCmsUrl. */
export const LOCAL_CMS_PATH = '/cms';
const POSTS_PATH = `${LOCAL_CMS_PATH}/wp-json/wp/v2/posts`;

/** A post as the WordPress REST API shows it (the fields the SPA's adapter reads, and a few more). */
function toPost(manual: LocalManual) {
  return {
    id: manual.id,
    date: manual.modified,
    modified: manual.modified,
    slug: manual.slug,
    status: 'publish',
    type: 'post',
    title: { rendered: manual.title },
    excerpt: { rendered: `<p>${manual.excerpt}</p>\n`, protected: false },
    content: { rendered: manual.content.trim(), protected: false },
  };
}

function pick(post: Record<string, unknown>, fields: string | null): Record<string, unknown> {
  if (!fields) return post;
  const wanted = fields.split(',').map((f) => f.trim());
  return Object.fromEntries(Object.entries(post).filter(([key]) => wanted.includes(key)));
}

/**
 * GET /cms/wp-json/wp/v2/posts in the shape of WordPress's REST API (slug, search, page,
 * per_page up to 100, orderby title|date|modified, order, _fields; X-WP-Total and
 * X-WP-TotalPages), over the local manuals. Answers whether it handled the request.
 */
export function handleLocalCms(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
  if (!url.pathname.startsWith(LOCAL_CMS_PATH)) return false;
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };
  if (url.pathname.replace(/\/$/, '') !== POSTS_PATH || req.method !== 'GET') {
    send(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.' });
    return true;
  }
  const q = url.searchParams;
  const perPage = Number(q.get('per_page') ?? 10);
  const page = Number(q.get('page') ?? 1);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100 || !Number.isInteger(page) || page < 1) {
    send(400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page, page' });
    return true;
  }
  const slug = q.get('slug');
  const search = q.get('search')?.toLowerCase();
  const orderBy = q.get('orderby') ?? 'date';
  const direction = q.get('order') === 'asc' ? 1 : -1;
  const sortKey = (m: LocalManual) => (orderBy === 'title' ? m.title : m.modified);
  const matching = LOCAL_MANUALS.filter(
    (m) =>
      (!slug || slug.split(',').includes(m.slug)) &&
      (!search || `${m.title} ${m.content}`.toLowerCase().includes(search)),
  ).sort((a, b) => direction * sortKey(a).localeCompare(sortKey(b)));
  const rows = matching.slice((page - 1) * perPage, page * perPage);
  send(
    200,
    rows.map((m) => pick(toPost(m), q.get('_fields'))),
    {
      'x-wp-total': String(matching.length),
      'x-wp-totalpages': String(Math.max(1, Math.ceil(matching.length / perPage))),
    },
  );
  return true;
}
