import { describe, expect, it } from 'vitest';
import { KM_RANGES, kmRangeOf, orderKmRanges } from './km-ranges';

describe('km ranges (catalogue §3 search facets: km)', () => {
  it('puts each reading in exactly one bucket, lower bound inclusive', () => {
    expect(kmRangeOf(0)).toBe('Under 10,000 km');
    expect(kmRangeOf(9_999)).toBe('Under 10,000 km');
    expect(kmRangeOf(10_000)).toBe('10,000 to 50,000 km');
    expect(kmRangeOf(99_999)).toBe('50,000 to 100,000 km');
    expect(kmRangeOf(150_000)).toBe('Over 150,000 km');
    expect(kmRangeOf(2_000_000)).toBe('Over 150,000 km');
  });

  it('gives no bucket for a missing or nonsense reading', () => {
    expect(kmRangeOf(undefined)).toBeUndefined();
    expect(kmRangeOf(-5)).toBeUndefined();
    expect(kmRangeOf(Number.NaN)).toBeUndefined();
  });

  it('has buckets that cover 0 upwards without gaps or overlaps', () => {
    expect(KM_RANGES[0]?.min).toBeUndefined();
    expect(KM_RANGES.at(-1)?.max).toBeUndefined();
    for (let i = 1; i < KM_RANGES.length; i++) expect(KM_RANGES[i]?.min).toBe(KM_RANGES[i - 1]?.max);
  });

  it('orders facet values low to high, unknown labels last', () => {
    const ordered = orderKmRanges({ 'Over 150,000 km': 9, 'Under 10,000 km': 1, Other: 4, '10,000 to 50,000 km': 2 });
    expect(ordered.map((v) => v.value)).toEqual(['Under 10,000 km', '10,000 to 50,000 km', 'Over 150,000 km', 'Other']);
  });
});
