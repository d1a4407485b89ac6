import { describe, expect, it } from 'vitest';
import {
  DISALLOW_ALL_ROBOTS,
  disallowedPaths,
  PRIVATE_PATHS,
  robotsAllows,
  robotsMatcher,
  robotsTxt,
  routePatternPath,
} from './robots';

describe('robots.txt', () => {
  it('allows everything but the disallowed paths and names the sitemap by its absolute address', () => {
    expect(
      robotsTxt({
        disallow: ['/api/', '/*?'],
        sitemapUrl: 'https://www.dealer.example/sitemap.xml',
        siteName: 'Dealer\nMotors',
      }),
    ).toBe(
      [
        '# Dealer Motors',
        'User-agent: *',
        'Allow: /',
        'Allow: /api/images',
        'Disallow: /api/',
        'Disallow: /*?',
        '',
        'Sitemap: https://www.dealer.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('forbids everything on a host that must not be indexed', () => {
    expect(DISALLOW_ALL_ROBOTS).toBe('User-agent: *\nDisallow: /\n');
  });

  it("adds a site's pages behind a sign-in, each for that page alone", () => {
    expect(routePatternPath('/spin-to-win')).toBe('/spin-to-win$');
    expect(routePatternPath('/my-garage/:brand')).toBe('/my-garage/*');
    expect(routePatternPath('/search/:type?/:model?')).toBe('/search/*/*');
    const rules = disallowedPaths(['/personalised/finance', '/watchlist']);
    expect(rules.slice(0, PRIVATE_PATHS.length)).toEqual([...PRIVATE_PATHS]);
    expect(rules).toContain('/personalised/finance$');
    // Already private: not repeated.
    expect(rules.filter((rule) => rule === '/watchlist$')).toHaveLength(1);
  });
});

describe('robotsAllows (RFC 9309 longest match, * and $)', () => {
  const rules = disallowedPaths();
  const allows = robotsMatcher(rules);

  it('keeps content, vehicle, location and search pages open', () => {
    for (const path of [
      '/',
      '/cars/2022-mazda-cx-5-100001',
      '/locations/harbour-city-mazda-sales',
      '/search/used-cars',
      '/search/mazda/cx-5',
      '/success-stories',
      '/printing',
      '/about-us',
    ])
      expect(allows(path), path).toBe(true);
  });

  it('closes the API, previews, checkout, accounts and every address with a query string', () => {
    for (const path of [
      '/api/leads',
      '/_preview/abc/cars/x',
      '/cars/2022-mazda-cx-5-100001/checkout',
      '/cars/x/buy-online',
      '/checkout-journey',
      '/sign-in',
      '/watchlist',
      '/my-garage',
      '/my-garage/mazda',
      '/favourites',
      '/print',
      '/success',
      '/search/used-cars?page=2',
      '/cars/trade-in?car_id=5',
      '/?utm_source=x',
    ])
      expect(allows(path), path).toBe(false);
  });

  // Ad feeds and structured data name site photos by the image route (domain/vehicle-structured-data
  // publicPhotoUrl): Google's and Meta's fetchers must be let in there, and nowhere else in /api/.
  it('opens the image route, query string and all, and nothing else in the API', () => {
    expect(allows('/api/images?url=%2Facceptance%2Fcar-0.jpg&w=1200')).toBe(true);
    expect(allows('/api/images/placeholder?body=suv')).toBe(true);
    expect(allows('/api/leads')).toBe(false);
    expect(allows('/api/image')).toBe(false);
    expect(allows('/api/watchlist?x=/api/images')).toBe(false);
    expect(robotsAllows(['/api/'], '/api/images?w=1200')).toBe(true);
    expect(robotsAllows(['/api/'], '/api/images?w=1200', [])).toBe(false);
  });

  it('is the same answer one path at a time', () => {
    expect(robotsAllows(rules, '/print')).toBe(false);
    expect(robotsAllows(rules, '/printing')).toBe(true);
    expect(robotsAllows([], '/anything')).toBe(true);
  });
});
