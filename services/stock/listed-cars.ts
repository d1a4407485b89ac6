import type { ResolvedTenant } from '../../schemas/types.generated';
import { getSearchService } from '../search';

/**
 * Which of these cars the site lists right now (its dealerships, listing rule, sold window):
 * the same scope the search page and the vehicle page use, so a car the shopper cannot see on this
 * site cannot be saved here either.
 */
export async function listedCarIds(tenant: ResolvedTenant, ids: readonly number[], now: Date): Promise<Set<number>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!unique.length) return new Set();
  const search = await getSearchService();
  const result = await search.search(
    tenant,
    {
      filter: { any: unique.map((id) => ({ field: 'id', eq: id })) },
      sort: 'latest',
      page: 1,
      hitsPerPage: unique.length,
      facets: [],
    },
    now,
  );
  return new Set(result.hits.map((car) => car.id));
}
