import { beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedEngine } from './embedded-engine';
import { referenceSearch } from './reference-engine';
import { demoDocuments, randomFilters } from '../../demo-data/search-documents';
import { FACET_FIELDS, type EngineQuery, type SearchEngine, type SearchSort } from './types';
import { meilisearchFromEnv } from './meilisearch-engine';

const now = new Date('2026-11-22T00:00:00Z');
const documents = demoDocuments(now);
const filters = randomFilters(documents, 120);
const sorts: SearchSort[] = ['latest', 'highestPrice', 'lowestPrice', 'lowestKm', 'newestYear', 'oldestYear'];
const queries: EngineQuery[] = filters.map((filter, i) => ({
  filter,
  sort: sorts[i % sorts.length] as SearchSort,
  offset: (i % 3) * 21,
  limit: 21,
  facets: FACET_FIELDS,
  now,
}));

// Every engine: the embedded one always, Meilisearch when MEILISEARCH_HOST names a server.
const meili = meilisearchFromEnv();
const engines: Array<[string, () => SearchEngine]> = [['embedded', () => new EmbeddedEngine()]];
if (meili) engines.push(['meilisearch', () => meili]);

describe.each(engines)('%s engine conformance', (_name, create) => {
  const engine = create();
  beforeAll(async () => engine.replaceAll(documents), 120_000);

  it('returns the reference totals, facet counts, stats and sorted hits for filter-only queries', async () => {
    expect(documents.length).toBeGreaterThan(3000);
    let nonEmpty = 0;
    for (const query of queries) {
      const expected = referenceSearch(documents, query);
      const actual = await engine.search(query);
      if (expected.count > 0) nonEmpty++;
      expect(
        { count: actual.count, ids: actual.ids, facets: actual.facets, stats: actual.stats },
        JSON.stringify(query.filter),
      ).toEqual({
        count: expected.count,
        ids: expected.ids,
        facets: expected.facets,
        stats: expected.stats,
      });
    }
    expect(nonEmpty).toBeGreaterThan(queries.length / 3);
  });

  it('answers several queries at once in the same order', async () => {
    const batch = queries.slice(0, 5);
    const results = await engine.multiSearch(batch);
    expect(results.map((r) => r.count)).toEqual(batch.map((q) => referenceSearch(documents, q).count));
  });

  it('finds every word of free text, the last one as a prefix, with no typo tolerance', async () => {
    const base = { sort: 'latest' as const, offset: 0, limit: 1000, facets: [], now };
    const ranger = await engine.search({ ...base, text: 'ford ranger' });
    expect(ranger.count).toBeGreaterThan(0);
    expect(ranger.count).toBe(documents.filter((d) => /\bford\b/i.test(d.text) && /\branger/i.test(d.text)).length);
    expect((await engine.search({ ...base, text: 'ford rang' })).count).toBe(ranger.count);
    expect((await engine.search({ ...base, text: 'frod ranger' })).count).toBe(0);
    const cx5 = await engine.search({ ...base, text: 'cx-5', filter: { field: 'make', eq: 'mazda' } });
    expect(cx5.count).toBeGreaterThan(0);
  });

  it('counts only with limit 0', async () => {
    const result = await engine.search({
      sort: 'latest',
      offset: 0,
      limit: 0,
      facets: ['make'],
      now,
      filter: { field: 'car_type', eq: 'new' },
    });
    expect(result.ids).toEqual([]);
    expect(result.count).toBe(documents.filter((d) => d.car_type === 'new').length);
  });
});
