/**
 * schema.org JSON-LD and Open Graph data for the vehicle detail page (catalogue §2, §3). Pure:
 * no React, no I/O. The price is always shownPrice, the figure the card and the page show.
 */
import { isAvailable } from './listing';
import { shownPrice, type PricedCar } from './price-display';
import { formatKm, formatMoney } from './format';
import { photoSource, proxiedPhotoUrl } from './vehicle-photo-source';
import { vehicleTitle } from './vehicle-title';

export interface StructuredDataCar extends Pick<PricedCar, 'price' | 'offer_price' | 'price_type'> {
  slug?: string;
  name?: string | null;
  year?: number | null;
  make?: string | null;
  model?: string | null;
  badge?: string | null;
  series?: string | null;
  item_type?: string | null;
  car_type?: string | null;
  status: string;
  km?: number | null;
  colour?: string | null;
  trans?: string | null;
  simple_transmission?: string | null;
  fuel?: string | null;
  simple_fuel?: string | null;
  bodyconfiguration?: string | null;
  simple_body?: string | null;
  vin?: string | null;
  primary_image_url?: string | null;
  images?: ReadonlyArray<{ image?: { url?: string | null } | null }> | null;
}

export interface StructuredDataOptions {
  /** Absolute URL of this vehicle page (see shareUrl). */
  url: string;
  siteName: string;
  /** ISO 4217, e.g. 'AUD' or 'NZD'. */
  currency: string;
  /** Absolute origin that site-relative image paths resolve against, e.g. 'https://dealer.example'. */
  imageBase: string;
  /** The tenant's word for what it sells ('car', 'motorcycle', ...). */
  vehicleWord: string;
}

const SCHEMA = 'https://schema.org';
export const OG_IMAGE_SIZE = { width: 1200, height: 800 } as const;

const text = (value: string | null | undefined): string | undefined => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
};

/** Drops undefined values so the JSON carries no empty keys. */
function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** An absolute http(s) URL for an image URL or site-relative path, or undefined when it cannot be made one. */
export function absoluteUrl(url: string | null | undefined, base: string): string | undefined {
  const trimmed = text(url);
  if (trimmed === undefined) return undefined;
  try {
    const resolved = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed, base);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A photo's address for a fetcher outside the site (search engines reading the structured data,
 * link previews, the ad platforms reading the advertising feeds), or undefined for a photo the
 * site would not show. It is where the site itself shows the photo from (domain/vehicle-photo-source):
 * - the platform's own pictures (/media, /assets) on the site's origin, where they are served;
 * - an absolute http(s) address on the dealer's image host as it is;
 * - any other site path through the image route, at the Open Graph width: on a site's host such a
 *   path is not a file (proxy.ts makes it a page), and the image route is how the site shows it.
 *   robots.txt lets crawlers into the image route for this (domain/robots ALLOWED_PATHS).
 * No photo, a relative name or a data: or javascript: address: undefined.
 */
export function publicPhotoUrl(url: string | null | undefined, origin: string): string | undefined {
  const source = photoSource(url);
  if (source.kind === 'placeholder') return undefined;
  if (source.kind === 'local') return absoluteUrl(source.src, origin);
  if (source.src.startsWith('/')) return absoluteUrl(proxiedPhotoUrl(source.src, OG_IMAGE_SIZE.width), origin);
  return source.src;
}

/** The car's photos as absolute URLs (publicPhotoUrl): the primary image first, then the gallery, without repeats. */
export function vehicleImageUrls(
  car: Pick<StructuredDataCar, 'primary_image_url' | 'images'>,
  imageBase: string,
): string[] {
  const urls = [car.primary_image_url, ...(car.images ?? []).map((entry) => entry.image?.url)]
    .map((url) => publicPhotoUrl(url, imageBase))
    .filter((url): url is string => url !== undefined);
  return [...new Set(urls)];
}

function displayName(car: StructuredDataCar): string {
  return vehicleTitle(car) || text(car.name) || '';
}

/** schema.org @type: 'Car' for cars (item_type car or missing), otherwise 'Vehicle'. */
export function schemaType(car: Pick<StructuredDataCar, 'item_type'>): 'Car' | 'Vehicle' {
  const itemType = text(car.item_type)?.toLowerCase();
  return itemType === undefined || itemType === 'car' ? 'Car' : 'Vehicle';
}

/**
 * NewCondition for new cars; UsedCondition for used and demo cars — a demo car has been
 * registered and driven, and schema.org has no demonstrator condition. Unknown: omitted.
 */
export function itemCondition(carType: string | null | undefined): string | undefined {
  const type = text(carType)?.toLowerCase();
  if (type === 'new') return `${SCHEMA}/NewCondition`;
  if (type === 'used' || type === 'demo') return `${SCHEMA}/UsedCondition`;
  return undefined;
}

/** InStock for in_stock, PreOrder for coming_soon, SoldOut otherwise (sold, reserved, other). */
export function offerAvailability(status: string): string {
  if (status === 'in_stock') return `${SCHEMA}/InStock`;
  if (status === 'coming_soon') return `${SCHEMA}/PreOrder`;
  return `${SCHEMA}/SoldOut`;
}

