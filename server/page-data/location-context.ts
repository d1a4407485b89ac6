import { cache } from 'react';
import { notFound } from 'next/navigation';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { findLocationByContactSlug } from '../../domain/locations/contact-slug';
import { streetName } from '../../domain/locations/street-name';
import { sortLocationsByType } from '../../domain/locations/location-tabs';
import { getStockRepository, type Dealership, type Location } from '../../services/stock';
import { siteLocations } from './locations-data';
import type { BlockContext } from '../../blocks/types';

export interface PageLocation {
  location: Location;
  dealership?: Dealership;
  /** Other location types of the dealership on the same street (sales, service, parts), for the hours picker. */
  sameStreet: Location[];
}

/**
 * The location of a location page (route parameter `slug`): /locations/{location slug}, or
 * /contact-us/{slugified name} as 'Contact Us' links it (catalogue §2). Only this site's visible
 * locations are found.
 */
export const loadLocation = cache(async (tenant: ResolvedTenant, slug: string): Promise<PageLocation | undefined> => {
  const { all } = await siteLocations(tenant);
  // The slug names a place; its first location type (sales before service and parts) answers for it.
  const location = findLocationByContactSlug(
    sortLocationsByType(all.map((l) => ({ ...l, location_type: l.location_type ?? '' }))),
    slug,
  );
  if (!location) return undefined;
  const [dealership] = await (await getStockRepository()).dealerships([location.dealership_id]);
  // 'A street' (conversion §2.5) is the street name in the same postcode: 120 and 126 Botany Road are one site.
  const street = streetName(location.address?.street);
  const sameStreet = street
    ? all.filter(
        (l) =>
          l.id !== location.id &&
          l.dealership_id === location.dealership_id &&
          streetName(l.address?.street) === street &&
          l.address?.postcode === location.address?.postcode,
      )
    : [];
  return { location, ...(dealership ? { dealership } : {}), sameStreet };
});

export async function pageLocation(ctx: BlockContext): Promise<PageLocation> {
  const slug = ctx.params.slug;
  const found = slug ? await loadLocation(ctx.tenant, slug) : undefined;
  if (!found) notFound();
  return found;
}
