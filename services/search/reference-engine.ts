import { matchesFilter } from '../../domain/stock-filter';
import { normaliseValue } from '../../domain/stock-filter';
import { STAT_FIELDS, type EngineQuery, type EngineResult, type SearchDocument } from './types';

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
    (doc) => !query.filter || matchesFilter(doc as unknown as Record<string, unknown>, query.filter, query.now),
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
    for (const doc of documents) {
      const value = (doc as unknown as Record<string, unknown>)[facet];
      if (value !== undefined && value !== '' && !labels.has(normaliseValue(value)))
        labels.set(normaliseValue(value), String(value));
    }
    for (const doc of matching) {
      const value = (doc as unknown as Record<string, unknown>)[facet];
      if (value === undefined || value === null || value === '') continue;
      const label = labels.get(normaliseValue(value)) as string;
      counts[label] = (counts[label] ?? 0) + 1;
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
