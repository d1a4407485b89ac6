import type { ResolvedTenant } from '../../schemas/types.generated';
import type { StockFilter } from '../../domain/stock-filter';
import { scopeFilter, similarPriceRange, SIMILAR_CARS_LIMIT, SIMILAR_QUERY_LIMIT } from '../../domain/search-scope';
import type { PlatformDb } from '../db/database';
import { covers, type StockPosition } from '../stock/stock-changes';
import type { Car, StockRepository } from '../stock/stock-repository';
import { toSearchDocument } from './documents';
import { EmbeddedEngine } from './embedded-engine';
import { MemoryCursor, SharedIndexCursor, type IndexCursor, type SharedCursorOptions } from './index-cursor';
import { meilisearchFromEnv, SETTINGS_KEY, type MeilisearchEngine } from './meilisearch-engine';
import type { EngineQuery, EngineResult, FacetField, SearchEngine, SearchSort } from './types';
import { recordSearch } from '../metrics';
import { traced } from '../tracing';

export interface SearchRequest {
  text?: string;
  /** Extra conditions from the shopper (facet refinements, ranges) or a block; never widens the scope. */
  filter?: StockFilter;
  sort: SearchSort;
  /** 1-based. */
  page: number;
  hitsPerPage: number;
  facets: readonly FacetField[];
  /** Whether to report the matches' price, km and year ranges (default yes: the search page's range filters use them). */
  stats?: boolean;
}

export interface SearchResponse extends Omit<EngineResult, 'ids'> {
  hits: Car[];
  page: number;
  pages: number;
  engine: string;
}

/** The tenant's scope: applied to every query on the server, whatever the request says. */
export function tenantScope(tenant: ResolvedTenant): StockFilter {
  return scopeFilter({
    dealershipIds: tenant.dealerships,
    soldVisibleDays: tenant.search.soldVisibleDays,
    baseFilter: tenant.search.baseFilter as StockFilter | undefined,
  });
}

/**
 * How long a process trusts its last look at the stock change log (issue 17: changes reach every
 * process within 5 s). 0: every search asks the database first (one indexed read of the log's
 * last position, a fraction of a millisecond) and applies what changed before it runs: a few
 * cars in well under a millisecond (embedded) or one Meilisearch task, a rebuild after an import
 * in under a second for 20,000 cars (measured 0.4-0.5 s). So a change committed anywhere before a
 * search starts is in its results: a shopper who reserves a car on one process and searches on
 * another behind the load balancer sees it reserved. Searches that arrive while a refresh runs
 * share it. Changes made by this process are also announced in-process
 * (services/stock/stock-changes.ts). A positive value (tests; a result cache for issue 19) lets a
 * busy process ask at most that often instead.
 */
export const STOCK_POLL_MS = 0;

export interface SearchServiceOptions {
  /** Default STOCK_POLL_MS. */
  pollMs?: number;
  /** Milliseconds clock for the poll interval; tests move it instead of sleeping. */
  clock?: () => number;
  /** Where the index's position in the change log is kept: this process (default) or shared (Meilisearch). */
  cursor?: IndexCursor;
}

/**
 * What one refresh did: nothing (up to date), re-read a few cars, rebuilt the index from every
 * car, or nothing because another process kept the shared index's lease longer than the wait.
 */
export interface RefreshResult {
  mode: 'none' | 'cars' | 'full' | 'busy';
  /** The position the index is known to be at afterwards (undefined: never built). */
  position: StockPosition | undefined;
  upserted: number;
  removed: number;
}

/** How far this process's index is behind the stock change log (/healthz). */
export interface IndexStatus {
  engine: string;
  indexedSeq: number | null;
  latestSeq: number;
  /** Changes (and imports) not in the index yet; null before the index is built. */
  lagChanges: number | null;
  /** Milliseconds since the oldest of them; 0 when up to date, null before the index is built. */
  lagMs: number | null;
  /** Why the last refresh failed, while the index serves what it had. */
  error?: string;
}

/**
 * Stock search for every tenant: one engine (embedded by default, Meilisearch when
 * MEILISEARCH_HOST is set) indexed from the database and kept up to date from the stock change
 * log: a few changed cars are re-read and upserted, an import (or a change naming every car)
 * rebuilds the index.
 */
export class SearchService {
  private readonly pollMs: number;
  private readonly clock: () => number;
  private readonly cursor: IndexCursor;
  /** The position this process knows the index to be at. */
  private indexed: StockPosition | undefined;
  private checkedAt = -Infinity;
  /** Set when this process changed stock: the next search refreshes without waiting for the poll. */
  private stale = false;
  private refreshing: Promise<RefreshResult> | undefined;
  private lastError: string | undefined;

  constructor(
    private readonly engine: SearchEngine,
    private readonly repo: StockRepository,
    options: SearchServiceOptions = {},
  ) {
    this.pollMs = options.pollMs ?? STOCK_POLL_MS;
    this.clock = options.clock ?? Date.now;
    this.cursor = options.cursor ?? new MemoryCursor();
    repo.onStockChange(() => {
      this.stale = true;
    });
  }

  get engineName(): string {
    return this.engine.name;
  }

