/**
 * Where 'Book a Service' leads (catalogue §2 Locations listing: "a per-dealer service booking
 * address, or /service"; conversion §1: the dealer's external service-booking address, xtime_url,
 * which migration 001 moves to contact.serviceBookingUrl). Pure.
 */
import { isSitePath } from '../site-path';

/** spec: catalogue §2 / conversion §2.1 — the site's own service page when no booking address is set. */
export const SERVICE_PATH = '/service';

export interface ServiceBookingSources {
  /** Booking addresses set for single locations (locationSettings.serviceBookingByLocation). */
  byLocation?: ReadonlyArray<{ locationId: number; url: string }>;
  /** The dealer's booking system (contact.serviceBookingUrl, where the legacy xtime_url lands). */
  contactUrl?: string;
  /** The locations' booking address (locationSettings.serviceBookingUrl). */
  settingsUrl?: string;
}

/**
 * Only a page of this site or a web address is a link a shopper can follow safely: the contact
 * field is checked only as a URI by the schema, so `javascript:` or `mailto:` could reach it.
 */
function usable(href: string | undefined): href is string {
  if (!href) return false;
  const trimmed = href.trim();
  // '//host' and '/\host' are another site to a browser, not a page of this one.
  if (trimmed.startsWith('/')) return isSitePath(trimmed);
  // Browsers drop tabs and line breaks inside an address.
  return /^https?:\/\/[^/\s]/i.test(trimmed) && !/[\u0000-\u001f\u007f]/.test(trimmed);
}

/**
 * The 'Book a Service' address for a location (or for the site, without one): the location's own
 * booking address, else the dealer's booking system, else the locations' booking address, else
 * /service. An address that is not a site path or http(s) web address is passed over.
 */
export function serviceBookingHref(sources: ServiceBookingSources, locationId?: number): string {
  const own = locationId === undefined ? undefined : sources.byLocation?.find((b) => b.locationId === locationId)?.url;
  for (const href of [own, sources.contactUrl, sources.settingsUrl]) if (usable(href)) return href.trim();
  return SERVICE_PATH;
}

/** Whether a booking address leaves the site (opened in a new tab, and announced as such). */
export function isExternalBooking(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** A menu entry or slide that may ask for the dealer's booking address instead of its own Link. */
export interface BookingAwareLink {
  href?: string;
  serviceBooking?: boolean;
}

/**
 * Where a menu entry or slide leads (catalogue §2: 'Book a Service' goes to a per-dealer service
 * booking address, or to /service). A link marked serviceBooking takes the dealer's booking system,
 * else the locations' booking address, else its own Link, else /service, so one template menu
 * serves dealers with and without a booking system. Other links keep their Link.
 */
export function bookingAwareHref(link: BookingAwareLink, sources: ServiceBookingSources): string | undefined {
  if (!link.serviceBooking) return link.href;
  for (const href of [sources.contactUrl, sources.settingsUrl, link.href]) if (usable(href)) return href.trim();
  return SERVICE_PATH;
}
