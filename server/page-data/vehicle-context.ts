import { cache } from 'react';
import { notFound } from 'next/navigation';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { BlockContext } from '../../blocks/types';
import { getStockRepository, type Car, type Dealership, type Location } from '../../services/stock';
import { listedCarIds } from '../../services/stock/listed-cars';
import { parseRowId } from '../../domain/ids';

export interface PageVehicle {
  car: Car;
  location?: Location;
  dealership?: Dealership;
  /** The primary location of the site's first dealership: the "home" city for 'Located at'. */
  primaryLocation?: Location;
  /** When the car's stored record last changed (ISO 8601), sent to view.json as updated_at (catalogue §7). */
  updatedAt?: string;
}

/**
 * The car of a vehicle page (route parameter `slug`), once per request for every block that shows
 * it. Only a car this site lists is found: another dealer's car, a withdrawn car or one sold
 * beyond the sold window is not (the page answers 404).
 */
export const loadVehicle = cache(
  async (tenant: ResolvedTenant, slug: string, now: Date): Promise<PageVehicle | undefined> => {
    const repo = await getStockRepository();
    const record = await repo.carRecordBySlug(slug, tenant.dealerships);
    if (!record) return undefined;
    const { car, updatedAt } = record;
    if (!(await listedCarIds(tenant, [car.id], now)).has(car.id)) return undefined;
    const [locations, dealerships] = await Promise.all([
      repo.locations(tenant.dealerships),
      repo.dealerships([car.dealership_id]),
    ]);
    const primaryDealer = tenant.dealerships[0];
    return {
      car,
      location: locations.find((l) => l.id === car.location_id),
      dealership: dealerships[0],
      primaryLocation:
        locations.find((l) => l.dealership_id === primaryDealer && l.primary) ??
        locations.find((l) => l.dealership_id === primaryDealer),
      updatedAt,
    };
  },
);

/** The page's vehicle, or the 404 page. */
export async function pageVehicle(ctx: BlockContext): Promise<PageVehicle> {
  const slug = ctx.params.slug;
  const vehicle = slug ? await loadVehicle(ctx.tenant, slug, ctx.now) : undefined;
  if (!vehicle) notFound();
  return vehicle;
}

/** ?car_id= names a car by id or slug (conversion §2.3); only a car of this site's dealerships counts. */
export async function carByRef(tenant: ResolvedTenant, ref: string | null | undefined): Promise<Car | undefined> {
  if (!ref) return undefined;
  const repo = await getStockRepository();
  // Digits past a database id (parseRowId) name no car: never a query the database would refuse.
  if (/^\d+$/.test(ref)) {
    const id = parseRowId(ref);
    if (id === undefined) return undefined;
    return (await repo.carsByIds([id])).find((c) => tenant.dealerships.includes(c.dealership_id));
  }
  return repo.carBySlug(ref, tenant.dealerships);
}

/**
 * The car ?car_id= names when this site lists it (the scope of search and the vehicle page), for a
 * block that shows the car beside something else, e.g. the instant offer on /instant-price?car_id=
 * (conversion §4.2). A bad, unknown, unlisted or other dealer's id is no car: the page works without.
 */
export async function listedCarByRef(
  tenant: ResolvedTenant,
  ref: string | null | undefined,
  now: Date,
): Promise<Car | undefined> {
  const car = await carByRef(tenant, ref);
  if (!car) return undefined;
  return (await listedCarIds(tenant, [car.id], now)).has(car.id) ? car : undefined;
}
