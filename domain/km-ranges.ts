/**
 * Odometer buckets for the km-range search facet (catalogue §3 search facets: km). Each car is
 * indexed with the label of its bucket, so both search engines count and filter on plain text.
 * Bounds are inclusive below and exclusive above, so 10,000 km is in '10,000 to 50,000 km'.
 */
export interface KmRange {
  label: string;
  /** Inclusive lower bound in km; missing means from 0. */
  min?: number;
  /** Exclusive upper bound in km; missing means no upper bound. */
  max?: number;
}

export const KM_RANGES: readonly KmRange[] = [
  { label: 'Under 10,000 km', max: 10_000 },
  { label: '10,000 to 50,000 km', min: 10_000, max: 50_000 },
  { label: '50,000 to 100,000 km', min: 50_000, max: 100_000 },
  { label: '100,000 to 150,000 km', min: 100_000, max: 150_000 },
  { label: 'Over 150,000 km', min: 150_000 },
];

/** The bucket label for a car's odometer, or undefined when it has no usable reading. */
export function kmRangeOf(km: number | undefined, ranges: readonly KmRange[] = KM_RANGES): string | undefined {
  if (km === undefined || !Number.isFinite(km) || km < 0) return undefined;
  return ranges.find((r) => (r.min === undefined || km >= r.min) && (r.max === undefined || km < r.max))?.label;
}

/** Facet counts in the buckets' own order (low to high), not by count. */
export function orderKmRanges(
  counts: Readonly<Record<string, number>>,
  ranges: readonly KmRange[] = KM_RANGES,
): Array<{ value: string; count: number }> {
  const rank = (value: string) => {
    const index = ranges.findIndex((r) => r.label.toLowerCase() === value.toLowerCase());
    return index === -1 ? ranges.length : index;
  };
  return Object.entries(counts)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => rank(a.value) - rank(b.value) || a.value.localeCompare(b.value));
}
