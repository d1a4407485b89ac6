/** The 'Contact Us' address of a location (catalogue §2 Locations listing, conversion §2.3). */
import { slugify } from '../slug';

// spec: catalogue §2 — 'Contact Us' goes to /contact-us/{slugified location name}.
export const CONTACT_US_BASE_PATH = '/contact-us';

/**
 * spec: catalogue §2 — "a trailing ' - Sales', ' - Service' or ' - Parts' is dropped from the name
 * first". Matched without regard to case or extra spaces, because names are typed by hand in the
 * dealer's system. Only one suffix is dropped, and only a whole one ('Motorparts' stays).
 */
const TRAILING_TYPE_SUFFIX = /\s+-\s+(?:sales|service|parts)\s*$/i;

/** 'Bayside Motors - Service' -> 'bayside-motors'. */
export function contactUsSlug(name: string): string {
  return slugify(name.replace(TRAILING_TYPE_SUFFIX, ''));
}

/** '/contact-us/bayside-motors'; a tenant using /our-location passes its own base path. */
export function contactUsPath(name: string, basePath: string = CONTACT_US_BASE_PATH): string {
  return `${basePath.replace(/\/+$/, '')}/${contactUsSlug(name)}`;
}

/**
 * The location a /contact-us/{slug} address names. The route is documented with the location slug
 * (conversion §2.3) but the button links with the slugified name (catalogue §2), and the two differ
 * ('bayside-motors-sales' vs 'bayside-motors'), so both must resolve. An exact slug wins;
 * otherwise the first location whose name gives the slug, so pass the locations in listing order
 * (sales before service and parts share a name once their suffixes are dropped).
 */
export function findLocationByContactSlug<T extends { name: string; slug: string }>(
  locations: readonly T[],
  slug: string,
): T | undefined {
  const wanted = slug.trim().toLowerCase();
  return (
    locations.find((l) => l.slug.toLowerCase() === wanted) ?? locations.find((l) => contactUsSlug(l.name) === wanted)
  );
}
