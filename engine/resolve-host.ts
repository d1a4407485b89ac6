import { normaliseHost } from '../domain/host-name';
import type { PageKind } from '../blocks/types';

export type HostResolution =
  | {
      kind: 'tenant';
      slug: string;
      /** A preview address (`<slug>.<PREVIEW_DOMAIN>`): only the Studio's preview is served there. */
      preview?: true;
    }
  | { kind: 'unknown' };

/**
 * Host header -> tenant slug. `<slug>.localhost` addresses the tenant when `allowLocalhost` is set
 * (development, demo, tests), and no other `*.localhost` name ever does: a domain in a document
 * cannot take a site's development address (issue 30). `<slug>.<previewDomain>` is the tenant's
 * preview address (PREVIEW_DOMAIN, issue 30 L2). A production domain is looked up in the domains
 * list, where a leading "www." is also accepted or added. Anything else is unknown, and the caller
 * answers a plain 404 that names no tenant.
 */
export function resolveHost(
  host: string | null | undefined,
  domains: ReadonlyMap<string, string>,
  slugs: ReadonlySet<string>,
  allowLocalhost: boolean,
  previewDomain?: string,
): HostResolution {
  const name = normaliseHost(host);
  if (!name) return { kind: 'unknown' };
  if (name === 'localhost' || name.endsWith('.localhost')) {
    const local = /^([a-z0-9-]+)\.localhost$/.exec(name);
    return allowLocalhost && local?.[1] && slugs.has(local[1])
      ? { kind: 'tenant', slug: local[1] }
      : { kind: 'unknown' };
  }
  if (previewDomain && name.endsWith(`.${previewDomain}`)) {
    const label = name.slice(0, -(previewDomain.length + 1));
    return /^[a-z0-9-]+$/.test(label) && slugs.has(label)
      ? { kind: 'tenant', slug: label, preview: true }
      : { kind: 'unknown' };
  }
  const bySite =
    domains.get(name) ?? (name.startsWith('www.') ? domains.get(name.slice(4)) : domains.get(`www.${name}`));
  return bySite ? { kind: 'tenant', slug: bySite } : { kind: 'unknown' };
}

/**
 * Internal prefixes the proxy rewrites tenant requests to, never reachable from outside: /site for
 * pages that depend only on tenant and path (cached), /live for pages that read the query string.
 */
export const TENANT_ROUTE_PREFIX = '/site';
export const LIVE_ROUTE_PREFIX = '/live';

/**
 * The tenant segment of an internal path: the slug, and for a site served from a version
 * published in the database, `~v<versionId>` (issue 16). The version makes a publish a new page
 * cache key in every process at once: the next view renders the new version, and pages cached for
 * the old one are never asked for again and age out of the bounded cache. A cached page's segment
 * also carries the stock generation, `~s<generation>` (issue 17): it moves when an import, a hold
 * or a release is made by any process, so every process's cached pages show the change within a
 * second instead of after their 60 s. Only the proxy writes this segment; the shopper's path
 * always comes after it.
 */
const VERSION_MARK = '~v';
const STOCK_MARK = '~s';
const TENANT_SEGMENT = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:~v([1-9][0-9]{0,14}))?(?:~s([0-9]{1,15}(?:\.[0-9]{1,15})?))?$/;

export function tenantSegment(slug: string, versionId?: number, stockGeneration?: string): string {
  const version = versionId === undefined ? '' : `${VERSION_MARK}${versionId}`;
  const stock = stockGeneration === undefined ? '' : `${STOCK_MARK}${stockGeneration}`;
  return `${slug}${version}${stock}`;
}

/** `<slug>`, `<slug>~v<versionId>`, either with `~s<generation>` -> its parts; anything else names no tenant. */
export function parseTenantSegment(segment: string): { slug: string; versionId?: number } | undefined {
  const match = TENANT_SEGMENT.exec(segment);
  if (!match?.[1]) return undefined;
  return match[2] === undefined ? { slug: match[1] } : { slug: match[1], versionId: Number(match[2]) };
}

/** A stock generation is `<n>` or `<n>.<n>` (engine/stock-generation.ts), up to 15 digits each. */
export const STOCK_GENERATION = /^[0-9]{1,15}(?:\.[0-9]{1,15})?$/;

export function internalPath(
  slug: string,
  pathname: string,
  kind: PageKind,
  live = false,
  versionId?: number,
  stockGeneration?: string,
): string {
  const prefix = live ? LIVE_ROUTE_PREFIX : TENANT_ROUTE_PREFIX;
  // Pages rendered per request are never cached, so the generation would only lengthen their path.
  const stock =
    live || stockGeneration === undefined || !STOCK_GENERATION.test(stockGeneration) ? undefined : stockGeneration;
  // The page's kind names the route module that renders it (issue 34): app/<tree>/[tenant]/<kind>/.
  return `${prefix}/${tenantSegment(slug, versionId, stock)}/${kind}${pathname === '/' ? '' : pathname}`;
}
