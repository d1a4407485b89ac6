import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StockFilter } from '../../domain/stock-filter';
import filterSchema from '../../schemas/filter.schema.json';
import {
  INDEX_SETTINGS,
  MeilisearchEngine,
  SETTINGS_KEY,
  meilisearchFromEnv,
  toEngineResult,
  toMultiSearchBody,
  toSearchParams,
} from './meilisearch-engine';
import { MATCH_NOTHING, toMeiliFilter } from './meilisearch-filter';
import { FACET_FIELDS, type EngineQuery, type SearchDocument, type SearchSort } from './types';

const now = new Date('2026-11-22T00:00:00Z'); // 1795305600

describe('toMeiliFilter', () => {
  const cases: Array<[string, StockFilter, string]> = [
    [
      'the example base filter',
      {
        all: [
          { field: 'car_type', in: ['used'] },
          { not: { field: 'stocknum', in: ['U123', 'U456'] } },
          {
            not: {
              all: [
                { field: 'make', in: ['Kia'] },
                { field: 'car_type', in: ['demo'] },
                { field: 'km', lt: 3000 },
              ],
            },
          },
        ],
      },
      'car_type IN ["used"] AND NOT stocknum IN ["U123", "U456"] AND NOT (make IN ["Kia"] AND car_type IN ["demo"] AND km < 3000)',
    ],
    ['a value with a space', { field: 'make', eq: 'Land Rover' }, 'make = "Land Rover"'],
    ['a value with quotes', { field: 'colour', eq: 'He said "hi"' }, String.raw`colour = "He said \"hi\""`],
    [
      'a value with a backslash',
      { field: 'stocknum', in: ['A\\B', 'C\\"D'] },
      String.raw`stocknum IN ["A\\B", "C\\\"D"]`,
    ],
    [
      'numbers and booleans bare',
      {
        all: [
          { field: 'year', in: [2020, 2021] },
          { field: 'price', gte: -1.5 },
          { field: 'reserved', eq: true },
          { field: 'certified', eq: false },
        ],
      },
      'year IN [2020, 2021] AND price >= -1.5 AND reserved = true AND certified = false',
    ],
    ['a number too big for a bare value', { field: 'price', lte: 1e21 }, 'price <= "1e+21"'],
    [
      'relative times at now',
      {
        any: [
          { field: 'sold_date_timestamp', gte: { daysAgo: 3 } },
          { field: 'created_at_timestamp', gt: { daysAgo: 1.5 } },
        ],
      },
      'sold_date_timestamp >= 1795046400 OR created_at_timestamp > 1795176000',
    ],
    ['exists', { field: 'tag', exists: true }, 'NOT (tag NOT EXISTS OR tag IS NULL OR tag IS EMPTY)'],
    ['not exists', { field: 'tag', exists: false }, 'tag NOT EXISTS OR tag IS NULL OR tag IS EMPTY'],
    [
      'nested any and not',
      {
        any: [
          { field: 'status', in: ['in_stock', 'coming_soon'] },
          {
            all: [
              { field: 'status', eq: 'sold' },
              {
                not: {
                  any: [
                    { field: 'km', gt: 10 },
                    { field: 'tag', exists: false },
                  ],
                },
              },
            ],
          },
        ],
      },
      'status IN ["in_stock", "coming_soon"] OR (status = "sold" AND NOT (km > 10 OR (tag NOT EXISTS OR tag IS NULL OR tag IS EMPTY)))',
    ],
    ['double negation folded', { not: { not: { field: 'make', eq: 'Kia' } } }, 'make = "Kia"'],
    ['empty all: no filter', { all: [] }, ''],
    ['not of empty all: nothing', { not: { all: [] } }, MATCH_NOTHING],
    ['empty any: nothing', { any: [] }, MATCH_NOTHING],
    ['true folded out of any', { any: [{ field: 'make', eq: 'Kia' }, { all: [] }] }, ''],
    ['true folded out of all', { all: [{ all: [] }, { field: 'make', eq: 'Kia' }] }, 'make = "Kia"'],
    ['false folded out of any', { any: [{ any: [] }, { field: 'make', eq: 'Kia' }] }, 'make = "Kia"'],
    ['false inside all', { all: [{ any: [] }, { field: 'make', eq: 'Kia' }] }, MATCH_NOTHING],
    ['not of empty any: no filter', { not: { any: [] } }, ''],
    ['a value of the wrong type never matches', { field: 'year', eq: '2020' }, MATCH_NOTHING],
    ['wrong types dropped from a list', { field: 'stocknum', in: [123, 'U1', true] }, 'stocknum IN ["U1"]'],
    ['the empty string is missing', { not: { field: 'badge', eq: '' } }, ''],
    ['ranges on text fields match nothing', { not: { field: 'make', gt: 5 } }, ''],
  ];
  it.each(cases)('%s', (_name, filter, expected) => expect(toMeiliFilter(filter, now)).toBe(expected));

  it('rejects a field name that is not a plain word', () => {
    expect(() => toMeiliFilter({ field: 'make = "x" OR id', eq: 'y' }, now)).toThrow(/not a plain field name/);
  });
});

