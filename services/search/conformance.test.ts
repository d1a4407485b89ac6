import { beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedEngine } from './embedded-engine';
import { referenceSearch } from './reference-engine';
import { demoDocuments, randomFilters, rng } from '../../demo-data/search-documents';
import { FACET_FIELDS, type EngineQuery, type SearchDocument, type SearchEngine, type SearchSort } from './types';
import { meilisearchFromEnv } from './meilisearch-engine';
import type { StockFilter } from '../../domain/stock-filter';

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

  // spec: catalogue §3 Search facets (categories, filtered_features, price_range, subscription_price):
  // bands are plain text like km_range; categories and features are lists, where a condition holds
  // when any value of the car's list matches and every ticked feature is one condition of an `all`.
  it('refines and counts price bands, subscription bands, categories and features like the reference', async () => {
    const facets = ['price_range', 'subscription_price_range', 'categories', 'filtered_features', 'make'] as const;
    const distinct = (field: 'categories' | 'filtered_features') => new Set(documents.flatMap((d) => d[field] ?? []));
    expect(new Set(documents.map((d) => d.price_range)).size).toBeGreaterThan(5);
    expect(documents.filter((d) => d.subscription_price_range).length).toBeGreaterThan(10);
    expect(distinct('categories').size).toBeGreaterThan(5);
    expect(distinct('filtered_features').size).toBeGreaterThan(20);
    expect(documents.some((d) => (d.categories?.length ?? 0) > 1)).toBe(true);
    const feature = (label: string) => ({ field: 'filtered_features', eq: label });
    const refinements: Array<[StockFilter, boolean]> = [
      [{ field: 'price_range', in: ['$20,000 to $30,000', 'UNDER $10,000'] }, true],
      [{ field: 'subscription_price_range', exists: true }, true],
      [{ field: 'subscription_price_range', in: ['$100 to $150 a week', '$150 to $200 a week'] }, true],
      [{ field: 'categories', eq: 'suv' }, true],
      [{ field: 'categories', in: ['Ute', '7+ seats'] }, true],
      [{ field: 'categories', exists: false }, true],
      [{ all: [feature('Leather seats'), feature('heated seats')] }, true],
      [{ all: [feature('Tow bar'), feature('Rear diff lock'), { field: 'categories', eq: '4x4' }] }, true],
      [{ not: feature('Android Auto') }, true],
      [{ any: [feature('Vehicle-to-load'), { field: 'categories', eq: 'Electric & hybrid' }] }, true],
      [{ field: 'filtered_features', in: ['Jet pack'] }, false],
      [{ field: 'categories', gt: 3 }, false],
    ];
    const mixed = refinements.map(([filter], i): [StockFilter, boolean] => [
      { all: [filter, filters[i] as StockFilter] },
      false,
    ]);
    for (const [filter, nonEmpty] of [...refinements, ...mixed]) {
      for (const sort of ['lowestPrice', 'latest'] as const) {
        const query: EngineQuery = { filter, sort, offset: 0, limit: 21, facets, now };
        const expected = referenceSearch(documents, query);
        const actual = await engine.search(query);
        if (nonEmpty) expect(expected.count, JSON.stringify(filter)).toBeGreaterThan(0);
        expect({ count: actual.count, ids: actual.ids, facets: actual.facets }, JSON.stringify(filter)).toEqual({
          count: expected.count,
          ids: expected.ids,
          facets: expected.facets,
        });
      }
    }
    // Every ticked feature narrows: two features select the cars with both.
    const both = await engine.search({ filter: refinements[6]?.[0], sort: 'latest', offset: 0, limit: 0, facets, now });
    const withBoth = documents.filter(
      (d) => d.filtered_features?.includes('Leather seats') && d.filtered_features.includes('Heated seats'),
    );
    expect(both.count).toBe(withBoth.length);
    expect(withBoth.length).toBeLessThan(
      documents.filter((d) => d.filtered_features?.includes('Leather seats')).length,
    );
    expect(both.facets.filtered_features?.['Leather seats']).toBe(withBoth.length);
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
  // Lists (categories, features) change with their own draws, leaving the other changes as they were.
  const listDraw = rng(23);
  const lists = (doc: SearchDocument, donor: SearchDocument): SearchDocument => {
    const { categories: _categories, filtered_features: _features, ...bare } = doc;
    const draw = listDraw();
    if (draw < 0.3) return bare; // lost its lists
    if (draw < 0.7) return { ...bare, categories: donor.categories, filtered_features: donor.filtered_features };
    return { ...doc, filtered_features: [...(doc.filtered_features ?? []), 'Zebra stripes'] }; // a value no car had
  };
  const changed = new Map<number, SearchDocument>();
  while (changed.size < 40) {
    const doc = pick(documents);
    const donor = pick(documents);
    const base = lists(doc, donor);
    const { tag: _tag, km: _km, ...rest } = base;
    changed.set(doc.id, {
      ...(next() < 0.5 ? rest : base),
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
    const listQueries: EngineQuery[] = [
      { field: 'filtered_features', eq: 'zebra stripes' },
      { field: 'filtered_features', exists: false },
      { field: 'categories', in: ['SUV', 'Ute'] },
      {
        all: [
          { field: 'filtered_features', eq: 'Leather seats' },
          { field: 'categories', eq: '7+ seats' },
        ],
      },
    ].map((filter) => ({ filter, sort: 'lowestPrice', offset: 0, limit: 21, facets: FACET_FIELDS, now }));
    expect(referenceSearch(expected, listQueries[0] as EngineQuery).count).toBeGreaterThan(0);
    for (const query of [...queries, ...listQueries]) {
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