/** A Map: the feed's car_type is looked up as it came, and a plain object answers 'constructor' too. */
const CONDITION_WORDS: ReadonlyMap<string, string> = new Map([
  ['new', 'New'],
  ['demo', 'Demo'],
  ['used', 'Used'],
]);

/**
 * A one-line plain-text description: '2022 Toyota HiLux SR5 — used car for sale at Acme Motors.
 * $45,990 Drive Away, 32,000 km, 6 Speed Automatic, Diesel.' The price appears only while the car
 * is available and priced (shownPrice); an unavailable car reads '... recently sold.'.
 */
export function vehicleDescription(
  car: StructuredDataCar,
  options: Pick<StructuredDataOptions, 'siteName' | 'currency' | 'vehicleWord'>,
): string {
  const title = displayName(car);
  const condition = CONDITION_WORDS.get(text(car.car_type)?.toLowerCase() ?? '');
  const word = text(options.vehicleWord) ?? 'car';
  const what = condition ? `${condition.toLowerCase()} ${word}` : word;
  const available = isAvailable(car);
  const lead = available
    ? `${title} — ${what} for sale at ${options.siteName}.`
    : `${title} — this ${word} recently sold.`;
  const price = shownPrice(car);
  const details = [
    available && price > 0
      ? [formatMoney(price, options.currency), text(car.price_type)].filter(Boolean).join(' ')
      : undefined,
    typeof car.km === 'number' && Number.isFinite(car.km) ? formatKm(car.km) : undefined,
    text(car.trans) ?? text(car.simple_transmission),
    text(car.fuel) ?? text(car.simple_fuel),
  ].filter((part): part is string => part !== undefined && part !== '');
  return details.length > 0 ? `${lead} ${details.join(', ')}.` : lead;
}

/**
 * schema.org Car / Vehicle JSON-LD for the vehicle page. Undefined fields are omitted.
 * offers.price is shownPrice(car), the same figure the card and the page show (Australian
 * Consumer Law s47: one vehicle, one price). A car with no price (shown price 0 or less, i.e.
 * 'Enquire for price.' or PREORDER) gets an Offer without price and priceCurrency: a made-up or
 * zero price would be a false price claim, and a currency qualifies only a price.
 */
export function vehicleJsonLd(car: StructuredDataCar, options: StructuredDataOptions): Record<string, unknown> {
  const make = text(car.make);
  const price = shownPrice(car);
  const images = vehicleImageUrls(car, options.imageBase);
  const km = typeof car.km === 'number' && Number.isFinite(car.km) && car.km >= 0 ? car.km : undefined;
  const offers = compact({
    '@type': 'Offer',
    price: price > 0 ? price : undefined,
    priceCurrency: price > 0 ? options.currency : undefined,
    availability: offerAvailability(car.status),
    url: options.url,
    seller: { '@type': 'AutoDealer', name: options.siteName },
  });
  return compact({
    '@context': SCHEMA,
    '@type': schemaType(car),
    name: displayName(car) || undefined,
    description: vehicleDescription(car, options),
    brand: make ? { '@type': 'Brand', name: make } : undefined,
    model: text(car.model),
    vehicleModelDate: typeof car.year === 'number' && Number.isFinite(car.year) ? String(car.year) : undefined,
    itemCondition: itemCondition(car.car_type),
    mileageFromOdometer: km === undefined ? undefined : { '@type': 'QuantitativeValue', value: km, unitCode: 'KMT' },
    color: text(car.colour),
    vehicleTransmission: text(car.trans) ?? text(car.simple_transmission),
    fuelType: text(car.fuel) ?? text(car.simple_fuel),
    bodyType: text(car.simple_body) ?? text(car.bodyconfiguration),
    vehicleIdentificationNumber: text(car.vin),
    image: images.length > 0 ? images : undefined,
    url: options.url,
    offers,
  });
}

/**
 * JSON-LD text safe to put inside <script type="application/ld+json">: '<', '>' and '&' are
 * escaped as \u003c etc. so feed text cannot close the script element.
 */
export function serialiseJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface VehicleOpenGraph {
  title: string;
  description: string;
  images: Array<{ url: string; width: number; height: number; alt: string }>;
  type: 'website';
  url: string;
}

/**
 * Open Graph fields for Next's Metadata.openGraph: title '{title} | {site}', the plain-text
 * description, the first photo (absolute URL, declared 1200x800 — the image route is expected to
 * serve that size), type 'website' and the page URL. No photo: an empty images list.
 */
export function openGraph(car: StructuredDataCar, options: StructuredDataOptions): VehicleOpenGraph {
  const title = displayName(car);
  const [image] = vehicleImageUrls(car, options.imageBase);
  return {
    title: title ? `${title} | ${options.siteName}` : options.siteName,
    description: vehicleDescription(car, options),
    images: image ? [{ url: image, ...OG_IMAGE_SIZE, alt: title || options.siteName }] : [],
    type: 'website',
    url: options.url,
  };
}
