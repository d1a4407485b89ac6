/**
 * The sites the Studio knows, from the tenant registry (files, or the version published in the
 * database) and the tenant store: what the site list shows and what the role checks need.
 */
import { loadTenantRegistry } from '../engine/tenant-registry';
import type { StudioSite } from '../domain/studio/roles';
import { getTenantStore } from '../services/tenant-store';
import { findEditableSite } from './site-documents';
import { siteTimeZoneOf, timeWords } from '../domain/studio/scheduled-publish';

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
  /** Issue 33: the next scheduled publish (on the site's clock, in words) and how many wait. */
  scheduled?: { when: string; message: string; count: number };
  /** Issue 33: schedules not published since the site's last publish (History says why). */
  notPublished?: number;
}

/** Every site, by name. A broken site is listed by its slug with the reason, in the group its document names. */
export async function studioSiteRows(): Promise<StudioSiteRow[]> {
  const store = getTenantStore();
  const published = new Map((await store.listPublished()).map((p) => [p.slug, p]));
  const open = await store.openSchedules();
  const now = new Date();
  const rows: StudioSiteRow[] = [];
  for (const entry of loadTenantRegistry().tenants.values()) {
    const version = published.get(entry.slug);
    const draft = await store.draft(entry.slug);
    const waiting = open.filter((s) => s.slug === entry.slug && s.state === 'scheduled');
    const refused = open.filter((s) => s.slug === entry.slug && s.state === 'not-published').length;
    const next = waiting[0];
    const timeZone = siteTimeZoneOf(entry.ok ? entry.config : undefined);
    const facts = {
      ...(next
        ? {
            scheduled: {
              when: timeWords(new Date(next.publishAt), timeZone, now),
              message: next.message,
              count: waiting.length,
            },
          }
        : {}),
      ...(refused ? { notPublished: refused } : {}),
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