const query = (overrides: Partial<EngineQuery> = {}): EngineQuery => ({
  sort: 'latest',
  offset: 0,
  limit: 21,
  facets: [],
  now,
  ...overrides,
});
const common = {
  indexUid: 'cars',
  matchingStrategy: 'all',
  attributesToRetrieve: ['id'],
  facets: ['price', 'km', 'year'],
};

describe('toSearchParams', () => {
  it.each<[SearchSort, string[]]>([
    ['latest', ['created_at_timestamp:desc', 'id:asc']],
    ['relevance', ['created_at_timestamp:desc', 'id:asc']],
    ['highestPrice', ['price:desc', 'id:asc']],
    ['lowestPrice', ['price:asc', 'id:asc']],
    ['lowestKm', ['km:asc', 'id:asc']],
    ['newestYear', ['year:desc', 'id:asc']],
    ['oldestYear', ['year:asc', 'id:asc']],
  ])('sorts %s without text', (sort, expected) => {
    expect(toSearchParams(query({ sort }), 'cars')).toStrictEqual({
      ...common,
      q: '',
      sort: expected,
      page: 1,
      hitsPerPage: 21,
    });
  });

  it('leaves relevance to Meilisearch when there is text, and keeps explicit sorts', () => {
    expect(toSearchParams(query({ sort: 'relevance', text: '  ford   ranger ' }), 'cars')).toStrictEqual({
      ...common,
      q: 'ford ranger',
      page: 1,
      hitsPerPage: 21,
    });
    expect(toSearchParams(query({ sort: 'lowestPrice', text: 'ford' }), 'cars').sort).toEqual(['price:asc', 'id:asc']);
  });

  it('passes words only: no phrases, no negated words', () => {
    expect(toSearchParams(query({ text: '"ford ranger" -diesel cx-5' }), 'cars').q).toBe('ford ranger diesel cx-5');
  });

  it('adds the filter and the requested facets plus the stat fields', () => {
    const params = toSearchParams(
      query({ filter: { field: 'make', eq: 'Kia' }, facets: ['make', 'year', 'colour'] }),
      'stock',
    );
    expect(params).toStrictEqual({
      ...common,
      indexUid: 'stock',
      q: '',
      filter: 'make = "Kia"',
      sort: ['created_at_timestamp:desc', 'id:asc'],
      page: 1,
      hitsPerPage: 21,
      facets: ['make', 'year', 'colour', 'price', 'km'],
    });
  });

  it('omits a filter that is always true', () => {
    expect(toSearchParams(query({ filter: { all: [] } }), 'cars')).not.toHaveProperty('filter');
  });

  it('asks for page 2 of 21 as a page, for exact totals', () => {
    expect(toSearchParams(query({ offset: 21, limit: 21 }), 'cars')).toMatchObject({ page: 2, hitsPerPage: 21 });
    expect(toSearchParams(query({ offset: 42, limit: 21 }), 'cars')).toMatchObject({ page: 3, hitsPerPage: 21 });
  });

  it('counts only with limit 0', () => {
    expect(toSearchParams(query({ offset: 0, limit: 0, facets: ['make'] }), 'cars')).toMatchObject({
      page: 1,
      hitsPerPage: 0,
      facets: ['make', 'price', 'km', 'year'],
    });
    expect(toSearchParams(query({ offset: 40, limit: 0 }), 'cars')).toMatchObject({ page: 1, hitsPerPage: 0 });
  });

  it('covers an offset that is not a multiple of the limit from page 1', () => {
    expect(toSearchParams(query({ offset: 5, limit: 21 }), 'cars')).toMatchObject({ page: 1, hitsPerPage: 26 });
  });
});

