import { getDatabase } from '../db/database';
import { getStockRepository } from '../stock';
import { searchServiceFor, type SearchService } from './search-service';

export { tenantScope, SearchService, STOCK_POLL_MS } from './search-service';
export type { IndexStatus, SearchRequest, SearchResponse } from './search-service';
export { FACET_FIELDS } from './types';
export type { FacetField, SearchSort } from './types';

/** The process-wide search service on the process-wide database. */
export async function getSearchService(): Promise<SearchService> {
  return searchServiceFor(await getStockRepository(), await getDatabase());
}
