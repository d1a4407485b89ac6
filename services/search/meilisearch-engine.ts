import { createHash } from 'node:crypto';
import {
  Meilisearch,
  MeilisearchApiError,
  MeilisearchRequestError,
  type EnqueuedTask,
  type FacetDistribution,
  type FacetStats,
  type MultiSearchParams,
  type MultiSearchQuery,
  type Settings,
  type Task,
} from 'meilisearch';
import { toMeiliFilter } from './meilisearch-filter';
import {
  FACET_FIELDS,
  STAT_FIELDS,
  type EngineQuery,
  type EngineResult,
  type SearchDocument,
  type SearchEngine,
  type SearchSort,
} from './types';

export interface MeilisearchEngineOptions {
  host: string;
  apiKey?: string;
  /** Defaults to 'cars'. */
  indexUid?: string;
}

/** Every field the filter language (schemas/filter.schema.json) or the facets and stats refer to. */
export const FILTERABLE_ATTRIBUTES: readonly (keyof SearchDocument)[] = [
  ...new Set<keyof SearchDocument>([
    ...FACET_FIELDS,
    ...STAT_FIELDS,
    'id',
    'dealership_id',
    'location_id',
    'status',
    'stocknum',
    'reserved',
    'certified',
    'show_on_dealer_website',
    'created_at_timestamp',
    'sold_date_timestamp',
  ]),
];

export const INDEX_SETTINGS: Settings = {
  searchableAttributes: ['text'],
  filterableAttributes: [...FILTERABLE_ATTRIBUTES],
  sortableAttributes: ['id', 'price', 'km', 'year', 'created_at_timestamp'],
  // `sort` first so an explicit order beats text relevance; without a sort the rule does nothing.
  rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
  typoTolerance: { enabled: false },
  faceting: {
    maxValuesPerFacet: 1000,
    // price and km are faceted only for their stats; alphabetical order spares counting every value.
    sortFacetValuesBy: { '*': 'count', price: 'alpha', km: 'alpha' },
  },
  pagination: { maxTotalHits: 1_000_000 },
};

/**
 * Names INDEX_SETTINGS: the shared index's recorded position (search_index_state) is only trusted
 * when it was reached with the same settings, so a deploy that changes them rebuilds once.
 */
export const SETTINGS_KEY = createHash('sha256').update(JSON.stringify(INDEX_SETTINGS)).digest('hex').slice(0, 16);

const SORTS: Record<Exclude<SearchSort, 'relevance'>, string[]> = {
  latest: ['created_at_timestamp:desc', 'id:asc'],
  highestPrice: ['price:desc', 'id:asc'],
  lowestPrice: ['price:asc', 'id:asc'],
  lowestKm: ['km:asc', 'id:asc'],
  newestYear: ['year:desc', 'id:asc'],
  oldestYear: ['year:asc', 'id:asc'],
};

const BATCH_SIZE = 10_000;
/** Ids per page when listing what the index holds (a full sync drops the ids no longer listed). */
const ID_PAGE = 10_000;

export type MeiliSearchParams = MultiSearchQuery & { q: string; page: number; hitsPerPage: number; facets: string[] };

/**
 * The request body for one query (the multi-search entry; the search endpoint takes it without indexUid).
 *
 * Paging uses page/hitsPerPage, not offset/limit: only then does Meilisearch count every match
 * (totalHits) instead of estimating (estimatedTotalHits). An offset that is a multiple of the limit
 * maps to a page exactly; any other offset asks for page 1 holding offset + limit hits and
 * toEngineResult skips the first `offset`. Limit 0 is hitsPerPage 0: counts, facets and stats only.
 */
export function toSearchParams(query: EngineQuery, indexUid: string): MeiliSearchParams {
  const q = queryText(query.text);
  const filter = query.filter ? toMeiliFilter(query.filter, query.now) : '';
  const sort = query.sort === 'relevance' ? (q ? undefined : SORTS.latest) : SORTS[query.sort];
  const aligned = query.limit === 0 || query.offset % query.limit === 0;
  return {
    indexUid,
    q,
    ...(filter && { filter }),
    ...(sort && { sort }),
    page: aligned && query.limit > 0 ? query.offset / query.limit + 1 : 1,
    hitsPerPage: aligned ? query.limit : query.offset + query.limit,
    // Stat fields must be faceted for Meilisearch to report their facetStats.
    facets: [...new Set<string>([...query.facets, ...(query.stats === false ? [] : STAT_FIELDS)])],
    matchingStrategy: 'all',
    attributesToRetrieve: ['id'],
  };
}

