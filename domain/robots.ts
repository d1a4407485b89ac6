/**
 * robots.txt for a dealer site (RFC 9309, with the `*` and `$` patterns every major crawler
 * reads). Everything is open to crawlers except addresses that are private, per visitor, or
 * endless: the platform's API, the Studio's previews, checkout and account pages, pages that need
 * sign-in, and any address with a query string. A query string is how the search page's filters,
 * sorting and paging and the forms' ?car_id= are written: every combination is a page of its own
 * (rendered per request), so crawling them would never end, and each has a query-free canonical
 * address that the sitemap lists instead (the search pages themselves, /search/{make}/{model},
 * every car's /cars/{slug}). One address inside the API stays open: the image route, by which the
 * advertising feeds and structured data name some photos (ALLOWED_PATHS).
 */

/** Paths no crawler needs, on every site. */
export const PRIVATE_PATHS: readonly string[] = [
  // The platform's API (forms, watchlist, PDFs): nothing to index, and some calls count views.
  '/api/',
  // The Studio's live preview of a draft on the dealer's host (issue 16): never public content.
  '/_preview/',
  '/*?',
  // Checkout, sign-in, the shopper's own lists, the printable page and the thank-you page. Single
  // pages end in $ so that a dealer's own page such as /success-stories stays open.
  '/cars/*/checkout',
  '/cars/*/buy-online',
  '/checkout-journey$',
  '/online-payment$',
  '/sign-in$',
  '/watchlist$',
  '/my-garage$',
  '/my-garage/',
  '/favourites$',
  '/compare$',
  '/print$',
  '/success$',
];

/**
 * Paths open to crawlers inside the private ones, written as Allow lines before the Disallow
 * lines. The image route (/api/images?url=...): the advertising feeds and the vehicle pages'
 * structured data name a site photo outside /media and /assets by it (that is how the site shows
 * such a photo), and Google's and Meta's fetchers read robots.txt before fetching a photo. It is
 * longer than both `/api/` and `/*?`, so it wins for crawlers that take the longest match (RFC
 * 9309, Google), and comes first for those that take the first.
 */
export const ALLOWED_PATHS: readonly string[] = ['/api/images'];

/** robots.txt of a host that must not be indexed at all (the Tenant Studio). */
export const DISALLOW_ALL_ROBOTS = 'User-agent: *\nDisallow: /\n';

/** A page route pattern as a robots.txt path pattern for that page alone: /my-garage/:brand -> /my-garage/*, /spin-to-win -> /spin-to-win$. */
export function routePatternPath(pattern: string): string {
  const path = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '*' : segment))
    .join('/');
  return path.endsWith('*') ? path : `${path}$`;
}

/** The site's Disallow lines: the private paths, then its pages behind a sign-in gate (`gated`: their route patterns). */
export function disallowedPaths(gated: readonly string[] = []): string[] {
  return [...new Set([...PRIVATE_PATHS, ...gated.map(routePatternPath)])];
}

/**
 * The whole robots.txt: allow everything but `disallow`, except `allow` inside it (default
 * ALLOWED_PATHS), and name the sitemap by its absolute address.
 */
export function robotsTxt(input: {
  disallow: readonly string[];
  allow?: readonly string[];
  sitemapUrl: string;
  siteName?: string;
}): string {
  const name = input.siteName?.replace(/[\r\n]+/g, ' ').trim();
  return [
    ...(name ? [`# ${name}`] : []),
    'User-agent: *',
    'Allow: /',
    ...(input.allow ?? ALLOWED_PATHS).map((path) => `Allow: ${path}`),
    ...input.disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${input.sitemapUrl}`,
    '',
  ].join('\n');
}

function patternRegExp(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/**
 * Whether a crawler following these rules may fetch a path (with its query string, if any):
 * RFC 9309 §2.2.2, the longest matching rule wins, an Allow and a Disallow of the same length
 * allow, and `Allow: /` loses to any longer Disallow. `allow` are the Allow lines besides
 * `Allow: /` (default ALLOWED_PATHS, as robotsTxt writes them). The rules are compiled once; the
 * sitemap uses the answer so that it never lists an address the same site's robots.txt forbids.
 */
export function robotsMatcher(
  disallow: readonly string[],
  allow: readonly string[] = ALLOWED_PATHS,
): (pathAndQuery: string) => boolean {
  const compile = (rule: string) => ({ test: patternRegExp(rule), length: rule.replace(/\$$/, '').length });
  const disallowRules = disallow.filter((rule) => rule.length > 0).map(compile);
  const allowRules = ['/', ...allow.filter((rule) => rule.length > 0)].map(compile);
  const longest = (rules: ReturnType<typeof compile>[], pathAndQuery: string) => {
    let length = 0;
    for (const rule of rules) if (rule.length > length && rule.test.test(pathAndQuery)) length = rule.length;
    return length;
  };
  return (pathAndQuery) => longest(disallowRules, pathAndQuery) <= longest(allowRules, pathAndQuery);
}

/** robotsMatcher for one path. */
export function robotsAllows(
  disallow: readonly string[],
  pathAndQuery: string,
  allow: readonly string[] = ALLOWED_PATHS,
): boolean {
  return robotsMatcher(disallow, allow)(pathAndQuery);
}