describe('toEngineResult', () => {
  const response = {
    hits: [{ id: 7 }, { id: 3 }, { id: 9 }],
    totalHits: 45,
    facetDistribution: { make: { Kia: 40, Mazda: 5 }, price: { '10000': 3 } },
    facetStats: { price: { min: 1000, max: 90000 }, year: { min: 2010, max: 2024 } },
    processingTimeMs: 4,
  };

  it('maps ids, exact count, requested facets (empty when absent) and stats', () => {
    const q = query({ limit: 3, facets: ['make', 'colour'] });
    expect(toEngineResult(q, toSearchParams(q, 'cars'), response)).toStrictEqual({
      ids: [7, 3, 9],
      count: 45,
      facets: { make: { Kia: 40, Mazda: 5 }, colour: {} },
      stats: { price: { min: 1000, max: 90000 }, year: { min: 2010, max: 2024 } },
      ms: 4,
    });
  });

  it('skips to the offset when the page had to start earlier', () => {
    const q = query({ offset: 1, limit: 2 });
    expect(toEngineResult(q, toSearchParams(q, 'cars'), response).ids).toEqual([3, 9]);
  });
});

describe('MeilisearchEngine over a fake HTTP layer', () => {
  type Call = { method: string; path: string; body: unknown; authorization: string | null };
  let calls: Call[] = [];

  /** Answers every request with `answer(call)` as JSON and records it. */
  function fakeFetch(answer: (call: Call) => unknown, status = 200) {
    calls = [];
    vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: new Headers(init.headers).get('Authorization'),
      };
      calls.push(call);
      return new Response(JSON.stringify(answer(call)), { status, headers: { 'Content-Type': 'application/json' } });
    });
  }
  afterEach(() => vi.unstubAllGlobals());

  const engine = () => new MeilisearchEngine({ host: 'http://meili.test:7700', apiKey: 'secret-key' });
  const emptyResult = { hits: [], totalHits: 0, processingTimeMs: 1, facetDistribution: {}, facetStats: {} };

  it('sends one multi-search request with every query and maps the results in order', async () => {
    fakeFetch(() => ({
      results: [
        { ...emptyResult, totalHits: 3, hits: [{ id: 1 }] },
        { ...emptyResult, totalHits: 9 },
      ],
    }));
    const queries = [
      query({ filter: { field: 'make', eq: 'Kia' }, limit: 1 }),
      query({ sort: 'lowestKm', offset: 0, limit: 0 }),
    ];
    const results = await engine().multiSearch(queries);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toStrictEqual({
      method: 'POST',
      path: '/multi-search',
      body: toMultiSearchBody(queries, 'cars'),
      authorization: 'Bearer secret-key',
    });
    expect(calls[0]?.body).toMatchObject({
      queries: [
        { indexUid: 'cars', filter: 'make = "Kia"', hitsPerPage: 1 },
        { indexUid: 'cars', sort: ['km:asc', 'id:asc'], hitsPerPage: 0 },
      ],
    });
    expect(results.map((r) => [r.ids, r.count])).toEqual([
      [[1], 3],
      [[], 9],
    ]);
  });

  it('searches the index endpoint with the same body minus indexUid', async () => {
    fakeFetch(() => ({ ...emptyResult, totalHits: 2, hits: [{ id: 5 }, { id: 6 }] }));
    const q = query({ text: 'ford', offset: 21 });
    const result = await engine().search(q);
    const { indexUid: _indexUid, ...body } = toSearchParams(q, 'cars');
    expect(calls).toStrictEqual([
      { method: 'POST', path: '/indexes/cars/search', body, authorization: 'Bearer secret-key' },
    ]);
    expect(result).toMatchObject({ ids: [5, 6], count: 2 });
  });

  it('says which host failed and why, without the key', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:7700'), { code: 'ECONNREFUSED' }),
      });
    });
    const error = await engine()
      .search(query())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'Meilisearch at http://meili.test:7700 failed to search: fetch failed: connect ECONNREFUSED 127.0.0.1:7700',
    );

    fakeFetch(
      () => ({
        message: 'Attribute `colour` is not filterable.',
        code: 'invalid_search_filter',
        type: 'invalid_request',
        link: '',
      }),
      400,
    );
    await expect(engine().search(query())).rejects.toThrow(
      'Meilisearch at http://meili.test:7700 failed to search: HTTP 400 invalid_search_filter: Attribute `colour` is not filterable.',
    );

    vi.stubGlobal('fetch', async () => {
      throw new Error('boom');
    });
    const withCredentials = new MeilisearchEngine({ host: 'http://user:pass@meili.test' });
    await expect(withCredentials.search(query())).rejects.toThrow(
      /^Meilisearch at http:\/\/meili\.test failed to search: boom$/,
    );
  });

  /**
   * Answers like Meilisearch: an enqueued task for every write, each succeeded (but for task 0, the
   * index creation, when the index exists already); listing documents answers `indexed`.
   */
  function fakeMeilisearch(indexed: number[] = [], indexExists = false) {
    let nextTask = 0;
    fakeFetch(({ method, path }) => {
      if (method === 'GET' && path.startsWith('/tasks/')) {
        const uid = Number(path.slice('/tasks/'.length));
        const error =
          uid === 0 && indexExists
            ? {
                message: 'Index `cars` already exists.',
                code: 'index_already_exists',
                type: 'invalid_request',
                link: '',
              }
            : null;
        return { uid, status: error ? 'failed' : 'succeeded', error };
      }
      if (method === 'GET' && path.startsWith('/indexes/cars/documents?')) {
        const params = new URLSearchParams(path.slice(path.indexOf('?')));
        const offset = Number(params.get('offset'));
        const limit = Number(params.get('limit'));
        return {
          results: indexed.slice(offset, offset + limit).map((id) => ({ id })),
          offset,
          limit,
          total: indexed.length,
        };
      }
      return {
        taskUid: nextTask++,
        indexUid: 'cars',
        status: 'enqueued',
        type: 'documentAdditionOrUpdate',
        enqueuedAt: '',
      };
    });
  }
  const writes = () => calls.filter((c) => !c.path.startsWith('/tasks/')).map((c) => `${c.method} ${c.path}`);
  const taskPolls = () => calls.filter((c) => c.path.startsWith('/tasks/')).map((c) => c.path);

  it('replaces the index without emptying it: create, settings, documents in batches, then drops the ids no longer listed', async () => {
    // The index holds 10,002 ids: 0..10,000 are still listed, 20,000 and 20,001 are not.
    fakeMeilisearch([...Array.from({ length: 10_001 }, (_, i) => i), 20_000, 20_001], true);
    const documents = Array.from({ length: 10_001 }, (_, i) => ({ id: i }) as SearchDocument);
    await engine().replaceAll(documents);
    expect(writes()).toEqual([
      'POST /indexes',
      'PATCH /indexes/cars/settings',
      'POST /indexes/cars/documents?primaryKey=id',
      'POST /indexes/cars/documents?primaryKey=id',
      'GET /indexes/cars/documents?fields=id&limit=10000&offset=0',
      'GET /indexes/cars/documents?fields=id&limit=10000&offset=10000',
      'POST /indexes/cars/documents/delete-batch',
    ]);
    expect(taskPolls()).toEqual(['/tasks/0', '/tasks/1', '/tasks/2', '/tasks/3', '/tasks/4']);
    expect(calls[0]?.body).toEqual({ uid: 'cars', primaryKey: 'id' });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual(INDEX_SETTINGS);
    expect(
      calls
        .filter((c) => c.path.startsWith('/indexes/cars/documents?primaryKey'))
        .map((c) => (c.body as unknown[]).length),
    ).toEqual([10_000, 1]);
    expect(calls.find((c) => c.path.endsWith('/delete-batch'))?.body).toEqual([20_000, 20_001]);
  });

  it('upserts whole documents with POST (a field a car lost goes with it) and deletes by ids', async () => {
    fakeMeilisearch();
    const doc: SearchDocument = {
      id: 7,
      slug: 'mazda-cx-5-7',
      make: 'Mazda',
      model: 'CX-5',
      year: 2022,
      car_type: 'used',
      status: 'in_stock',
      price: 30_000,
      dealership_id: 1,
      show_on_dealer_website: true,
      make_model: 'Mazda CX-5',
      reserved: true,
      text: '2022 Mazda CX-5',
    };
    await engine().upsert([doc]);
    await engine().remove([8, 9]);
    await engine().upsert([]);
    await engine().remove([]);
    expect(calls).toStrictEqual([
      {
        method: 'POST',
        path: '/indexes/cars/documents?primaryKey=id',
        body: [
          {
            id: 7,
            slug: 'mazda-cx-5-7',
            make: 'Mazda',
            model: 'CX-5',
            year: 2022,
            car_type: 'used',
            status: 'in_stock',
            price: 30_000,
            dealership_id: 1,
            show_on_dealer_website: true,
            make_model: 'Mazda CX-5',
            reserved: true,
            text: '2022 Mazda CX-5',
          },
        ],
        authorization: 'Bearer secret-key',
      },
      { method: 'GET', path: '/tasks/0', body: undefined, authorization: 'Bearer secret-key' },
      {
        method: 'POST',
        path: '/indexes/cars/documents/delete-batch',
        body: [8, 9],
        authorization: 'Bearer secret-key',
      },
      { method: 'GET', path: '/tasks/1', body: undefined, authorization: 'Bearer secret-key' },
    ]);
  });

  it('throws when a task fails', async () => {
    fakeFetch(({ method, path }) =>
      method === 'GET'
        ? {
            uid: 1,
            status: 'failed',
            error:
              path === '/tasks/0'
                ? null
                : { message: 'Invalid facet', code: 'invalid_settings_faceting', type: '', link: '' },
          }
        : { taskUid: 0, indexUid: 'cars', status: 'enqueued', type: 'settingsUpdate', enqueuedAt: '' },
    );
    await expect(engine().replaceAll([])).rejects.toThrow(
      /Meilisearch at http:\/\/meili\.test:7700 failed to create the index: task 1 failed: no error given/,
    );
  });
});

