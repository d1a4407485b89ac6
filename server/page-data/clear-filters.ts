import { OFFERS_PATH } from '../../domain/offers';
import { DEFAULT_SEARCH_SLUG } from '../../domain/search-url';
import { resolvePage } from '../../engine/resolve-page';
import type { TenantConfig } from '../../engine/tenant-registry';

/** The search page every site has; where 'Clear Filters' goes on a site without special offers. */
export const ALL_STOCK_SEARCH_PATH = `/search/${DEFAULT_SEARCH_SLUG}`;

/**
 * spec: catalogue §2 — "/special-offers (the default path that the empty-result 'Clear Filters'
 * button returns to)". A site's own `search.resetPath` wins; a site whose special offers page is
 * switched off or removed goes back to the whole-stock search instead of a page that would 404.
 */
export function clearFiltersPath(tenant: TenantConfig): string {
  if (tenant.search.resetPath) return tenant.search.resetPath;
  return resolvePage(tenant, OFFERS_PATH) ? OFFERS_PATH : ALL_STOCK_SEARCH_PATH;
}

/**
 * Where the filter panel's 'Clear all filters' goes: the site's own `search.resetPath`, else the
 * whole-stock search. Only the empty result's 'Clear Filters' defaults to special offers (catalogue
 * §2); a shopper clearing the panel's filters expects to stay on the search page.
 */
export function clearAllFiltersPath(tenant: TenantConfig): string {
  return tenant.search.resetPath ?? ALL_STOCK_SEARCH_PATH;
}
