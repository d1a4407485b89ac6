import { describe, expect, it } from 'vitest';
import { EmbeddedEngine } from './embedded-engine';
import { referenceSearch } from './reference-engine';
import type { EngineQuery, SearchDocument, SearchSort } from './types';

const now = new Date('2026-11-22T00:00:00Z');
const doc = (id: number, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  id,
  slug: `car-${id}`,
  make: 'Mazda',
  model: 'CX-5',
  make_model: 'Mazda CX-5',
  year: 2020,
  car_type: 'used',
  status: 'in_stock',
  price: 20_000 + id,
  dealership_id: 1,
  show_on_dealer_website: true,
  text: `Mazda CX-5 car${id}`,
  ...extra,
});
const query = (sort: SearchSort, extra: Partial<EngineQuery> = {}): EngineQuery => ({
  sort,
  offset: 0,
  limit: 50,
  facets: ['tag', 'make', 'year'],
  now,
  ...extra,
});

// Issue 17: the incremental path must handle what a build would have handled.
describe('EmbeddedEngine.upsert', () => {
  it('adds a column no document had, with its sort order and facet, as a build would', async () => {
    const engine = new EmbeddedEngine();
    const before = [doc(1), doc(2), doc(3)];
    await engine.replaceAll(before);
    const changed = [doc(2, { km: 500, tag: 'Low km' }), doc(4, { km: 100, year: 2024 })];
    await engine.upsert(changed);
    const after = [doc(1), changed[0]!, doc(3), changed[1]!];
    for (const sort of ['lowestKm', 'newestYear', 'highestPrice', 'latest'] as const) {
      const want = referenceSearch(after, query(sort));
      const got = await engine.search(query(sort));
      expect({ ids: got.ids, facets: got.facets, stats: got.stats }, sort).toEqual({
        ids: want.ids,
        facets: want.facets,
        stats: want.stats,
      });
    }
    expect((await engine.search(query('lowestKm'))).ids).toEqual([4, 2, 1, 3]);
    expect((await engine.search(query('latest', { filter: { field: 'km', exists: true } }))).ids).toEqual([2, 4]);
  });

  it('writes every column of a changed row: a field the new document lacks reads as missing', async () => {
    const engine = new EmbeddedEngine();
    await engine.replaceAll([doc(1, { reserved: true, tag: 'Hot' }), doc(2)]);
    await engine.upsert([doc(1)]);
    const result = await engine.search(query('latest', { filter: { field: 'reserved', eq: true } }));
    expect(result.count).toBe(0);
    expect((await engine.search(query('latest'))).facets.tag).toEqual({});
  });

  it('keeps the last of a repeated id, and brings back a removed car as a new row', async () => {
    const engine = new EmbeddedEngine();
    await engine.replaceAll([doc(1), doc(2)]);
    await engine.upsert([doc(3, { price: 1 }), doc(3, { price: 2 })]);
    await engine.remove([1, 99]);
    expect((await engine.search(query('lowestPrice'))).ids).toEqual([3, 2]);
    expect((await engine.search(query('lowestPrice'))).stats.price).toEqual({ min: 2, max: 20_002 });
    await engine.upsert([doc(1, { price: 5 })]);
    expect((await engine.search(query('lowestPrice'))).ids).toEqual([3, 1, 2]);
    expect((await engine.search(query('relevance', { text: 'car1' }))).ids).toEqual([1]);
  });
});

