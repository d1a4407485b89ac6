import type { ResolvedTenant } from '../../schemas/types.generated';
import { toComparableCar, type ComparableCar } from '../../domain/compare';
import { listedCarIds } from './listed-cars';
import { getStockRepository } from './index';

export interface ComparedCars {
  /** The cars this site lists right now, in the order asked for, reduced to what the comparison shows. */
  cars: ComparableCar[];
  /** Ids asked for that the site no longer lists (sold beyond the sold window, withdrawn, another dealer's). */
  missing: number[];
}

/**
 * The cars of a comparison (catalogue §1, §6), read fresh from stock so prices follow the display
 * rules with today's values, as on the vehicle page. Only cars the site lists are sent: the same
 * scope as search and the vehicle page, so an id from another site shows nothing of that car.
 */
export async function compareCars(tenant: ResolvedTenant, ids: readonly number[], now: Date): Promise<ComparedCars> {
  const listed = await listedCarIds(tenant, ids, now);
  const repo = await getStockRepository();
  const wanted = ids.filter((id) => listed.has(id));
  const [cars, locations] = await Promise.all([
    repo.carsByIds(wanted),
    wanted.length ? repo.locations(tenant.dealerships) : Promise.resolve([]),
  ]);
  const found = cars.filter((car) => tenant.dealerships.includes(car.dealership_id));
  const locationName = new Map(locations.map((l) => [l.id, l.name]));
  const foundIds = new Set(found.map((car) => car.id));
  return {
    cars: found.map((car) =>
      toComparableCar(car, car.location_id === undefined ? undefined : locationName.get(car.location_id)),
    ),
    missing: ids.filter((id) => !foundIds.has(id)),
  };
}
