import { describe, expect, it } from 'vitest';
import { MemoryRateLimit } from './memory-rate-limit';

describe('in-process rate limit', () => {
  it('allows max attempts per window and starts again after it', () => {
    const limit = new MemoryRateLimit(2, 1000);
    expect([limit.take('a', 0), limit.take('a', 10), limit.take('a', 20)]).toEqual([true, true, false]);
    expect(limit.take('b', 20)).toBe(true);
    expect(limit.take('a', 1001)).toBe(true);
  });
  it('never holds more than its key budget', () => {
    const limit = new MemoryRateLimit(1, 60_000, 3);
    for (const key of ['a', 'b', 'c', 'd', 'e']) expect(limit.take(key, 0)).toBe(true);
    expect(limit.take('e', 1)).toBe(false);
  });
});
