/**
 * The sites the Studio knows, from the tenant registry (files, or the version published in the
 * database) and the tenant store: what the site list shows and what the role checks need.
 */
import { loadTenantRegistry } from '../engine/tenant-registry';
import type { StudioSite } from '../domain/studio/roles';
import { getTenantStore } from '../services/tenant-store';
import { findEditableSite } from './site-documents';

export interface StudioSiteRow extends StudioSite {
  slug: string;
  name: string;
  domains: string[];
  template: string;
  dealershipGroup?: string;
  /** Set when the site's configuration does not validate (it is not served). */
  problem?: string;
  /** The version published in the Studio, when there is one (else the site is served from its file). */
  published?: { versionId: number; by: string; at: string };
  /** The unpublished draft, when there is one. */
  draft?: { by: string; at: string };
}

/** Every site, by name. A broken site is listed by its slug with the reason, in the group its document names. */
export async function studioSiteRows(): Promise<StudioSiteRow[]> {
  const store = getTenantStore();
  const published = new Map((await store.listPublished()).map((p) => [p.slug, p]));
  const rows: StudioSiteRow[] = [];
  for (const entry of loadTenantRegistry().tenants.values()) {
    const version = published.get(entry.slug);
    const draft = await store.draft(entry.slug);
    const facts = {
      ...(version
        ? { published: { versionId: version.versionId, by: version.publishedBy, at: version.publishedAt } }
        : {}),
      ...(draft ? { draft: { by: draft.author, at: draft.createdAt } } : {}),
    };
    if (entry.ok) {
      const { config } = entry;
      rows.push({
        slug: entry.slug,
        name: config.name,
        domains: [...config.domains],
        template: config.template,
        ...(config.dealershipGroup ? { dealershipGroup: config.dealershipGroup } : {}),
        ...facts,
      });
    } else {
      // Its group as its document writes it: a broken site still belongs to its group's editors.
      const group = (await findEditableSite(entry.slug))?.dealershipGroup;
      rows.push({
        slug: entry.slug,
        name: entry.slug,
        domains: [],
        template: '',
        ...(group ? { dealershipGroup: group } : {}),
        problem: `Its configuration has ${entry.issues.length} error(s) (${entry.file}); the site is not served.`,
        ...facts,
      });
    }
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.slug.localeCompare(b.slug));
}

export async function findStudioSite(slug: string): Promise<StudioSiteRow | undefined> {
  return (await studioSiteRows()).find((site) => site.slug === slug);
}
