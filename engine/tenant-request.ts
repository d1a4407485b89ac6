import { cache } from 'react';
import { loadTenantRegistry, type TenantConfig } from './tenant-registry';

/** The resolved tenant for this request (per-request memo); undefined when unknown or broken. */
export const getTenant = cache((slug: string): TenantConfig | undefined => {
  const entry = loadTenantRegistry().tenants.get(slug);
  return entry?.ok ? entry.config : undefined;
});

export { resolvePage, pageTitle, type ResolvedPage } from './resolve-page';
