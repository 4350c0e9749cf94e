/**
 * The sign-in page's `to` query (the return path) only ever leads inside this app: a same-origin
 * path, never a protocol-relative or absolute URL, and never back to sign-in or sign-out.
 */
export function safeRedirect(to: string | null | undefined): string | null {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return null;
  // What the browser would make of it: tabs and newlines are dropped from URLs ('/\t/x.org' is
  // '//x.org'), so the resolved URL must still be this origin.
  const origin = 'https://app.invalid';
  let resolved: URL;
  try {
    resolved = new URL(to, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== origin || resolved.pathname.startsWith('//')) return null;
  if (resolved.pathname === '/login' || resolved.pathname === '/logout') return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