  private due(): boolean {
    // A shared index may be built by another process: only the clock and this process's own
    // changes make it due, or every search would wait on that process's lease.
    if (this.indexed === undefined && !this.cursor.shared) return true;
    return this.stale || this.clock() - this.checkedAt >= this.pollMs;
  }

  /**
   * Brings the index up to date when it is due: never built, changed by this process, or not
   * checked for STOCK_POLL_MS. A search that finds a refresh running while nothing is due searches
   * the index as it is rather than waiting. A second round covers a change this process announced
   * after the running refresh had read the log.
   */
  async ensureIndexed(): Promise<void> {
    // The second round only when this process announced a change while the first refresh ran.
    for (let round = 0; round < 2 && (round === 0 ? this.due() : this.stale); round++) {
      try {
        await (this.refreshing ?? this.startRefresh(false));
      } catch (error) {
        // Without an index there is nothing to search; with one, shoppers get the last known
        // stock and the next search after the poll interval tries again.
        if (this.indexed === undefined && !this.cursor.shared) throw error;
        return;
      }
    }
  }

  /** Refreshes now, after any refresh already running, whatever the poll interval says; `force` rebuilds from every car. */
  refresh(options: { force?: boolean } = {}): Promise<RefreshResult> {
    return this.startRefresh(options.force ?? false);
  }

  /** Queues a refresh behind the one running, if any: one refresh at a time, in order. */
  private startRefresh(force: boolean): Promise<RefreshResult> {
    const previous = this.refreshing;
    const run = (async () => {
      if (previous) await previous.catch(() => undefined);
      // Cleared before the log is read, so a change announced while this refresh runs makes the
      // next search refresh again.
      this.stale = false;
      this.checkedAt = this.clock();
      try {
        const result = await this.apply(force);
        this.lastError = undefined;
        return result;
      } catch (error) {
        // checkedAt stays: the next attempt waits for the poll interval (a database or Meilisearch
        // that is down is not asked again by every search).
        this.lastError = error instanceof Error ? error.message : String(error);
        console.error(`The search index could not be brought up to date: ${this.lastError}`);
        throw error;
      }
    })();
    this.refreshing = run;
    const clear = () => {
      if (this.refreshing === run) this.refreshing = undefined;
    };
    run.then(clear, clear);
    return run;
  }

  private async apply(force: boolean): Promise<RefreshResult> {
    // The position is read before any car: whatever the cars read says is at least that new.
    const target = await this.repo.stockPosition();
    if (!force && this.indexed && covers(this.indexed, target))
      return { mode: 'none', position: this.indexed, upserted: 0, removed: 0 };
    let result: RefreshResult = { mode: 'none', position: undefined, upserted: 0, removed: 0 };
    const reached = await this.cursor.advance(
      target,
      async (from) => {
        if (!from || from.importId !== target.importId) {
          result = await this.rebuild();
          return;
        }
        const changes = await this.repo.stockChangesSince(from.seq, target.seq);
        result = changes.cars === 'all' ? await this.rebuild() : await this.applyCars(changes.cars);
      },
      { force },
    );
    if (reached) this.indexed = reached;
    if (result.mode === 'none' && !(reached && covers(reached, target))) result = { ...result, mode: 'busy' };
    return { ...result, position: reached ?? this.indexed };
  }

  private async rebuild(): Promise<RefreshResult> {
    const source = await this.repo.indexSource();
    const documents = toDocuments(source);
    await this.engine.replaceAll(documents);
    return { mode: 'full', position: undefined, upserted: documents.length, removed: 0 };
  }

  /** Re-reads these cars: listed ones are upserted, the rest (withdrawn, gone) removed. */
  private async applyCars(ids: readonly number[]): Promise<RefreshResult> {
    const source = await this.repo.indexSourceFor(ids);
    const documents = toDocuments(source);
    const listed = new Set(documents.map((doc) => doc.id));
    const gone = ids.filter((id) => !listed.has(id));
    if (documents.length) await this.engine.upsert(documents);
    if (gone.length) await this.engine.remove(gone);
    return { mode: 'cars', position: undefined, upserted: documents.length, removed: gone.length };
  }

  /** How far the index is behind the log: cheap (the index's position and two indexed queries), for /healthz. */
  async indexStatus(now: Date = new Date()): Promise<IndexStatus> {
    const position = this.cursor.shared ? await this.cursor.position() : this.indexed;
    const latest = await this.repo.stockPosition();
    // The reason itself is in the log (startRefresh): /healthz answers anyone.
    const error = this.lastError ? { error: 'the index could not be brought up to date (see the server log)' } : {};
    if (!position)
      return {
        engine: this.engine.name,
        indexedSeq: null,
        latestSeq: latest.seq,
        lagChanges: null,
        lagMs: null,
        ...error,
      };
    const lag = await this.repo.stockLag(position);
    return {
      engine: this.engine.name,
      indexedSeq: position.seq,
      latestSeq: latest.seq,
      lagChanges: lag.changes,
      lagMs: lag.oldest ? Math.max(0, now.getTime() - lag.oldest.getTime()) : 0,
      ...error,
    };
  }

