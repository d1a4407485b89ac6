import type { FormCar, FormContext } from '../../domain/forms/compile-form';
import { vehicleTitle } from '../../domain/vehicle-title';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { Car, Dealership, Location, StockRepository } from '../stock';
import { listedCarIds } from '../stock/listed-cars';

/** Which of these cars the site lists now (listedCarIds: the scope of search and the vehicle page). */
export type ListedCars = (tenant: ResolvedTenant, ids: readonly number[], now: Date) => Promise<Set<number>>;

export interface LoadedFormContext {
  context: FormContext;
  car?: Car;
  dealerships: Dealership[];
  locations: Location[];
}

export function formCar(car: Car, dealerships: readonly Dealership[]): FormCar {
  return {
    id: car.id,
    slug: car.slug,
    name: vehicleTitle(car),
    car_type: car.car_type,
    status: car.status,
    dealership_slug: car.dealership_slug ?? dealerships.find((d) => d.id === car.dealership_id)?.slug ?? '',
    make: car.make,
    model: car.model,
    ...(car.stocknum ? { stocknum: car.stocknum } : {}),
  };
}

/**
 * The context a form is compiled in, built the same way for the page that renders it and the API
 * that checks it: the site's dealerships and locations, and the car or location it is about when
 * that belongs to this site. A car counts only when the site lists it (same scope as search and the
 * vehicle page): another site's car, or one this site does not show, is ignored, never trusted.
 */
export async function loadFormContext(
  tenant: ResolvedTenant,
  stock: StockRepository,
  about: { carId?: number; car?: Car; locationId?: number },
  options: { listed?: ListedCars; now?: Date } = {},
): Promise<LoadedFormContext> {
  const [dealerships, locations, cars] = await Promise.all([
    stock.dealerships(tenant.dealerships),
    stock.locations(tenant.dealerships),
    about.car ? Promise.resolve([about.car]) : about.carId ? stock.carsByIds([about.carId]) : Promise.resolve([]),
  ]);
  const ours = cars.find((c) => tenant.dealerships.includes(c.dealership_id));
  const listed = ours
    ? await (options.listed ?? listedCarIds)(tenant, [ours.id], options.now ?? new Date())
    : new Set<number>();
  const car = ours && listed.has(ours.id) ? ours : undefined;
  const location = about.locationId !== undefined ? locations.find((l) => l.id === about.locationId) : undefined;
  const context: FormContext = {
    settings: tenant.formSettings,
    features: tenant.features,
    dealerships: dealerships.map((d) => ({ slug: d.slug, name: d.name })),
    locations: locations.map((l) => ({ id: l.id, name: l.name, type: l.location_type ?? '' })),
    ...(car ? { car: formCar(car, dealerships) } : {}),
    ...(location ? { locationId: location.id } : {}),
  };
  return { context, ...(car ? { car } : {}), dealerships, locations };
}
