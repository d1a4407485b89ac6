import type { Car, Dealership, Location } from '../stock/stock-repository';
import type { SearchDocument } from './types';
import { vehicleTitle } from '../../domain/vehicle-title';
import { shownPrice } from '../../domain/price-display';
import { kmRangeOf } from '../../domain/km-ranges';
import { bandOf, PRICE_RANGES, SUBSCRIPTION_RANGES } from '../../domain/price-bands';
import { categoriesOf } from '../../domain/car-categories';
import { featuresOf } from '../../domain/search-features';

const seconds = (iso: string | undefined) => {
  if (!iso) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
};

/** Reshapes a stored car, with its dealership and location, into the document both engines index. */
export function toSearchDocument(
  car: Car,
  dealership: Dealership | undefined,
  location: Location | undefined,
): SearchDocument {
  const doc: SearchDocument = {
    id: car.id,
    slug: car.slug,
    make: car.make,
    model: car.model,
    year: car.year,
    car_type: car.car_type,
    status: car.status,
    price: shownPrice(car),
    dealership_id: car.dealership_id,
    show_on_dealer_website: car.show_on_dealer_website !== false,
    make_model: `${car.make} ${car.model}`,
    text: [
      vehicleTitle(car),
      car.colour,
      car.simple_body,
      car.simple_fuel,
      car.simple_transmission,
      car.drive,
      car.stocknum,
      car.tag,
    ]
      .filter(Boolean)
      .join(' '),
  };
  const optional: Partial<SearchDocument> = {
    badge: car.badge,
    series: car.series,
    km: car.km,
    km_range: kmRangeOf(car.km),
    price_range: bandOf(doc.price, PRICE_RANGES),
    subscription_price_range: bandOf(car.subscription_price, SUBSCRIPTION_RANGES),
    categories: categoriesOf(car),
    filtered_features: featuresOf(car.standardEquipment),
    colour: car.colour,
    simple_body: car.simple_body,
    simple_fuel: car.simple_fuel,
    simple_transmission: car.simple_transmission,
    drive: car.drive,
    seats: car.seats,
    tag: car.tag,
    reserved: car.reserved,
    certified: car.certified,
    item_type: car.item_type,
    stocknum: car.stocknum,
    location_id: car.location_id,
    dealership_name: dealership?.name,
    location_name: location?.name,
    // A car without a location keeps its own city (catalogue §3 Car: city).
    city: location?.address?.city ?? car.city,
    state: location?.address?.state ?? dealership?.state,
    created_at_timestamp: seconds(car.created_at),
    sold_date_timestamp: car.sold_date_timestamp,
  };
  for (const [key, value] of Object.entries(optional)) {
    // An empty list is left out like an empty text: both engines read the field as missing.
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) continue;
    (doc as unknown as Record<string, unknown>)[key] = value;
  }
  return doc;
}
