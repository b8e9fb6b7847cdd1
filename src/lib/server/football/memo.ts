/**
 * A keyed cache with a lifetime and a size bound (oldest entry evicted first). Concurrent misses of
 * one key share one load. clear() drops everything, including loads under way, so data read
 * before an import is never stored after it. With `failureTtlMs`, a failed load is remembered too,
 * for that long: get() rethrows its error without loading again (a provider that is down is not
 * asked again by every visitor).
 */
export function createMemo<T>(ttlMs: number, maxEntries = 500, now: () => number = Date.now, failureTtlMs = 0) {
  const values = new Map<string, { data: T; expires: number } | { error: unknown; expires: number }>();
  const loading = new Map<string, Promise<T>>();
  let generation = 0;
  const keep = (key: string, entry: { data: T; expires: number } | { error: unknown; expires: number }) => {
    values.delete(key);
    values.set(key, entry);
    while (values.size > maxEntries) values.delete(values.keys().next().value!);
  };
  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = values.get(key);
      if (hit && hit.expires > now()) {
        if ('error' in hit) throw hit.error;
        return hit.data;
      }
      const pending = loading.get(key);
      if (pending) return pending;
      const started = generation;
      const p = load()
        .then(
          (data) => {
            if (started === generation) keep(key, { data, expires: now() + ttlMs });
            return data;
          },
          (error: unknown) => {
            if (failureTtlMs > 0 && started === generation) keep(key, { error, expires: now() + failureTtlMs });
            throw error;
          },
        )
        .finally(() => {
          if (started === generation) loading.delete(key);
        });
      loading.set(key, p);
      return p;
    },
    clear(): void {
      generation += 1;
      values.clear();
      loading.clear();
    },
  };
}
