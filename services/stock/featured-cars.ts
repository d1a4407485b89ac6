import type { ResolvedTenant } from '../../schemas/types.generated';
import { matchesFilter, type StockFilter } from '../../domain/stock-filter';
import { compareCars, type StockSort } from '../../domain/stock-sort';
import type { Car, StockRepository } from './stock-repository';

export interface FeaturedQuery {
  filter?: StockFilter;
  sort: StockSort;
  limit: number;
}

/**
 * A tenant's featured cars: its dealerships' listed stock (catalogue §9 listing rules), with the
 * tenant's base filter always applied, then the block's own filter, order and limit.
 */
export async function featuredCars(repo: StockRepository, tenant: ResolvedTenant, query: FeaturedQuery, now: Date): Promise<Car[]> {
  const listed = await repo.listedCars({ dealershipIds: tenant.dealerships, now, soldVisibleDays: tenant.search.soldVisibleDays });
  const base = tenant.search.baseFilter as StockFilter | undefined;
  const matches = listed.filter((car) => {
    const record = car as unknown as Record<string, unknown>;
    return (!base || matchesFilter(record, base, now)) && (!query.filter || matchesFilter(record, query.filter, now));
  });
  // A featured row shows cars a shopper can buy: sold cars stay listed in search, not here.
  const available = matches.filter((car) => car.status === 'in_stock' || car.status === 'coming_soon');
  return available.sort(compareCars(query.sort)).slice(0, query.limit);
}
