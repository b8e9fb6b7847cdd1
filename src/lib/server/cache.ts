/**
 * A single-value cache with a lifetime. Concurrent misses share one load, so a burst of requests
 * after expiry runs the query once. clear() also discards a load already under way, so a value read
 * before an admin's save is never stored after it.
 */
export function createCache<T>(ttlMs: number, now: () => number = Date.now) {
  let value: { data: T; expires: number } | undefined;
  let loading: Promise<T> | undefined;
  let generation = 0;
  return {
    async get(load: () => Promise<T>): Promise<T> {
      if (value && value.expires > now()) return value.data;
      if (!loading) {
        const started = generation;
        loading = load()
          .then((data) => {
            if (started === generation) value = { data, expires: now() + ttlMs };
            return data;
          })
          .finally(() => {
            if (started === generation) loading = undefined;
          });
      }
      return loading;
    },
    /** The last value loaded, even past its lifetime (undefined after clear): for a page that must not wait on the database. */
    peek(): T | undefined {
      return value?.data;
    },
    clear(): void {
      generation += 1;
      value = undefined;
      loading = undefined;
    },
  };
}