export function toMultiSearchBody(queries: readonly EngineQuery[], indexUid: string): MultiSearchParams {
  return { queries: queries.map((query) => toSearchParams(query, indexUid)) };
}

/**
 * Text as plain words: Meilisearch reads `"…"` as a phrase and a leading `-` as "without this word",
 * while the embedded engine requires every word. Trimmed, so the last word stays a prefix.
 */
function queryText(text: string | undefined): string {
  return (text ?? '')
    .replace(/"/g, ' ')
    .replace(/(^|\s)-+/g, '$1')
    .trim()
    .replace(/\s+/g, ' ');
}

/** The part of a search response (single or multi) the engine reads. */
export interface MeiliSearchResponse {
  hits: Array<Record<string, unknown>>;
  totalHits?: number;
  estimatedTotalHits?: number;
  facetDistribution?: FacetDistribution;
  facetStats?: FacetStats;
  processingTimeMs: number;
}

export function toEngineResult(
  query: EngineQuery,
  params: Pick<MeiliSearchParams, 'page' | 'hitsPerPage'>,
  response: MeiliSearchResponse,
): EngineResult {
  const skip = query.offset - (params.page - 1) * params.hitsPerPage;
  const facets: EngineResult['facets'] = {};
  for (const facet of query.facets) facets[facet] = { ...response.facetDistribution?.[facet] };
  const stats: EngineResult['stats'] = {};
  for (const field of query.stats === false ? [] : STAT_FIELDS) {
    const stat = response.facetStats?.[field];
    if (stat) stats[field] = { min: stat.min, max: stat.max };
  }
  return {
    ids: response.hits.slice(skip, skip + query.limit).map((hit) => Number(hit.id)),
    count: response.totalHits ?? response.estimatedTotalHits ?? 0,
    facets,
    stats,
    ms: response.processingTimeMs,
  };
}

/** Meilisearch over HTTP with the official client; one index holds every tenant's cars. */
export class MeilisearchEngine implements SearchEngine {
  readonly name = 'meilisearch';
  readonly #client: Meilisearch;
  readonly #host: string;
  readonly #indexUid: string;

  constructor({ host, apiKey, indexUid = 'cars' }: MeilisearchEngineOptions) {
    this.#host = host.replace(/\/\/[^/@]*@/, '//');
    this.#indexUid = indexUid;
    try {
      this.#client = new Meilisearch({
        host,
        apiKey,
        timeout: 30_000,
        defaultWaitOptions: { timeout: 15 * 60_000, interval: 100 },
      });
    } catch (error) {
      throw this.#error('start', error);
    }
  }

  get indexUid(): string {
    return this.#indexUid;
  }

  /**
   * Makes the index hold exactly these documents, without emptying it first: the index is shared
   * by live servers, and an emptied index answers "no cars" to every shopper until the documents
   * are back. So: create it if missing, apply INDEX_SETTINGS (Meilisearch leaves the documents
   * alone when the settings are unchanged), add or replace every document, then list the ids the
   * index holds and delete those not among `documents` (withdrawn cars).
   */
  async replaceAll(documents: readonly SearchDocument[]): Promise<void> {
    const index = this.#client.index<SearchDocument>(this.#indexUid);
    const created = await this.#call('create the index', () =>
      this.#client.createIndex(this.#indexUid, { primaryKey: 'id' }).waitTask(),
    );
    if (created.error?.code !== 'index_already_exists') this.#check('create the index', created);
    this.#check(
      'update the settings',
      await this.#call('update the settings', () => index.updateSettings(INDEX_SETTINGS).waitTask()),
    );
    await this.upsert(documents);
    const keep = new Set(documents.map((doc) => doc.id));
    const stale: number[] = [];
    for (let offset = 0; ; offset += ID_PAGE) {
      const page = await this.#call('list the documents', () =>
        index.getDocuments({ fields: ['id'], limit: ID_PAGE, offset }),
      );
      for (const doc of page.results) if (!keep.has(Number(doc.id))) stale.push(Number(doc.id));
      if (page.results.length < ID_PAGE || offset + ID_PAGE >= page.total) break;
    }
    await this.remove(stale);
  }

  /**
   * Adds or replaces documents (POST: a document replaces the stored one whole, so a field the car
   * no longer has, such as `reserved` after a release, goes with it; PUT would merge and keep it).
   * Every batch is uploaded before any is awaited, so Meilisearch can index them together.
   */
  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    const index = this.#client.index<SearchDocument>(this.#indexUid);
    const enqueued: EnqueuedTask[] = [];
    for (let start = 0; start < documents.length; start += BATCH_SIZE) {
      const batch = documents.slice(start, start + BATCH_SIZE);
      enqueued.push(await this.#call('add documents', () => index.addDocuments(batch, { primaryKey: 'id' })));
    }
    for (const task of enqueued)
      this.#check('add documents', await this.#call('add documents', () => this.#client.tasks.waitForTask(task)));
  }

  async remove(ids: readonly number[]): Promise<void> {
    const index = this.#client.index<SearchDocument>(this.#indexUid);
    const enqueued: EnqueuedTask[] = [];
    for (let start = 0; start < ids.length; start += BATCH_SIZE) {
      const batch = ids.slice(start, start + BATCH_SIZE);
      enqueued.push(await this.#call('delete documents', () => index.deleteDocuments(batch)));
    }
    for (const task of enqueued)
      this.#check('delete documents', await this.#call('delete documents', () => this.#client.tasks.waitForTask(task)));
  }

  async search(query: EngineQuery): Promise<EngineResult> {
    const { indexUid: _indexUid, ...params } = toSearchParams(query, this.#indexUid);
    const response = await this.#call('search', () => this.#client.index(this.#indexUid).search(params.q, params));
    return toEngineResult(query, params, response);
  }

  async multiSearch(queries: readonly EngineQuery[]): Promise<EngineResult[]> {
    if (queries.length === 0) return [];
    const body = toMultiSearchBody(queries, this.#indexUid);
    const { results } = await this.#call('multi-search', () => this.#client.multiSearch(body));
    return queries.map((query, i) => {
      const params = body.queries[i] as MeiliSearchParams;
      const response = results[i];
      if (!response)
        throw this.#error('multi-search', new Error(`${results.length} results for ${queries.length} queries`));
      return toEngineResult(query, params, response);
    });
  }

  async #call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw this.#error(action, error);
    }
  }

  #check(action: string, task: Task): void {
    if (task.status === 'succeeded') return;
    const why = task.error ? `${task.error.message} (${task.error.code})` : 'no error given';
    throw new Error(`Meilisearch at ${this.#host} failed to ${action}: task ${task.uid} ${task.status}: ${why}`);
  }

  #error(action: string, error: unknown): Error {
    return new Error(`Meilisearch at ${this.#host} failed to ${action}: ${describe(error)}`, { cause: error });
  }
}

/** Why a request failed, from the error's cause chain; never the request itself (it holds the key). */
function describe(error: unknown): string {
  if (error instanceof MeilisearchApiError)
    return `HTTP ${error.response.status}${error.cause ? ` ${error.cause.code}` : ''}: ${error.message}`;
  const reasons: string[] = [];
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    // Its message is only "Request to <url> has failed"; the URL may carry credentials.
    if (e instanceof MeilisearchRequestError) continue;
    const code = (e as { code?: unknown }).code;
    reasons.push(typeof code === 'string' && !e.message.includes(code) ? `${e.message} (${code})` : e.message);
  }
  return reasons.join(': ') || String(error);
}

/** The engine named by MEILISEARCH_HOST (with MEILISEARCH_API_KEY, MEILISEARCH_INDEX), or undefined. */
export function meilisearchFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): MeilisearchEngine | undefined {
  const host = env.MEILISEARCH_HOST?.trim();
  if (!host) return undefined;
  return new MeilisearchEngine({
    host,
    apiKey: env.MEILISEARCH_API_KEY || undefined,
    indexUid: env.MEILISEARCH_INDEX || undefined,
  });
}
