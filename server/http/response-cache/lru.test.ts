import { describe, expect, it } from 'vitest';
import { MemoryLru } from './lru';

const doc = (bytes: number): Buffer => Buffer.alloc(bytes, 'a');
const lru = (options: { maxBytes: number; lifeMs: number; now?: () => number }) =>
  new MemoryLru<Buffer>({ ...options, sizeOf: (value) => value.length });

describe('MemoryLru', () => {
  it('gives a page back only under the stamp it was rendered with, and only within its life', () => {
    let now = 0;
    const store = lru({ maxBytes: 10_000, lifeMs: 30_000, now: () => now });
    const page = doc(100);
    store.set('a', 'v1/1/7', page);
    expect(store.get('a', 'v1/1/7')).toBe(page);
    // The stock generation moved: the page is dropped, not just skipped.
    expect(store.get('a', 'v1/1/8')).toBeUndefined();
    expect(store.get('a', 'v1/1/7')).toBeUndefined();
    store.set('a', 'v1/1/8', page);
    now = 29_999;
    expect(store.get('a', 'v1/1/8')).toBe(page);
    now = 30_000;
    expect(store.get('a', 'v1/1/8')).toBeUndefined();
    expect(store.size).toBe(0);
    expect(store.bytes).toBe(0);
  });

  it('stays within its budget, dropping the least recently used page first', () => {
    const store = lru({ maxBytes: 1_000, lifeMs: 60_000 });
    store.set('a', 's', doc(240));
    store.set('b', 's', doc(240));
    store.set('c', 's', doc(240));
    store.set('d', 's', doc(240));
    expect(store.get('a', 's')).toBeDefined(); // a is now the most recently used
    store.set('e', 's', doc(240));
    expect(store.get('b', 's')).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].map((key) => store.get(key, 's') !== undefined)).toEqual([true, true, true, true]);
    expect(store.bytes).toBeLessThanOrEqual(1_000);
  });

  it('keeps no page larger than a quarter of the budget, and replaces a page kept again', () => {
    const store = lru({ maxBytes: 1_000, lifeMs: 60_000 });
    expect(store.set('big', 's', doc(251))).toBe(false);
    expect(store.size).toBe(0);
    store.set('a', 's', doc(100));
    store.set('a', 's', doc(50));
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(2 + 50);
  });
});
