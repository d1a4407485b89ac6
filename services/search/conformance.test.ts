import { beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedEngine } from './embedded-engine';
import { referenceSearch } from './reference-engine';
import { demoDocuments, randomFilters, rng } from '../../demo-data/search-documents';
import { FACET_FIELDS, type EngineQuery, type SearchDocument, type SearchEngine, type SearchSort } from './types';
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

  // catalogue §3 search facets (certified, km, status, dealership_name, state): the group and
  // tenant-enabled filters refine and count the same in every engine.
  it('refines and counts the group and tenant-enabled facets like the reference', async () => {
    const facets = ['certified', 'km_range', 'status', 'dealership_name', 'state', 'location_name'] as const;
    const pickValue = (field: keyof SearchDocument) => documents.find((d) => d[field] !== undefined)?.[field];
    const refinements = [
      { field: 'certified', in: [true] },
      { field: 'certified', in: [false] },
      { field: 'km_range', in: ['Under 10,000 km', 'over 150,000 KM'] },
      { field: 'status', in: ['coming_soon', 'in_stock'] },
      { field: 'dealership_name', eq: pickValue('dealership_name') as string },
      { field: 'state', eq: String(pickValue('state')).toLowerCase() },
    ];
    expect(documents.some((d) => d.certified === true)).toBe(true);
    expect(new Set(documents.map((d) => d.km_range)).size).toBeGreaterThan(3);
    for (const filter of refinements) {
      const query: EngineQuery = { filter, sort: 'lowestKm', offset: 0, limit: 21, facets, now };
      const expected = referenceSearch(documents, query);
      const actual = await engine.search(query);
      expect(expected.count, JSON.stringify(filter)).toBeGreaterThan(0);
      expect({ count: actual.count, ids: actual.ids, facets: actual.facets }, JSON.stringify(filter)).toEqual({
        count: expected.count,
        ids: expected.ids,
        facets: expected.facets,
      });
    }
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

/**
 * Issue 17: a few changed cars are upserted and removed instead of rebuilding. The index after
 * replaceAll + upsert + remove must answer exactly as one built from the changed documents.
 */
function changedDocuments(): { upserts: SearchDocument[]; removals: number[]; expected: SearchDocument[] } {
  const next = rng(11);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const changed = new Map<number, SearchDocument>();
  while (changed.size < 40) {
    const doc = pick(documents);
    const donor = pick(documents);
    const { tag: _tag, km: _km, ...rest } = doc;
    changed.set(doc.id, {
      ...(next() < 0.5 ? rest : doc),
      price: Math.round(next() * 90_000),
      status: donor.status,
      make: donor.make,
      model: donor.model,
      make_model: donor.make_model,
      reserved: next() < 0.5,
      ...(next() < 0.3 ? { tag: 'Price drop' } : {}),
      text: `${donor.text} zebrafinch`,
    });
  }
  const removals = new Set<number>();
  while (removals.size < 25) {
    const id = pick(documents).id;
    if (!changed.has(id)) removals.add(id);
  }
  const top = Math.max(...documents.map((d) => d.id));
  const added = Array.from({ length: 15 }, (_, i) => ({ ...pick(documents), id: top + 1 + i }));
  return {
    upserts: [...changed.values(), ...added],
    removals: [...removals],
    expected: [...documents.filter((d) => !removals.has(d.id)).map((d) => changed.get(d.id) ?? d), ...added],
  };
}

describe.each(engines)('%s engine after upserts and removals', (_name, create) => {
  const engine = create();
  const { upserts, removals, expected } = changedDocuments();
  beforeAll(async () => {
    await engine.replaceAll(documents);
    await engine.upsert(upserts);
    await engine.remove(removals);
  }, 120_000);

  it('answers as an index built from the changed documents', async () => {
    for (const query of queries) {
      const want = referenceSearch(expected, query);
      const actual = await engine.search(query);
      expect(
        { count: actual.count, ids: actual.ids, facets: actual.facets, stats: actual.stats },
        JSON.stringify(query.filter),
      ).toEqual({ count: want.count, ids: want.ids, facets: want.facets, stats: want.stats });
    }
  });

  it('finds the changed text and forgets the removed cars', async () => {
    const base = { sort: 'latest' as const, offset: 0, limit: 1000, facets: [], now };
    expect((await engine.search({ ...base, text: 'zebrafinch' })).count).toBe(40);
    const gone = await engine.search({ ...base, filter: { field: 'id', in: removals } });
    expect(gone.count).toBe(0);
    const again = upserts.slice(0, 3).map((d) => ({ ...d, text: 'plain' }));
    await engine.upsert(again);
    expect((await engine.search({ ...base, text: 'zebrafinch' })).count).toBe(37);
    await engine.upsert(documents.filter((d) => removals.includes(d.id)).slice(0, 2));
    expect((await engine.search({ ...base, filter: { field: 'id', in: removals } })).count).toBe(2);
  });
});