  private toEngineQuery(tenant: ResolvedTenant, request: SearchRequest, now: Date): EngineQuery {
    const parts: StockFilter[] = [tenantScope(tenant)];
    if (request.filter) parts.push(request.filter);
    // spec: catalogue §5 — sorting by lowest price adds price > 0 on some sites.
    if (request.sort === 'lowestPrice' && tenant.search.priceAscExcludesUnpriced) parts.push({ field: 'price', gt: 0 });
    const page = Math.max(1, Math.floor(request.page));
    return {
      text: request.text,
      filter: { all: parts },
      sort: request.sort,
      offset: (page - 1) * request.hitsPerPage,
      limit: request.hitsPerPage,
      facets: request.facets,
      now,
      ...(request.stats === false ? { stats: false } : {}),
    };
  }

  private async respond(result: EngineResult, request: SearchRequest): Promise<SearchResponse> {
    const { ids, ...rest } = result;
    return {
      ...rest,
      hits: await this.repo.carsByIds(ids),
      page: Math.max(1, Math.floor(request.page)),
      pages: request.hitsPerPage > 0 ? Math.ceil(result.count / request.hitsPerPage) : 0,
      engine: this.engine.name,
    };
  }

  async search(tenant: ResolvedTenant, request: SearchRequest, now: Date): Promise<SearchResponse> {
    if (!tenant.dealerships.length)
      return { hits: [], count: 0, facets: {}, stats: {}, ms: 0, page: 1, pages: 0, engine: this.engine.name };
    await this.ensureIndexed();
    const started = performance.now();
    const result = await traced('search', { 'search.engine': this.engine.name, 'search.site': tenant.slug }, () =>
      this.engine.search(this.toEngineQuery(tenant, request, now)),
    );
    recordSearch(this.engine.name, (performance.now() - started) / 1000);
    return this.respond(result, request);
  }

  /**
   * spec: catalogue §9 similar cars — at most 6, in stock only, price within the tolerance. One
   * multi-search (catalogue §7: each query with limit 10): the same model first, then the same
   * body type, then anything in the price band; the first 6 distinct cars are shown.
   */
  async similar(tenant: ResolvedTenant, car: Car, now: Date): Promise<Car[]> {
    if (!tenant.dealerships.length) return [];
    await this.ensureIndexed();
    const { min, max } = similarPriceRange(car.price);
    const common: StockFilter[] = [
      { field: 'status', eq: 'in_stock' },
      { field: 'price', gte: min },
      { field: 'price', lte: max },
      { not: { field: 'id', eq: car.id } },
    ];
    const variants: StockFilter[][] = [
      [
        { field: 'make', eq: car.make },
        { field: 'model', eq: car.model },
      ],
      car.simple_body ? [{ field: 'simple_body', eq: car.simple_body }] : [],
      [],
    ];
    const request = (extra: StockFilter[]): SearchRequest => ({
      filter: { all: [...common, ...extra] },
      sort: 'latest',
      page: 1,
      hitsPerPage: SIMILAR_QUERY_LIMIT,
      facets: [],
      stats: false,
    });
    const started = performance.now();
    const results = await traced(
      'search similar cars',
      { 'search.engine': this.engine.name, 'search.site': tenant.slug },
      () => this.engine.multiSearch(variants.map((extra) => this.toEngineQuery(tenant, request(extra), now))),
    );
    recordSearch(this.engine.name, (performance.now() - started) / 1000);
    const ids = [...new Set(results.flatMap((r) => r.ids))].slice(0, SIMILAR_CARS_LIMIT);
    return this.repo.carsByIds(ids);
  }
}

function toDocuments({ cars, dealerships, locations }: Awaited<ReturnType<StockRepository['indexSource']>>) {
  const dealershipById = new Map(dealerships.map((d) => [d.id, d]));
  const locationById = new Map(locations.map((l) => [l.id, l]));
  return cars.map((car) =>
    toSearchDocument(
      car,
      dealershipById.get(car.dealership_id),
      car.location_id === undefined ? undefined : locationById.get(car.location_id),
    ),
  );
}

/**
 * A search service on Meilisearch: its index is shared by every process, so its position is the
 * database row of that index (search_index_state) and one process at a time writes to it.
 */
export function meilisearchService(
  engine: MeilisearchEngine,
  repo: StockRepository,
  db: PlatformDb,
  options: Omit<SearchServiceOptions, 'cursor'> & SharedCursorOptions = {},
): SearchService {
  const { pollMs, ...cursor } = options;
  return new SearchService(engine, repo, {
    pollMs,
    clock: options.clock,
    cursor: new SharedIndexCursor(db, engine.indexUid, SETTINGS_KEY, cursor),
  });
}

/**
 * A search service on a repository: Meilisearch when configured, else embedded. The process keeps
 * one per database (services/search/index.ts getSearchService).
 */
export function searchServiceFor(repo: StockRepository, db: PlatformDb): SearchService {
  const meilisearch = meilisearchFromEnv();
  return meilisearch ? meilisearchService(meilisearch, repo, db) : new SearchService(new EmbeddedEngine(), repo);
}
