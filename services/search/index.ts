import { getDatabase, type PlatformDb } from '../db/database';
import { getStockRepository } from '../stock';
import { searchServiceFor, type SearchService } from './search-service';

export { tenantScope, SearchService, STOCK_POLL_MS } from './search-service';
export type { IndexStatus, SearchRequest, SearchResponse } from './search-service';
export { FACET_FIELDS } from './types';
export type { FacetField, SearchSort } from './types';

// One search service (and so one embedded index) per database for the whole process, whichever
// bundle asks: Next bundles pages and route handlers apart, each with its own copy of this module,
// and an index per copy would cost its memory several times and leave /healthz looking at an index
// no page uses.
const SERVICES_KEY = Symbol.for('dealer-platform.search-services');
const services = ((globalThis as { [SERVICES_KEY]?: Map<PlatformDb, SearchService> })[SERVICES_KEY] ??= new Map());

/** The process-wide search service on the process-wide database. */
export async function getSearchService(): Promise<SearchService> {
  const db = await getDatabase();
  let service = services.get(db);
  if (!service) {
    service = searchServiceFor(await getStockRepository(), db);
    services.set(db, service);
  }
  return service;
}
