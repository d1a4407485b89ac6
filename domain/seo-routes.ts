/**
 * The addresses a dealer site answers for crawlers and ad platforms (robots.txt, the sitemap and
 * its parts, the advertising feeds), and where the proxy sends them: the internal /seo/<slug>
 * tree (app/seo). Like /site and /live, that tree is reachable only through the proxy's own
 * rewrite: a request for /seo/... on any tenant host is that tenant's page /seo/... (a 404),
 * so no host can read another site's sitemap or feed through it.
 */

/** The internal route tree of these answers. */
export const SEO_TREE = '/seo';

const PART_NAME = /^[a-z0-9][a-z0-9.-]{0,60}$/;

/**
 * A public path -> the internal path under the site's segment (`/robots`, `/sitemap`,
 * `/sitemaps/stock-1.xml`, `/feeds/meta-automotive.csv`), or undefined for every other path.
 * Names inside /sitemaps/ and /feeds/ are checked by their routes; here only their shape.
 */
export function seoRoute(pathname: string): string | undefined {
  if (pathname === '/robots.txt') return '/robots';
  if (pathname === '/sitemap.xml') return '/sitemap';
  const match = /^\/(sitemaps|feeds)\/([^/]+)$/.exec(pathname);
  if (match?.[1] && match[2] && PART_NAME.test(match[2])) return `/${match[1]}/${match[2]}`;
  return undefined;
}

/** The internal address of a site's SEO answer. */
export function seoInternalPath(slug: string, route: string): string {
  return `${SEO_TREE}/${slug}${route}`;
}

export type AdvertisingFeedName = 'google-vehicle-listings.xml' | 'meta-automotive.csv';

/** The advertising feeds: each behind its own feature switch, off by default. */
export const ADVERTISING_FEEDS: Readonly<
  Record<AdvertisingFeedName, { switch: 'googleVehicleFeed' | 'metaAutomotiveFeed'; contentType: string }>
> = {
  'google-vehicle-listings.xml': { switch: 'googleVehicleFeed', contentType: 'application/xml; charset=utf-8' },
  'meta-automotive.csv': { switch: 'metaAutomotiveFeed', contentType: 'text/csv; charset=utf-8; header=present' },
};

export function advertisingFeed(name: string): AdvertisingFeedName | undefined {
  return Object.hasOwn(ADVERTISING_FEEDS, name) ? (name as AdvertisingFeedName) : undefined;
}
