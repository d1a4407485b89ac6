/**
 * One advertised vehicle, as both advertising feeds (Google vehicle ads, Meta automotive
 * catalogue) carry it, built from a listed car. Pure: the service hands in the car, the place it
 * stands and the site's settings.
 *
 * Which listed cars are advertised: those a shopper can buy today at the price the site shows.
 * - In stock and not reserved: an ad for a sold car, a car held for someone else or one still
 *   on its way sends the shopper to a car they cannot have.
 * - Priced: the ad's price is the price the site shows for that car (priceDisplay, the function
 *   the vehicle page and the stock cards use), rounded to whole dollars as the site shows it. A
 *   car the site shows without a price ('Enquire for price.', PREORDER) is left out, since both
 *   feeds require a price and a made-up one would be a false price claim. A car the site shows
 *   with its weekly subscription price (the subscription switch) is left out too: that is not the
 *   car's sale price, and Google's vehicle ads do not accept subscription offers.
 * - A car (item_type car, or none given): Google's vehicle ads take passenger cars and utes only
 *   (no motorcycles, caravans, trucks), and Meta's automotive catalogue describes cars by car body
 *   styles, so a motorcycle or caravan dealer's feeds are empty.
 */
import { priceDisplay, type PricedCar } from './price-display';
import { vehicleDescription, vehicleImageUrls } from './vehicle-structured-data';
import { vehicleTitle } from './vehicle-title';
import { absoluteSiteUrl } from './sitemap';

export interface AdCar extends PricedCar {
  id: number;
  slug: string;
  name?: string;
  year?: number;
  make?: string;
  model?: string;
  badge?: string;
  series?: string;
  car_type: string;
  status: string;
  reserved?: boolean;
  item_type?: string;
  certified?: boolean;
  km?: number;
  vin?: string;
  stocknum?: string;
  colour?: string;
  trans?: string;
  fuel?: string;
  simple_body?: string;
  bodyconfiguration?: string;
  simple_fuel?: string;
  simple_transmission?: string;
  drive?: string;
  primary_image_url?: string;
  images?: ReadonlyArray<{ image?: { url?: string } }>;
  created_at?: string;
}

/** Where the car stands: its location (else its dealership's main location), for store codes and addresses. */
export interface AdPlace {
  /** The location's id: the store code that ties the ads to the dealer's Business Profile entries. */
  id: number;
  name: string;
  street?: string;
  city?: string;
  state?: string;
  postcode?: string;
  phone?: string;
  lat?: number;
  lng?: number;
}

export interface AdSettings {
  /** The origin addresses are written on (domain/sitemap publicOrigin). */
  origin: string;
  siteName: string;
  vehicleWord: string;
  currency: string;
  country: string;
  subscriptionOffer: boolean;
  noPriceText?: string;
  preorderText?: string;
}

/** Why a listed car is not advertised; 'no-vehicle-page' is decided by the caller (the site has no page at the car's address). */
export type AdExclusion = 'not-a-car' | 'not-for-sale' | 'no-price' | 'subscription-price' | 'no-vehicle-page';

export interface AdVehicle {
  id: string;
  title: string;
  description: string;
  /** The vehicle page, exactly as the site links it (/cars/{slug}), absolute. */
  link: string;
  /** Absolute photo addresses, the primary photo first. */
  images: string[];
  /** Whole currency units, as the site shows it. */
  price: number;
  currency: string;
  /** The site's own price type words, e.g. 'Drive Away'. */
  priceType?: string;
  condition: 'new' | 'used';
  /** OEM certified pre-owned (a used or demo car the feed marks certified). */
  certified: boolean;
  make: string;
  model: string;
  trim?: string;
  year?: number;
  km?: number;
  vin?: string;
  stockNumber?: string;
  colour?: string;
  body?: string;
  fuel?: string;
  transmission?: string;
  drive?: string;
  country: string;
  place?: AdPlace;
}

const text = (value: string | null | undefined): string | undefined => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The vehicle page path the site links a car to (components/StockCard, blocks/VehicleStructuredData). */
export function vehiclePagePath(car: { slug: string }): string {
  return `/cars/${car.slug}`;
}

