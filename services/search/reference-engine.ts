import { matchesFilter, normaliseValue, type StockFilter } from '../../domain/stock-filter';
import { STAT_FIELDS, type EngineQuery, type EngineResult, type SearchDocument } from './types';

type Fields = Readonly<Record<string, unknown>>;

/**
 * The domain's filter semantics, with Meilisearch's for list fields (categories, features): a
 * condition holds when it holds for any one value of the list, and an empty list is missing.
 */
function matches(doc: Fields, filter: StockFilter, now: Date): boolean {
  if ('all' in filter) return filter.all.every((f) => matches(doc, f, now));
  if ('any' in filter) return filter.any.some((f) => matches(doc, f, now));
  if ('not' in filter) return !matches(doc, filter.not, now);
  const value = doc[filter.field];
  if (!Array.isArray(value)) return matchesFilter(doc, filter, now);
  if ('exists' in filter) return value.length > 0 === filter.exists;
  return value.some((item) => matchesFilter({ [filter.field]: item }, filter, now));
}

/** A field's values: a list's items, a single value as a list of one, nothing when missing. */
const valuesOf = (doc: Fields, field: string): unknown[] => {
  const value = doc[field];
  return (Array.isArray(value) ? value : [value]).filter((v) => v !== undefined && v !== null && v !== '');
};

const SORTS: Record<string, { field: keyof SearchDocument; descending: boolean }> = {
  latest: { field: 'created_at_timestamp', descending: true },
  relevance: { field: 'created_at_timestamp', descending: true },
  highestPrice: { field: 'price', descending: true },
  lowestPrice: { field: 'price', descending: false },
  lowestKm: { field: 'km', descending: false },
  newestYear: { field: 'year', descending: true },
  oldestYear: { field: 'year', descending: false },
};

/**
 * The naive reference for the engines' conformance tests: filter and count over plain arrays with
 * the domain's own filter semantics. Slow and obviously right; filter-only queries (no text).
 */
export function referenceSearch(documents: readonly SearchDocument[], query: EngineQuery): EngineResult {
  const matching = documents.filter(
    (doc) => !query.filter || matches(doc as unknown as Fields, query.filter, query.now),
  );
  const { field, descending } = SORTS[query.sort] ?? { field: 'created_at_timestamp' as const, descending: true };
  const sorted = [...matching].sort((a, b) => {
    const x = a[field] as number | undefined;
    const y = b[field] as number | undefined;
    if ((x === undefined) !== (y === undefined)) return x === undefined ? 1 : -1;
    const diff = x === undefined || y === undefined ? 0 : descending ? y - x : x - y;
    return diff || a.id - b.id;
  });
  const facets: EngineResult['facets'] = {};
  for (const facet of query.facets) {
    const counts: Record<string, number> = {};
    const labels = new Map<unknown, string>();
    for (const doc of documents)
      for (const value of valuesOf(doc as unknown as Fields, facet))
        if (!labels.has(normaliseValue(value))) labels.set(normaliseValue(value), String(value));
    for (const doc of matching) {
      // A car counts once per value, even if its list repeats one.
      const seen = new Set(valuesOf(doc as unknown as Fields, facet).map((value) => labels.get(normaliseValue(value))));
      for (const label of seen) if (label !== undefined) counts[label] = (counts[label] ?? 0) + 1;
    }
    facets[facet] = counts;
  }
  const stats: EngineResult['stats'] = {};
  for (const stat of query.stats === false ? [] : STAT_FIELDS) {
    const values = matching.map((d) => d[stat]).filter((v): v is number => typeof v === 'number');
    if (values.length)
      stats[stat] = { min: values.reduce((a, b) => Math.min(a, b)), max: values.reduce((a, b) => Math.max(a, b)) };
  }
  return {
    ids: sorted.slice(query.offset, query.offset + query.limit).map((d) => d.id),
    count: matching.length,
    facets,
    stats,
    ms: 0,
  };
}
