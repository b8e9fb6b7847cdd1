// Where an admin goes back to after signing in: the back-office page that sent them to the sign-in
// (/admin/login?next=/admin/member%3Fid%3D7). The server reads it for the login page, the browser
// again before it navigates, so a crafted ?next= can only ever lead to a page of the back office.

/** The sign-in steps themselves are no place to return to. */
export const SIGN_IN_STEPS: ReadonlySet<string> = new Set(['/admin/login', '/admin/2fa', '/admin/password']);
const MAX_LENGTH = 500;

/** `value` as a back-office path with its query (no origin, no fragment), or null. */
export function adminReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !value.startsWith('/')) return null;
  // '//host' and '/\host' are other origins to a browser; control characters are no part of a path.
  if (value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://gelora.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://gelora.invalid') return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path !== '/admin' && !path.startsWith('/admin/')) return null;
  if (SIGN_IN_STEPS.has(path)) return null;
  return path + url.search;
}

/** The sign-in page's address for a page that needs a session (the dashboard needs no ?next=). */
export function adminLoginHref(from: string): string {
  const back = adminReturnPath(from);
  return back && back !== '/admin' ? `/admin/login?next=${encodeURIComponent(back)}` : '/admin/login';
}
