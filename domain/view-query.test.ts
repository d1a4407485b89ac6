import { describe, expect, it } from 'vitest';
import { changedSincePage, MAX_PHOTOS_COUNT, parseViewQuery, viewUpdatedAtParam } from './view-query';

const parse = (query: string) => parseViewQuery(new URLSearchParams(query));

// spec: catalogue §7 — GET {api}/cars/{slug}/view.json?photos_count&updated_at&website_id
describe('the view.json query (catalogue §7)', () => {
  it('reads photos_count, updated_at and website_id', () => {
    expect(parse('photos_count=12&updated_at=2026-11-20T03:04:05.006Z&website_id=southern-cross-motors')).toEqual({
      ok: true,
      query: { photosCount: 12, updatedAt: Date.UTC(2026, 10, 20, 3, 4, 5, 6), websiteId: 'southern-cross-motors' },
    });
  });

  it('accepts a page that sends none of them, and a date without a time', () => {
    expect(parse('')).toEqual({ ok: true, query: {} });
    expect(parse('updated_at=2026-01-01')).toEqual({ ok: true, query: { updatedAt: Date.UTC(2026, 0, 1) } });
    expect(parse('updated_at=2026-01-01T10:00:00%2B10:00')).toEqual({
      ok: true,
      query: { updatedAt: Date.UTC(2026, 0, 1) },
    });
  });

  it('refuses an updated_at that is not a real ISO 8601 date, saying what it expects', () => {
    for (const bad of [
      'yesterday',
      '1700000000',
      '2026-13-01',
      '2026-02-30',
      '2026-02-10T25:00:00Z',
      "'; drop table",
    ]) {
      const result = parse(`updated_at=${encodeURIComponent(bad)}`);
      expect(result.ok, bad).toBe(false);
      expect(!result.ok && result.error).toMatch(/^updated_at must be an ISO 8601 date or date-time/);
    }
  });

  it('refuses a photos_count that is not a small whole number', () => {
    for (const bad of ['-1', '2.5', 'lots', String(MAX_PHOTOS_COUNT + 1), '1e3']) {
      const result = parse(`photos_count=${bad}`);
      expect(result.ok, bad).toBe(false);
      expect(!result.ok && result.error).toMatch(/^photos_count must be a whole number/);
    }
    expect(parse(`photos_count=${MAX_PHOTOS_COUNT}`).ok).toBe(true);
  });

  it('refuses a parameter given twice and an over-long website_id', () => {
    expect(parse('updated_at=2026-01-01&updated_at=2026-01-02')).toEqual({
      ok: false,
      error: 'Give updated_at once, not 2 times.',
    });
    expect(parse(`website_id=${'x'.repeat(101)}`).ok).toBe(false);
  });
});

describe("the car's updated_at as the vehicle page sends it", () => {
  it('is the stored time in UTC ISO 8601, and nothing when unknown', () => {
    expect(viewUpdatedAtParam('2026-11-20T03:04:05.006Z')).toBe('2026-11-20T03:04:05.006Z');
    expect(viewUpdatedAtParam('2026-11-20T13:04:05+10:00')).toBe('2026-11-20T03:04:05.000Z');
    expect(viewUpdatedAtParam(undefined)).toBeUndefined();
    expect(viewUpdatedAtParam('not a date')).toBeUndefined();
  });

  it('round-trips through the query the route reads', () => {
    const sent = viewUpdatedAtParam('2026-11-20T03:04:05.006Z') ?? '';
    const read = parseViewQuery(new URLSearchParams({ updated_at: sent }));
    expect(read.ok && read.query.updatedAt).toBe(Date.parse(sent));
  });
});

describe('whether the car changed after the page was made', () => {
  const stored = '2026-11-20T03:04:05.006Z';
  it('is true only when the stored time is later than the page’s', () => {
    expect(changedSincePage(Date.parse(stored) - 1, stored)).toBe(true);
    expect(changedSincePage(Date.parse(stored), stored)).toBe(false);
    expect(changedSincePage(Date.parse(stored) + 1, stored)).toBe(false);
  });
  it('claims nothing when either side is unknown', () => {
    expect(changedSincePage(undefined, stored)).toBe(false);
    expect(changedSincePage(Date.parse(stored), undefined)).toBe(false);
  });
});
