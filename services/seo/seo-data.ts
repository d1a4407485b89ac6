/**
 * What a site's sitemap and advertising feeds read: its listed cars (through the search service,
 * so exactly the cars its search and vehicle pages show), when each was last written, its visible
 * locations and new models, and when its stock last changed. Callers never see SQL.
 */
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import type { SearchService } from '../search/search-service';
import type { Car, Location } from '../stock/stock-repository';

/** Cars read per search page while streaming: a few MB of car JSON at a time, whatever the stock. */
export const LISTED_PAGE_SIZE = 500;

export interface DatedLocation {
  location: Location;
  updatedAt: string;
}

export interface DatedModel {
  slug: string;
  updatedAt: string;
}

export class SeoData {
  constructor(
    private readonly db: PlatformDb,
    private readonly search: SearchService,
  ) {}

  /** How many cars the site lists now (its search scope: dealerships, listing rule, sold window, base filter). */
  async listedCount(tenant: ResolvedTenant, now: Date): Promise<number> {
    const result = await this.search.search(tenant, { sort: 'latest', page: 1, hitsPerPage: 0, facets: [] }, now);
    return result.count;
  }

  /**
   * The site's listed cars from `offset` (a multiple of `pageSize`), newest first, one search page
   * at a time, at most `limit` cars. Only one page of cars is held at once. A car that moves
   * between pages while they are read (a new car arriving pushes the others back) is given once.
   */
  async *listedCars(
    tenant: ResolvedTenant,
    now: Date,
    options: { offset?: number; limit?: number; pageSize?: number } = {},
  ): AsyncGenerator<Car[]> {
    const pageSize = options.pageSize ?? LISTED_PAGE_SIZE;
    const offset = options.offset ?? 0;
    if (offset % pageSize !== 0)
      throw new RangeError(`offset ${offset} is not a multiple of the page size ${pageSize}`);
    let left = options.limit ?? Number.POSITIVE_INFINITY;
    const seen = new Set<number>();
    for (let page = offset / pageSize + 1; left > 0; page++) {
      const result = await this.search.search(tenant, { sort: 'latest', page, hitsPerPage: pageSize, facets: [] }, now);
      const cars = result.hits.filter((car) => !seen.has(car.id)).slice(0, left);
      for (const car of cars) seen.add(car.id);
      left -= cars.length;
      if (cars.length) yield cars;
      if (result.hits.length < pageSize) return;
    }
  }

  /** When each of these cars was last written by an import (cars.updated_at), by id. */
  async carTimes(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('cars')
      .select(['id', 'updated_at'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, row.updated_at]));
  }

  /** The site's visible locations, by dealership then name (the locations listing and menu show these). */
  async locations(tenant: ResolvedTenant): Promise<DatedLocation[]> {
    if (!tenant.dealerships.length) return [];
    const rows = await this.db
      .selectFrom('locations')
      .select(['data', 'updated_at'])
      .where('dealership_id', 'in', [...tenant.dealerships])
      .where('visible', '=', 1)
      .orderBy('dealership_id')
      .orderBy('name')
      .execute();
    return rows.flatMap((row) => {
      const location = JSON.parse(row.data) as Location;
      return location.visible === false ? [] : [{ location, updatedAt: row.updated_at }];
    });
  }

  /**
   * The new models of these manufacturers (a site's own list, else its brands), in catalogue
   * order: the models the site's models page links to (services/models siteModels).
   */
  async models(manufacturerSlugs: readonly string[]): Promise<DatedModel[]> {
    if (!manufacturerSlugs.length) return [];
    const rows = await this.db
      .selectFrom('models')
      .innerJoin('manufacturers', 'manufacturers.id', 'models.manufacturer_id')
      .select(['models.slug as slug', 'models.updated_at as updatedAt'])
      .where('manufacturers.slug', 'in', [...manufacturerSlugs])
      .orderBy('models.position', (ob) => ob.asc().nullsLast())
      .orderBy('models.name')
      .execute();
    return rows;
  }

  /**
   * When the platform's stock last changed: the newest stock change (a hold, a release, an edit)
   * or finished import. Undefined before any stock exists.
   */
  async stockChangedAt(): Promise<Date | undefined> {
    const [change, imported] = await Promise.all([
      this.db
        .selectFrom('stock_changes')
        .select((eb) => eb.fn.max('at').as('at'))
        .executeTakeFirst(),
      this.db
        .selectFrom('imports')
        .select((eb) => eb.fn.max('finished_at').as('at'))
        .executeTakeFirst(),
    ]);
    const times = [change?.at, imported?.at]
      .map((value) => (typeof value === 'string' ? Date.parse(value) : Number.NaN))
      .filter((time) => Number.isFinite(time));
    return times.length ? new Date(Math.max(...times)) : undefined;
  }
}
