// Password hashes take turns (src/lib/server/argon2.ts): at most HASH_CONCURRENCY run on libuv's
// thread pool at once, so a burst of sign-ins leaves threads for static files and compression.
import { describe, expect, it } from 'vitest';
import { createHasher, HASH_CONCURRENCY, limitConcurrency } from '../../src/lib/server/argon2.ts';

describe('limitConcurrency', () => {
  it('runs at most n tasks at once, the others in the order they came, and a failure frees its place', async () => {
    const limit = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => async () => {
      started.push(i);
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      if (i === 1) throw new Error('gagal');
      return i;
    };
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => limit(task(i))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'gagal'))).toEqual([0, 'gagal', 2, 3, 4, 5]);
  });
});

describe('argon2 hasher', () => {
  it('takes two at a time and still verifies every password', async () => {
    expect(HASH_CONCURRENCY).toBe(2);
    const hasher = createHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1, outputLen: 32 });
    const hashes = await Promise.all(['Rahasia1', 'Rahasia2', 'Rahasia3', 'Rahasia4', 'Rahasia5'].map((p) => hasher.hash(p)));
    const checks = await Promise.all(hashes.map((h, i) => hasher.verify(h, `Rahasia${i + 1}`)));
    expect(checks).toEqual([true, true, true, true, true]);
    expect(await hasher.verify(hashes[0]!, 'Rahasia2')).toBe(false);
    expect(await hasher.verify('bukan-hash', 'Rahasia1')).toBe(false);
  });
});
