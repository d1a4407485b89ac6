import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../engine/tenant-registry';
import { ANALYTICS_EVENTS, TEST_DRIVE_EVENTS } from './analytics-events';

describe('analytics event ids (conversion §7 item 12, §9)', () => {
  it("are exactly the spec's ids: 4, 9, 18, 25, 26, 39, 49, 60, 61 and the enquiry ids 14, 15, 17, 22, 48, 51", () => {
    expect(Object.values(ANALYTICS_EVENTS).sort((a, b) => a - b)).toEqual([
      4, 9, 14, 15, 17, 18, 22, 25, 26, 39, 48, 49, 51, 60, 61,
    ]);
  });

  it('counts 17 and 48 as test drives, and no other enquiry (conversion §7 item 12)', () => {
    expect([...TEST_DRIVE_EVENTS].sort((a, b) => a - b)).toEqual([17, 48]);
    expect(TEST_DRIVE_EVENTS.has(ANALYTICS_EVENTS.generalEnquiry)).toBe(false);
  });

  it('every standard form fires one of them', () => {
    const known = new Set<number>(Object.values(ANALYTICS_EVENTS));
    const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
    if (!entry?.ok) throw new Error('demo tenant did not load');
    for (const form of Object.values(entry.config.forms)) {
      expect(known.has(form!.event)).toBe(true);
      for (const id of Object.values(form!.eventByCarType ?? {})) expect(known.has(id)).toBe(true);
    }
  });
});