describe('INDEX_SETTINGS', () => {
  it('makes every field of the filter language filterable', () => {
    expect(INDEX_SETTINGS.filterableAttributes).toEqual(expect.arrayContaining(filterSchema.definitions.field.enum));
  });

  // catalogue §3 search facets, §7: the dealer-group and tenant-enabled facets can be refined and counted.
  it('makes every facet filterable, including the group and tenant-enabled ones', () => {
    for (const field of [
      ...FACET_FIELDS,
      'certified',
      'km_range',
      'status',
      'dealership_name',
      'state',
      'location_name',
    ])
      expect(INDEX_SETTINGS.filterableAttributes).toContain(field);
  });

  // Issue 17: the settings search:sync applies, pinned as Meilisearch receives them.
  it('sets the sortable fields, facet value limit and the hit limit that exact totals need', () => {
    expect(JSON.parse(JSON.stringify(INDEX_SETTINGS))).toMatchObject({
      searchableAttributes: ['text'],
      sortableAttributes: ['id', 'price', 'km', 'year', 'created_at_timestamp'],
      rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
      typoTolerance: { enabled: false },
      faceting: { maxValuesPerFacet: 1000, sortFacetValuesBy: { '*': 'count', price: 'alpha', km: 'alpha' } },
      pagination: { maxTotalHits: 1_000_000 },
    });
    for (const sort of ['price', 'km', 'year', 'created_at_timestamp'])
      expect(INDEX_SETTINGS.filterableAttributes).toContain(sort);
    expect(SETTINGS_KEY).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('meilisearchFromEnv', () => {
  it('needs MEILISEARCH_HOST', () => {
    expect(meilisearchFromEnv({})).toBeUndefined();
    expect(meilisearchFromEnv({ MEILISEARCH_HOST: ' ' })).toBeUndefined();
    expect(meilisearchFromEnv({ MEILISEARCH_HOST: 'http://localhost:7700', MEILISEARCH_INDEX: 'stock' })?.name).toBe(
      'meilisearch',
    );
  });
});
