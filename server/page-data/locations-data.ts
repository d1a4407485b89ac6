import { cache } from 'react';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { contactUsPath } from '../../domain/locations/contact-slug';
import { serviceBookingHref, type ServiceBookingSources } from '../../domain/locations/service-booking';
import { sortLocationsByType, tabsOfLocation, type LocationTab } from '../../domain/locations/location-tabs';
import { getStockRepository, type Dealership, type Location } from '../../services/stock';

/** One location as the listing, the carousel and their client parts need it (serialisable). */
export interface LocationCard {
  id: number;
  name: string;
  slug: string;
  type: string;
  tabs: LocationTab[];
  street?: string;
  city?: string;
  state?: string;
  postcode?: string;
  phone?: string;
  lat?: number;
  lng?: number;
  image?: string;
  /** Where the location's own page is (its slug under /locations). */
  pageHref: string;
  contact: { label: string; href: string };
  bookingHref?: string;
  partsHref?: string;
  websiteHref?: string;
}

export interface DealershipLocations {
  id: number;
  name: string;
  locations: LocationCard[];
}

/** catalogue §2: 'Parts Enquiry' goes to /vehicle-parts-and-accessories. */
export const PARTS_ENQUIRY_PATH = '/vehicle-parts-and-accessories';
/** catalogue §2: 'Book a Service' for a location (or the site): its own address, the dealer's booking system, or /service. */
export function bookingHref(tenant: ResolvedTenant, locationId?: number): string {
  return serviceBookingHref(bookingSources(tenant), locationId);
}

/** The site's service booking addresses, for 'Book a Service' and for menu entries and slides marked serviceBooking. */
export function bookingSources(tenant: ResolvedTenant): ServiceBookingSources {
  const settings = tenant.locationSettings;
  return {
    byLocation: settings.serviceBookingByLocation,
    ...(tenant.contact?.serviceBookingUrl ? { contactUrl: tenant.contact.serviceBookingUrl } : {}),
    ...(settings.serviceBookingUrl ? { settingsUrl: settings.serviceBookingUrl } : {}),
  };
}

export function locationCard(
  tenant: ResolvedTenant,
  location: Location,
  dealership: Dealership | undefined,
): LocationCard {
  const settings = tenant.locationSettings;
  const tabs = tabsOfLocation({ location_type: location.location_type ?? '' });
  const override = settings.linkOverrides.find((o) => o.locationId === location.id);
  const address = location.address;
  const phone = location.contact_detail?.phone ?? location.contact_detail?.landline_phone;
  return {
    id: location.id,
    name: location.name,
    slug: location.slug,
    type: location.location_type ?? '',
    tabs,
    ...(address?.street ? { street: address.street } : {}),
    ...(address?.city ? { city: address.city } : {}),
    ...(address?.state ? { state: address.state } : {}),
    ...(address?.postcode ? { postcode: address.postcode } : {}),
    ...(phone ? { phone } : {}),
    ...(typeof address?.lat === 'number' && typeof address.long === 'number'
      ? { lat: address.lat, lng: address.long }
      : {}),
    ...(location.image?.image?.url ? { image: location.image.image.url } : {}),
    pageHref: `/locations/${location.slug}`,
    contact: override
      ? { label: override.label, href: override.href }
      : { label: 'Contact Us', href: contactUsPath(location.name, settings.contactPath) },
    ...(tabs.includes('service') && settings.showServiceBooking
      ? { bookingHref: bookingHref(tenant, location.id) }
      : {}),
    ...(tabs.includes('parts') ? { partsHref: PARTS_ENQUIRY_PATH } : {}),
    ...(dealership?.url ? { websiteHref: dealership.url } : {}),
  };
}

/** The site's visible locations grouped by dealership (catalogue §2: one block per dealership), each sorted by type. */
export const siteLocations = cache(
  async (tenant: ResolvedTenant): Promise<{ dealerships: DealershipLocations[]; all: Location[] }> => {
    const repo = await getStockRepository();
    const [locations, dealerships] = await Promise.all([
      repo.locations(tenant.dealerships),
      repo.dealerships(tenant.dealerships),
    ]);
    const visible = locations.filter((l) => l.visible !== false);
    const order = new Map(tenant.dealerships.map((id, i) => [id, i]));
    const grouped = dealerships
      .slice()
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map((d) => ({
        id: d.id,
        name: d.name,
        locations: sortLocationsByType(visible.filter((l) => l.dealership_id === d.id)).map((l) =>
          locationCard(tenant, l, d),
        ),
      }))
      .filter((d) => d.locations.length > 0);
    return { dealerships: grouped, all: visible };
  },
);
