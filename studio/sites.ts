/**
 * The sites the Studio knows, from the tenant registry (files, or the version published in the
 * database): what the site list shows and what the role checks need.
 */
import { loadTenantRegistry } from '../engine/tenant-registry';
import type { StudioSite } from '../domain/studio/roles';

export interface StudioSiteRow extends StudioSite {
  slug: string;
  name: string;
  domains: string[];
  template: string;
  dealershipGroup?: string;
  /** Set when the site's configuration does not validate (it is not served). */
  problem?: string;
}

/** Every site, by name. A broken site is listed by its slug with the reason (its group is unknown then). */
export function studioSiteRows(): StudioSiteRow[] {
  const rows: StudioSiteRow[] = [];
  for (const entry of loadTenantRegistry().tenants.values()) {
    if (entry.ok) {
      const { config } = entry;
      rows.push({
        slug: entry.slug,
        name: config.name,
        domains: [...config.domains],
        template: config.template,
        ...(config.dealershipGroup ? { dealershipGroup: config.dealershipGroup } : {}),
      });
    } else
      rows.push({
        slug: entry.slug,
        name: entry.slug,
        domains: [],
        template: '',
        problem: `Its configuration has ${entry.issues.length} error(s) (${entry.file}); the site is not served.`,
      });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.slug.localeCompare(b.slug));
}

export function findStudioSite(slug: string): StudioSiteRow | undefined {
  return studioSiteRows().find((site) => site.slug === slug);
}
