import { cache } from 'react';
import { loadTenantRegistry, type TenantConfig } from './tenant-registry';
import { internalPath, parseTenantSegment } from './resolve-host';
import { currentStockGeneration } from './stock-generation';
import { resolvePage } from './resolve-page';
import { routeKind } from './page-kinds';

/** The resolved tenant for this request (per-request memo); undefined when unknown or broken. */
export const getTenant = cache((slug: string): TenantConfig | undefined => {
  const entry = loadTenantRegistry().tenants.get(slug);
  return entry?.ok ? entry.config : undefined;
});

/**
 * The tenant of a page in the internal trees: `params.tenant` is `<slug>` or `<slug>~v<version>`
 * (engine/resolve-host.ts); anything else is not found. The page shows the version this process
 * serves now: the version in the path only keys the page cache, and a process's snapshot only
 * moves forward, so a page cached under a version never shows an older one.
 */
export function tenantFromParam(param: string): TenantConfig | undefined {
  const parsed = parseTenantSegment(param);
  return parsed ? getTenant(parsed.slug) : undefined;
}

/** The internal path a cached page of this tenant is kept under now (for revalidatePath). */
export function cachedPagePath(slug: string, pathname: string): string {
  const entry = loadTenantRegistry().tenants.get(slug);
  const page = entry?.ok ? resolvePage(entry.config, pathname)?.page : undefined;
  return internalPath(slug, pathname, routeKind(page), false, entry?.versionId, currentStockGeneration());
}

export { resolvePage, pageTitle, type ResolvedPage } from './resolve-page';
export type { TenantConfig } from './tenant-registry';
