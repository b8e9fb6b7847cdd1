/**
 * A request target made safe to send back as a link or a redirect to the same site: its path and
 * query with one leading slash. '//host/…' or '/\host/…' would otherwise name another site, and so
 * would a target in absolute form ('http://host/…', which HTTP allows a client to send), of which
 * only the path and query are kept. Anything else (the '*' of OPTIONS) is the home page.
 */
export function ownPath(target: string): string {
  let path = target;
  if (!/^[/\\]/.test(path)) {
    if (!URL.canParse(path)) return '/';
    const url = new URL(path);
    path = url.pathname + url.search;
  }
  return '/' + path.replace(/^[/\\]+/, '');
}
