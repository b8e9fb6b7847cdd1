import { describe, expect, it } from 'vitest';
import { createCache } from '../../src/lib/server/cache.ts';

describe('value cache', () => {
  it('loads once within the lifetime and again after it', async () => {
    let now = 0;
    let loads = 0;
    const cache = createCache<number>(1000, () => now);
    const load = async () => ++loads;
    expect(await cache.get(load)).toBe(1);
    now = 999;
    expect(await cache.get(load)).toBe(1);
    now = 1000;
    expect(await cache.get(load)).toBe(2);
  });
  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const cache = createCache<number>(1000);
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    const values = await Promise.all(Array.from({ length: 10 }, () => cache.get(load)));
    expect(values).toEqual(Array(10).fill(1));
    expect(loads).toBe(1);
  });
  it('clear() drops the value and a load already under way', async () => {
    let loads = 0;
    const cache = createCache<number>(60_000);
    let release!: () => void;
    const slow = () => new Promise<number>((r) => (release = () => r(++loads)));
    const pending = cache.get(slow);
    cache.clear();
    release();
    expect(await pending).toBe(1);
    // The value read before clear() must not be served after it.
    expect(await cache.get(async () => 42)).toBe(42);
  });
  it('does not keep a failed load', async () => {
    const cache = createCache<number>(60_000);
    await expect(cache.get(() => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get(async () => 7)).toBe(7);
  });
  it('peek() gives the last value even past its lifetime, and nothing before a load or after clear()', async () => {
    let now = 0;
    const cache = createCache<number>(1000, () => now);
    expect(cache.peek()).toBeUndefined();
    await cache.get(async () => 5);
    now = 5000;
    expect(cache.peek()).toBe(5);
    await expect(cache.get(() => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(cache.peek()).toBe(5);
    cache.clear();
    expect(cache.peek()).toBeUndefined();
  });
});
