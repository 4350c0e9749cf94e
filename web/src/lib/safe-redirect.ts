/**
 * The sign-in page's `to` query (the return path) only ever leads inside this app: a same-origin
 * path, never a protocol-relative or absolute URL, and never back to sign-in or sign-out.
 */
export function safeRedirect(to: string | null | undefined): string | null {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return null;
  const path = to.split(/[?#]/)[0]!;
  if (path === '/login' || path === '/logout') return null;
  return to;
}
