import { cache } from 'react';
import { loadTenantRegistry, type TenantConfig } from './tenant-registry';
import { matchRoute } from './match-route';
import { isSwitchedOn } from '../domain/switches';
import type { Page } from '../schemas/types.generated';

/** The resolved tenant for this request (per-request memo); undefined when unknown or broken. */
export const getTenant = cache((slug: string): TenantConfig | undefined => {
  const entry = loadTenantRegistry().tenants.get(slug);
  return entry?.ok ? entry.config : undefined;
});

export interface ResolvedPage {
  pattern: string;
  page: Page;
  params: Record<string, string>;
}

/** The tenant's page for a path, honouring the page's own switch; undefined means 404. */
export function resolvePage(tenant: TenantConfig, path: string): ResolvedPage | undefined {
  const pages = (tenant.pages ?? {}) as Record<string, Page | null | undefined>;
  const match = matchRoute(Object.keys(pages), path);
  const page = match ? pages[match.pattern] : undefined;
  if (!match || !page) return undefined;
  if (!isSwitchedOn(page.when, tenant.features)) return undefined;
  return { pattern: match.pattern, page, params: match.params };
}

export function pageTitle(page: Page, tenant: TenantConfig): string {
  return page.title.replaceAll('{site}', tenant.name);
}