// spec: catalogue §3 Search facets (categories, filtered_features): a car holds a list of values.
describe('EmbeddedEngine list fields', () => {
  const lists = (extra: Partial<EngineQuery> = {}) =>
    query('lowestPrice', { facets: ['categories', 'filtered_features', 'make'], ...extra });
  const same = async (engine: EmbeddedEngine, docs: SearchDocument[], q: EngineQuery) => {
    const want = referenceSearch(docs, q);
    const got = await engine.search(q);
    expect({ ids: got.ids, count: got.count, facets: got.facets }, JSON.stringify(q.filter)).toEqual({
      ids: want.ids,
      count: want.count,
      facets: want.facets,
    });
  };
  const filters = [
    undefined,
    { field: 'filtered_features', eq: 'f3' },
    { field: 'filtered_features', in: ['F3', 'f40'] },
    {
      all: [
        { field: 'filtered_features', eq: 'f1' },
        { field: 'filtered_features', eq: 'f39' },
      ],
    },
    { not: { field: 'filtered_features', eq: 'f2' } },
    { field: 'filtered_features', exists: true },
    { field: 'categories', exists: false },
    { field: 'categories', in: ['SUV', 'ute'] },
    { field: 'categories', gte: 1 },
  ];

  it('matches any value, counts each value once per car and reads an absent list as missing', async () => {
    const docs = [
      doc(1, { categories: ['SUV', '7+ seats'], filtered_features: ['f1', 'f2'] }),
      doc(2, { categories: ['Ute'] }),
      doc(3, { filtered_features: ['F2', 'f3'] }),
      doc(4),
    ];
    const engine = new EmbeddedEngine();
    await engine.replaceAll(docs);
    expect((await engine.search(lists())).facets).toMatchObject({
      categories: { SUV: 1, '7+ seats': 1, Ute: 1 },
      filtered_features: { f1: 1, f2: 2, f3: 1 },
    });
    for (const filter of filters) await same(engine, docs, lists({ filter }));
  });

  it('adds a list no document had by upsert, grows past 32 values and clears a list a car lost', async () => {
    const engine = new EmbeddedEngine();
    let docs = [doc(1), doc(2), doc(3)];
    await engine.replaceAll(docs);
    const many = Array.from({ length: 45 }, (_, i) => `f${i}`);
    docs = [
      doc(1, { filtered_features: many.slice(0, 20), categories: ['SUV'] }),
      doc(2),
      doc(3, { filtered_features: ['f1', 'f39', 'f40'] }),
      doc(4, { filtered_features: many.slice(20), categories: ['Ute', 'SUV'] }),
    ];
    await engine.upsert([docs[0]!, docs[2]!, docs[3]!]);
    for (const filter of filters) await same(engine, docs, lists({ filter }));
    docs = [doc(1, { filtered_features: ['f3'] }), docs[1]!, doc(3), docs[3]!];
    await engine.upsert([docs[0]!, docs[2]!]);
    for (const filter of filters) await same(engine, docs, lists({ filter }));
    // A build from the same documents answers the same.
    const built = new EmbeddedEngine();
    await built.replaceAll(docs);
    for (const filter of filters) await same(built, docs, lists({ filter }));
  });
});

// Issue 34: bitmaps are lent from a pool and reused by the next search; a reused one must never
// carry the last search's rows.
describe('EmbeddedEngine bitmap reuse', () => {
  const docs = Array.from({ length: 300 }, (_, i) =>
    doc(i + 1, { car_type: i % 3 === 0 ? 'new' : 'used', make: i % 2 ? 'Mazda' : 'Kia', year: 2015 + (i % 10) }),
  );
  const narrow = query('latest', {
    filter: {
      all: [
        { field: 'car_type', eq: 'new' },
        { field: 'year', gte: 2022 },
      ],
    },
  });
  const broad = query('highestPrice', {
    filter: { any: [{ field: 'make', eq: 'Kia' }, { not: { field: 'year', lt: 2024 } }] },
  });
  const texty = query('relevance', { text: 'car1', filter: { field: 'make', eq: 'Mazda' } });

  it('answers each search as the reference does, whatever ran before it, alone or in a multi-search', async () => {
    const engine = new EmbeddedEngine();
    await engine.replaceAll(docs);
    // The reference has no free text: a text search is compared with a fresh engine's first answer.
    const fresh = new EmbeddedEngine();
    await fresh.replaceAll(docs);
    const expected = [narrow, broad, texty, narrow].map((q) =>
      q.text ? fresh.searchSync(q) : referenceSearch(docs, q),
    );
    expect(expected[2]?.count).toBe(55); // car1, car10-19 and car100-199 that are Mazdas
    const strip = (r: { ids: number[]; count: number; facets: unknown }) => ({
      ids: r.ids,
      count: r.count,
      facets: r.facets,
    });
    for (let round = 0; round < 3; round++) {
      const alone = [
        engine.searchSync(narrow),
        engine.searchSync(broad),
        engine.searchSync(texty),
        engine.searchSync(narrow),
      ];
      expect(alone.map(strip)).toEqual(expected.map(strip));
      const together = await engine.multiSearch([narrow, broad, texty, narrow]);
      expect(together.map(strip)).toEqual(expected.map(strip));
    }
    // The pool follows the rows: grown by an upsert, searches still see every row.
    const more = [...docs, doc(301, { car_type: 'new', year: 2025 })];
    await engine.upsert([more[300]!]);
    expect(strip(engine.searchSync(narrow))).toEqual(strip(referenceSearch(more, narrow)));
  });
});
