/**
 * robots.txt for a dealer site (RFC 9309, with the `*` and `$` patterns every major crawler
 * reads). Everything is open to crawlers except addresses that are private, per visitor, or
 * endless: the platform's API, the Studio's previews, checkout and account pages, pages that need
 * sign-in, and any address with a query string. A query string is how the search page's filters,
 * sorting and paging and the forms' ?car_id= are written: every combination is a page of its own
 * (rendered per request), so crawling them would never end, and each has a query-free canonical
 * address that the sitemap lists instead (the search pages themselves, /search/{make}/{model},
 * every car's /cars/{slug}).
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
  '/print$',
  '/success$',
];

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

/** The whole robots.txt: allow everything but `disallow`, and name the sitemap by its absolute address. */
export function robotsTxt(input: { disallow: readonly string[]; sitemapUrl: string; siteName?: string }): string {
  const name = input.siteName?.replace(/[\r\n]+/g, ' ').trim();
  return [
    ...(name ? [`# ${name}`] : []),
    'User-agent: *',
    'Allow: /',
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
 * RFC 9309 §2.2.2, the longest matching rule wins, and `Allow: /` loses to any longer Disallow.
 * The rules are compiled once; the sitemap uses the answer so that it never lists an address the
 * same site's robots.txt forbids.
 */
export function robotsMatcher(disallow: readonly string[]): (pathAndQuery: string) => boolean {
  const allowLength = 1; // 'Allow: /' matches every path
  const rules = disallow
    .filter((rule) => rule.length > 0)
    .map((rule) => ({ test: patternRegExp(rule), length: rule.replace(/\$$/, '').length }));
  return (pathAndQuery) => {
    let longest = 0;
    for (const rule of rules) if (rule.length > longest && rule.test.test(pathAndQuery)) longest = rule.length;
    return longest <= allowLength;
  };
}

/** robotsMatcher for one path. */
export function robotsAllows(disallow: readonly string[], pathAndQuery: string): boolean {
  return robotsMatcher(disallow)(pathAndQuery);
}
