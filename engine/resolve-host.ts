import { normaliseHost } from '../domain/host-name';

export type HostResolution = { kind: 'tenant'; slug: string } | { kind: 'unknown' };

/**
 * Host header -> tenant slug. A production domain is looked up in the domains list (a leading
 * "www." is also accepted); `<slug>.localhost` addresses the tenant when `allowLocalhost` is set
 * (development, demo, tests). Anything else is unknown, and the caller answers a plain 404 that
 * names no tenant.
 */
export function resolveHost(
  host: string | null | undefined,
  domains: ReadonlyMap<string, string>,
  slugs: ReadonlySet<string>,
  allowLocalhost: boolean,
): HostResolution {
  const name = normaliseHost(host);
  if (!name) return { kind: 'unknown' };
  const bySite =
    domains.get(name) ?? (name.startsWith('www.') ? domains.get(name.slice(4)) : domains.get(`www.${name}`));
  if (bySite) return { kind: 'tenant', slug: bySite };
  if (!allowLocalhost) return { kind: 'unknown' };
  const local = /^([a-z0-9-]+)\.localhost$/.exec(name);
  if (local?.[1] && slugs.has(local[1])) return { kind: 'tenant', slug: local[1] };
  return { kind: 'unknown' };
}

/**
 * Internal prefixes the proxy rewrites tenant requests to, never reachable from outside: /site for
 * pages that depend only on tenant and path (cached), /live for pages that read the query string.
 */
export const TENANT_ROUTE_PREFIX = '/site';
export const LIVE_ROUTE_PREFIX = '/live';

export function internalPath(slug: string, pathname: string, live = false): string {
  return `${live ? LIVE_ROUTE_PREFIX : TENANT_ROUTE_PREFIX}/${slug}${pathname === '/' ? '' : pathname}`;
}