/** Whether a car may be advertised, and at which price; see the file comment for why. */
export function adPrice(car: AdCar, settings: AdSettings): { price: number } | { excluded: AdExclusion } {
  const itemType = text(car.item_type)?.toLowerCase();
  if (itemType !== undefined && itemType !== 'car') return { excluded: 'not-a-car' };
  if (car.status !== 'in_stock' || car.reserved === true) return { excluded: 'not-for-sale' };
  const shown = priceDisplay(car, {
    subscriptionOffer: settings.subscriptionOffer,
    noPriceText: settings.noPriceText,
    preorderText: settings.preorderText,
  });
  if (shown.kind === 'subscription') return { excluded: 'subscription-price' };
  if (!('amount' in shown) || !(shown.amount > 0)) return { excluded: 'no-price' };
  // The site shows whole dollars (formatMoney, no cents), rounding half up as Intl does.
  return { price: Math.round(shown.amount) };
}

/**
 * Google and Meta know new and used (Meta also CPO): a demonstrator has been registered and
 * driven, so it is used, as the vehicle page's structured data already says (UsedCondition).
 */
export function adCondition(carType: string): 'new' | 'used' {
  return carType.trim().toLowerCase() === 'new' ? 'new' : 'used';
}

/** A 17-character VIN (no I, O or Q), upper case; anything else (a chassis number, a typo) is left out. */
export function validVin(vin: string | null | undefined): string | undefined {
  const value = (vin ?? '').trim().toUpperCase();
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(value) ? value : undefined;
}

/** The advertised vehicle, or why the car is not advertised. */
export function adVehicle(car: AdCar, place: AdPlace | undefined, settings: AdSettings): AdVehicle | AdExclusion {
  const priced = adPrice(car, settings);
  if ('excluded' in priced) return priced.excluded;
  const path = vehiclePagePath(car);
  const link = absoluteSiteUrl(settings.origin, path) ?? `${settings.origin}${path}`;
  const condition = adCondition(car.car_type);
  const km = typeof car.km === 'number' && Number.isFinite(car.km) && car.km >= 0 ? Math.round(car.km) : undefined;
  return {
    id: String(car.id),
    title: vehicleTitle(car) || text(car.name) || `${car.make ?? ''} ${car.model ?? ''}`.trim(),
    // The sentence the vehicle page's meta description and structured data use, with its price.
    description: vehicleDescription(car, {
      siteName: settings.siteName,
      currency: settings.currency,
      vehicleWord: settings.vehicleWord,
    }),
    link,
    images: vehicleImageUrls(car, settings.origin),
    price: priced.price,
    currency: settings.currency,
    ...(text(car.price_type) ? { priceType: text(car.price_type) } : {}),
    condition,
    certified: condition === 'used' && car.certified === true,
    make: text(car.make) ?? '',
    model: text(car.model) ?? '',
    ...(text(car.badge) ? { trim: text(car.badge) } : {}),
    ...(typeof car.year === 'number' && Number.isInteger(car.year) ? { year: car.year } : {}),
    ...(km !== undefined ? { km } : {}),
    ...(validVin(car.vin) ? { vin: validVin(car.vin) } : {}),
    ...(text(car.stocknum) ? { stockNumber: text(car.stocknum) } : {}),
    ...(text(car.colour) ? { colour: text(car.colour) } : {}),
    ...((text(car.simple_body) ?? text(car.bodyconfiguration))
      ? { body: text(car.simple_body) ?? text(car.bodyconfiguration) }
      : {}),
    ...(text(car.simple_fuel) ? { fuel: text(car.simple_fuel) } : {}),
    ...(text(car.simple_transmission) ? { transmission: text(car.simple_transmission) } : {}),
    ...(text(car.drive) ? { drive: text(car.drive) } : {}),
    country: settings.country,
    ...(place ? { place } : {}),
  };
}

/** '45990.00 AUD': the amount and ISO 4217 currency both feeds expect. */
export function feedPrice(amount: number, currency: string): string {
  return `${amount.toFixed(2)} ${currency}`;
}

/** One line of the dealer's address: '120 Botany Road, Alexandria NSW 2015, AU'. */
export function placeAddress(place: AdPlace, country: string): string {
  const locality = [place.city, place.state, place.postcode].filter((part) => text(part) !== undefined).join(' ');
  return [place.street, locality, country].filter((part) => text(part) !== undefined).join(', ');
}
