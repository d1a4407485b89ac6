/**
 * A site's robots.txt and sitemap. The sitemap is an index of parts, at most 50,000 addresses
 * each: the content pages (home, what the menus link to, the other fixed pages), the location
 * pages, the new-model pages, and every listed car's vehicle page. An address is listed only when
 * the site answers it with a page: the page exists and is switched on, needs no sign-in, and the
 * site's own robots.txt lets crawlers fetch it. A part is streamed a page of cars at a time.
 */
import { footerColumns } from '../../domain/menus/footer-columns';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { robotsMatcher, robotsTxt } from '../../domain/robots';
import { contentPagePaths, isFixedPattern } from '../../domain/sitemap-pages';
import { vehiclePagePath } from '../../domain/inventory-feed';
import {
  absoluteSiteUrl,
  lastmod,
  partFile,
  partRange,
  readPageSize,
  sectionParts,
  sitemapIndexXml,
  SITEMAP_MAX_URLS,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlXml,
  type SitemapEntry,
  type SitemapPart,
} from '../../domain/sitemap';
import type { SeoData } from './seo-data';

export interface SeoSite {
  tenant: ResolvedTenant;
  /** The origin addresses are written on (domain/sitemap publicOrigin). */
  origin: string;
  now: Date;
  /** The site's robots.txt Disallow rules (domain/robots disallowedPaths with its gated pages). */
  disallow: readonly string[];
  /**
   * Whether the site answers a path with a page anyone may see: a page exists for it, is switched
   * on and needs no sign-in (the page router decides; server/seo/seo-site.ts).
   */
  pageExists: (path: string) => boolean;
  /** The manufacturers whose new models the site shows (its own list, else its brands). */
  manufacturers: readonly string[];
  /** Addresses per sitemap part: SITEMAP_MAX_URLS, smaller in tests. */
  partSize?: number;
}

export function siteRobotsTxt(site: Pick<SeoSite, 'tenant' | 'origin' | 'disallow'>): string {
  return robotsTxt({ disallow: site.disallow, sitemapUrl: `${site.origin}/sitemap.xml`, siteName: site.tenant.name });
}

/** Whether the sitemap may list a path: the site answers it with a page, and its robots.txt lets crawlers fetch it. */
export function indexablePage(site: Pick<SeoSite, 'disallow' | 'pageExists'>): (path: string) => boolean {
  const allowed = robotsMatcher(site.disallow);
  return (path) => site.pageExists(path) && allowed(path);
}

/**
 * Which car paths the sitemap lists, or undefined when the site's vehicle pages are not
 * indexable at all. The vehicle page route is checked once, not for each of 50,000 paths; a car
 * whose path a fixed page shadows (slug 'trade-in' is /cars/trade-in, the trade-in page) is left
 * out, as is any path robots.txt forbids.
 */
export function vehiclePageFilter(site: SeoSite): ((path: string) => boolean) | undefined {
  const probe = vehiclePagePath({ slug: 'sitemap-probe' });
  if (!indexablePage(site)(probe)) return undefined;
  const shadowed = new Set(
    Object.keys(site.tenant.pages ?? {})
      .filter((pattern) => isFixedPattern(pattern) && pattern.startsWith('/cars/'))
      .map((pattern) => pattern.toLowerCase()),
  );
  const allowed = robotsMatcher(site.disallow);
  return (path) => !shadowed.has(path.toLowerCase()) && allowed(path);
}

function entriesOf(origin: string, items: ReadonlyArray<{ path: string; updatedAt?: string }>): SitemapEntry[] {
  return items.flatMap(({ path, updatedAt }) => {
    const loc = absoluteSiteUrl(origin, path);
    if (!loc) return [];
    const modified = lastmod(updatedAt);
    return [{ loc, ...(modified ? { lastmod: modified } : {}) }];
  });
}

type SmallSection = Exclude<SitemapPart['section'], 'stock'>;

