/**
 * A request target (path and query) made safe to send back as a link or a redirect to the same
 * site: one leading slash. '//host/…' or '/\host/…' in a request would otherwise name another site.
 */
export function ownPath(target: string): string {
  return target.replace(/^[/\\]+/, '/');
}
