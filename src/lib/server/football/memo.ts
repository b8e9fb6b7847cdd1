/**
 * A keyed cache with a lifetime and a size bound (oldest entry evicted first). Concurrent misses of
 * one key share one load. clear() drops everything, including loads under way, so data read
 * before an import is never stored after it.
 */
export function createMemo<T>(ttlMs: number, maxEntries = 500, now: () => number = Date.now) {
  const values = new Map<string, { data: T; expires: number }>();
  const loading = new Map<string, Promise<T>>();
  let generation = 0;
  return {
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = values.get(key);
      if (hit && hit.expires > now()) return hit.data;
      const pending = loading.get(key);
      if (pending) return pending;
      const started = generation;
      const p = load()
        .then((data) => {
          if (started === generation) {
            values.delete(key);
            values.set(key, { data, expires: now() + ttlMs });
            while (values.size > maxEntries) values.delete(values.keys().next().value!);
          }
          return data;
        })
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