/** The content, location and model entries of the site (small enough to hold: a site has tens to hundreds). */
async function smallSections(data: SeoData, site: SeoSite): Promise<Record<SmallSection, SitemapEntry[]>> {
  const { tenant, origin } = site;
  const indexable = indexablePage(site);
  const pagePaths = contentPagePaths(
    {
      header: tenant.menus.header,
      footer: footerColumns(tenant.menus.header, tenant.menus.footer, {
        repeatHeader: tenant.menus.footerRepeatsHeader,
        linksHeading: tenant.menus.footerLinksHeading,
      }),
      brands: tenant.brands,
      patterns: Object.keys(tenant.pages ?? {}),
      features: tenant.features,
    },
    indexable,
  );
  const [locations, models] = await Promise.all([data.locations(tenant), data.models(site.manufacturers)]);
  // The address the location listing, carousel and menu link each location to (server/page-data/locations-data.ts).
  const locationItems = locations
    .map(({ location, updatedAt }) => ({ path: `/locations/${location.slug}`, updatedAt }))
    .filter(({ path }) => indexable(path));
  const modelItems = models
    .map(({ slug, updatedAt }) => ({ path: `/models/${slug}`, updatedAt }))
    .filter(({ path }) => indexable(path));
  return {
    pages: entriesOf(
      origin,
      pagePaths.map((path) => ({ path })),
    ),
    locations: entriesOf(origin, locationItems),
    models: entriesOf(origin, modelItems),
  };
}

function newest(entries: readonly SitemapEntry[]): string | undefined {
  let latest: string | undefined;
  for (const entry of entries) if (entry.lastmod && (!latest || entry.lastmod > latest)) latest = entry.lastmod;
  return latest;
}

/** The sitemap index: one entry per part, or undefined when the site has nothing to list. */
export async function sitemapIndex(data: SeoData, site: SeoSite): Promise<string | undefined> {
  const size = site.partSize ?? SITEMAP_MAX_URLS;
  const small = await smallSections(data, site);
  const carsIndexable = vehiclePageFilter(site) !== undefined;
  const [cars, changed] = await Promise.all([
    carsIndexable ? data.listedCount(site.tenant, site.now) : Promise.resolve(0),
    data.stockChangedAt(),
  ]);
  const entries: SitemapEntry[] = [];
  for (const section of ['pages', 'locations', 'models'] as const)
    for (const part of sectionParts(section, small[section].length, size)) {
      const { offset, limit } = partRange(part.part, size);
      const modified = newest(small[section].slice(offset, offset + limit));
      entries.push({ loc: `${site.origin}/sitemaps/${partFile(part)}`, ...(modified ? { lastmod: modified } : {}) });
    }
  const stockModified = lastmod(changed);
  for (const part of sectionParts('stock', cars, size))
    entries.push({
      loc: `${site.origin}/sitemaps/${partFile(part)}`,
      ...(stockModified ? { lastmod: stockModified } : {}),
    });
  return entries.length ? sitemapIndexXml(entries) : undefined;
}

/**
 * One part of the sitemap as text chunks: nothing at all when the part is empty or does not
 * exist (the route answers 404), else the <urlset> with its entries. A stock part reads its cars
 * one search page at a time, so a 50,000-car part never holds more than one page of cars.
 */
export async function* sitemapPart(data: SeoData, site: SeoSite, part: SitemapPart): AsyncGenerator<string> {
  const size = site.partSize ?? SITEMAP_MAX_URLS;
  const { offset, limit } = partRange(part.part, size);
  if (part.section !== 'stock') {
    const entries = (await smallSections(data, site))[part.section].slice(offset, offset + limit);
    if (!entries.length) return;
    yield URLSET_OPEN;
    yield entries.map(urlXml).join('');
    yield URLSET_CLOSE;
    return;
  }
  const listed = vehiclePageFilter(site);
  if (!listed) return;
  let opened = false;
  for await (const cars of data.listedCars(site.tenant, site.now, { offset, limit, pageSize: readPageSize(size) })) {
    const items = cars.map((car) => ({ id: car.id, path: vehiclePagePath(car) })).filter(({ path }) => listed(path));
    if (!items.length) continue;
    const times = await data.carTimes(items.map((item) => item.id));
    const chunk = entriesOf(
      site.origin,
      items.map(({ id, path }) => ({ path, updatedAt: times.get(id) })),
    )
      .map(urlXml)
      .join('');
    if (!opened) {
      opened = true;
      yield URLSET_OPEN;
    }
    yield chunk;
  }
  if (opened) yield URLSET_CLOSE;
}

/** Whether a part has any address, without building it (HEAD requests): counts only. */
export async function sitemapPartExists(data: SeoData, site: SeoSite, part: SitemapPart): Promise<boolean> {
  const size = site.partSize ?? SITEMAP_MAX_URLS;
  const { offset } = partRange(part.part, size);
  if (part.section !== 'stock') return (await smallSections(data, site))[part.section].length > offset;
  if (!vehiclePageFilter(site)) return false;
  return (await data.listedCount(site.tenant, site.now)) > offset;
}
