import type { ResolvedTenant } from '../../schemas/types.generated';
import type { StockFilter } from '../../domain/stock-filter';
import { scopeFilter, similarPriceRange, SIMILAR_CARS_LIMIT } from '../../domain/search-scope';
import type { Car, StockRepository } from '../stock/stock-repository';
import { toSearchDocument } from './documents';
import { EmbeddedEngine } from './embedded-engine';
import { meilisearchFromEnv } from './meilisearch-engine';
import type { EngineQuery, EngineResult, FacetField, SearchEngine, SearchSort } from './types';

export interface SearchRequest {
  text?: string;
  /** Extra conditions from the shopper (facet refinements, ranges) or a block; never widens the scope. */
  filter?: StockFilter;
  sort: SearchSort;
  /** 1-based. */
  page: number;
  hitsPerPage: number;
  facets: readonly FacetField[];
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
 * Stock search for every tenant: one engine (embedded by default, Meilisearch when
 * MEILISEARCH_HOST is set) indexed from the database, re-indexed when an import finishes.
 */
export class SearchService {
  private indexedVersion = -1;
  private indexing: Promise<void> | undefined;

  constructor(
    private readonly engine: SearchEngine,
    private readonly repo: StockRepository,
  ) {}

  get engineName(): string {
    return this.engine.name;
  }

  /** Re-indexes when the database has had an import since the last build. */
  async ensureIndexed(): Promise<void> {
    const version = await this.repo.importVersion();
    if (version === this.indexedVersion) return;
    this.indexing ??= (async () => {
      try {
        const { cars, dealerships, locations } = await this.repo.indexSource();
        const dealershipById = new Map(dealerships.map((d) => [d.id, d]));
        const locationById = new Map(locations.map((l) => [l.id, l]));
        await this.engine.replaceAll(
          cars.map((car) =>
            toSearchDocument(
              car,
              dealershipById.get(car.dealership_id),
              car.location_id === undefined ? undefined : locationById.get(car.location_id),
            ),
          ),
        );
        this.indexedVersion = version;
      } finally {
        this.indexing = undefined;
      }
    })();
    await this.indexing;
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
    return this.respond(await this.engine.search(this.toEngineQuery(tenant, request, now)), request);
  }

  /**
   * spec: catalogue §9 similar cars — at most 6, in stock only, price within the tolerance. One
   * multi-search: the same model first, then the same body type, then anything in the price band.
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
      hitsPerPage: SIMILAR_CARS_LIMIT,
      facets: [],
    });
    const results = await this.engine.multiSearch(
      variants.map((extra) => this.toEngineQuery(tenant, request(extra), now)),
    );
    const ids = [...new Set(results.flatMap((r) => r.ids))].slice(0, SIMILAR_CARS_LIMIT);
    return this.repo.carsByIds(ids);
  }
}

const services = new Map<StockRepository, SearchService>();

/** The process-wide search service on a repository; Meilisearch when configured, else embedded. */
export function searchServiceFor(repo: StockRepository): SearchService {
  let service = services.get(repo);
  if (!service) {
    service = new SearchService(meilisearchFromEnv() ?? new EmbeddedEngine(), repo);
    services.set(repo, service);
  }
  return service;
}
