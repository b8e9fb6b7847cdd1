// The page's own address as a place to keep view state (?view=, ?page=): changed in place, so
// Back and reload find the same view without adding a history entry.

/** Sets `name` to `value` in the address, or removes it for null; no new history entry. */
export function replaceSearchParam(name: string, value: string | null): void {
  const url = new URL(location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}
