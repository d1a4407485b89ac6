/**
 * The site a robots.txt, sitemap or feed request is for, with what the page router says about its
 * pages (services/seo stays free of the router: it is given these answers).
 */
import type { Page, ResolvedTenant } from '../../schemas/types.generated';
import { TENANT_HEADER } from '../../engine/tenant-header';
import { getTenant } from '../../engine/tenant-request';
import { pageGate, resolvePage } from '../../engine/resolve-page';
import { localhostTenantsAllowed } from '../../domain/host-name';
import { disallowedPaths } from '../../domain/robots';
import { publicOrigin } from '../../domain/sitemap';
import { isSwitchedOn } from '../../domain/switches';
import type { SeoSite } from '../../services/seo';
import { siteManufacturers } from '../page-data/model-context';
import { siteOrigin } from '../page-data/site-origin';

/** The site's robots.txt Disallow rules: the platform's private paths, and its pages behind a sign-in gate. */
export function siteDisallow(tenant: ResolvedTenant): string[] {
  const pages = (tenant.pages ?? {}) as Record<string, Page | null | undefined>;
  const gated = Object.entries(pages).flatMap(([pattern, page]) =>
    page && isSwitchedOn(page.when, tenant.features) && pageGate(tenant, { pattern, page, params: {} })
      ? [pattern]
      : [],
  );
  return disallowedPaths(gated);
}

/** Whether the site answers `path` with a page anyone may see: it exists, is switched on, needs no sign-in. */
export function sitePageExists(tenant: ResolvedTenant): (path: string) => boolean {
  return (path) => {
    const page = resolvePage(tenant, path);
    return page !== undefined && pageGate(tenant, page) === undefined;
  };
}

/** Everything the sitemap and feeds need to know about a site, its addresses written on `origin`. */
export function seoSiteFor(tenant: ResolvedTenant, origin: string, now: Date = new Date()): SeoSite {
  return {
    tenant,
    origin,
    now,
    disallow: siteDisallow(tenant),
    pageExists: sitePageExists(tenant),
    manufacturers: siteManufacturers(tenant),
  };
}

/**
 * The site of a request in the internal /seo/<slug> tree. The proxy rewrites a tenant host's
 * /robots.txt (etc.) there and sets the tenant header, overwriting any a client sent; both must
 * name the same site, so the path segment alone never picks a site. The addresses are written on
 * the site's canonical origin, or its <slug>.localhost address where that is served
 * (domain/sitemap publicOrigin: a Host header is never echoed).
 */
export function seoSite(request: Request, segment: string, now: Date = new Date()): SeoSite | undefined {
  const slug = request.headers.get(TENANT_HEADER);
  if (!slug || slug !== segment) return undefined;
  const tenant = getTenant(slug);
  if (!tenant) return undefined;
  const origin = publicOrigin({
    slug: tenant.slug,
    canonical: siteOrigin(tenant),
    requestHost: request.headers.get('host'),
    allowLocalhost: localhostTenantsAllowed(),
  });
  return seoSiteFor(tenant, origin, now);
}
