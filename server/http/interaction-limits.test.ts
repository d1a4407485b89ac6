import { describe, expect, it } from 'vitest';
import { PHONE_REVEALS_PER_WINDOW, phoneRevealAllowed, VIEW_WINDOW_MS, viewCounts } from './interaction-limits';

// Issue 14: view counts and phone reveals could be inflated by one caller.
describe('vehicle page interactions are limited per address', () => {
  it('counts one view per address per car in 30 minutes', () => {
    const t = 1_000_000;
    expect(viewCounts('site-a', '203.0.113.1', 7, t)).toBe(true);
    expect(viewCounts('site-a', '203.0.113.1', 7, t + 60_000)).toBe(false);
    expect(viewCounts('site-a', '203.0.113.1', 8, t + 60_000)).toBe(true);
    expect(viewCounts('site-a', '203.0.113.2', 7, t + 60_000)).toBe(true);
    expect(viewCounts('site-b', '203.0.113.1', 7, t + 60_000)).toBe(true);
    expect(viewCounts('site-a', '203.0.113.1', 7, t + VIEW_WINDOW_MS)).toBe(true);
  });

  it(`lets ${PHONE_REVEALS_PER_WINDOW} phone reveals through per address, then refuses`, () => {
    const t = 5_000_000;
    for (let i = 0; i < PHONE_REVEALS_PER_WINDOW; i++)
      expect(phoneRevealAllowed('site-a', '198.51.100.9', t)).toBe(true);
    expect(phoneRevealAllowed('site-a', '198.51.100.9', t)).toBe(false);
    expect(phoneRevealAllowed('site-a', '198.51.100.10', t)).toBe(true);
  });
});
