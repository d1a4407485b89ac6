/**
 * Google's vehicle ads feed (Merchant Center primary feed, RSS 2.0 with the g: namespace), one
 * <item> per advertised vehicle. Attribute names and values follow Google's vehicle ads feed
 * specification: price as '45990.00 AUD', mileage as '32000 KM' (0 for a new car without an
 * odometer reading), condition new or used, vehicle_price_type for Australia, product category
 * 916 (Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans). `make` is written
 * beside `brand`: vehicle ads read the make from brand, Google's vehicle listings read make.
 */
import { feedPrice, placeAddress, type AdVehicle } from './inventory-feed';
import { xmlText } from './sitemap';

/** Google's limits: title 150 characters, description 5,000, up to 10 additional images. */
export const GOOGLE_TITLE_MAX = 150;
export const GOOGLE_DESCRIPTION_MAX = 5000;
export const GOOGLE_ADDITIONAL_IMAGES_MAX = 10;
/** Google product category: Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans. */
export const GOOGLE_CARS_CATEGORY = '916';

/*
 * Google's words for the site's words. Maps, not object literals: a feed's value is looked up as
 * it came, and a plain object would answer 'constructor' or '__proto__' with what every object
 * inherits (the feed would carry 'function Object() { [native code] }').
 */
const BODY_STYLES: ReadonlyMap<string, string> = new Map([
  ['hatch', 'hatchback'],
  ['hatchback', 'hatchback'],
  ['sedan', 'sedan'],
  ['suv', 'suv'],
  ['wagon', 'station wagon'],
  ['station wagon', 'station wagon'],
  ['ute', 'truck'],
  ['cab chassis', 'truck'],
  ['van', 'full size van'],
  ['people mover', 'minivan'],
  ['coupe', 'coupe'],
  ['convertible', 'convertible'],
]);

const ENGINES: ReadonlyMap<string, string> = new Map([
  ['petrol', 'gasoline'],
  ['diesel', 'diesel'],
  ['electric', 'electric'],
  ['hybrid', 'hybrid'],
  ['phev', 'hybrid'],
]);

/** Google's body_style value for the site's body type, or undefined when Google has none for it. */
export function googleBodyStyle(body: string | undefined): string | undefined {
  return body ? BODY_STYLES.get(body.trim().toLowerCase()) : undefined;
}

/** Google's engine value for the site's fuel type (simple_fuel), or undefined. */
export function googleEngine(fuel: string | undefined): string | undefined {
  return fuel ? ENGINES.get(fuel.trim().toLowerCase()) : undefined;
}

/**
 * Google's vehicle_price_type, which Australia requires (drive-away for new cars, drive-away or
 * excluding government charges for used ones), from the price type words the site shows beside
 * the price ('Drive Away', 'Excl. Government Charges'). Words Google has no value for are left out.
 */
export function googlePriceType(priceType: string | undefined, country: string): string | undefined {
  if (country !== 'AU' || !priceType) return undefined;
  const words = priceType
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
  const driveAway = /\bdrive ?away\b|^dap$/.test(words);
  if (driveAway && /\b(estimated|est)\b/.test(words)) return 'estimated_drive_away_price';
  if (driveAway) return 'drive_away_price';
  if (/\b(excl|excluding|exc|ex)\b.*\b(gov|govt|government)\b|^egc$/.test(words))
    return 'excluding_government_charges_price';
  return undefined;
}

/** Cuts text to `max` characters at a word where it can, with an ellipsis. */
export function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The feed's opening: the XML declaration, <rss> and the channel's own title, link and description. */
export function googleFeedOpen(channel: { siteName: string; origin: string }): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${xmlText(`${channel.siteName} vehicles`)}</title>`,
    `<link>${xmlText(`${channel.origin}/`)}</link>`,
    `<description>${xmlText(`Vehicles for sale at ${channel.siteName}`)}</description>`,
    '',
  ].join('\n');
}

export const GOOGLE_FEED_CLOSE = '</channel>\n</rss>\n';

function element(name: string, value: string | number | undefined): string {
  return value === undefined || value === '' ? '' : `<g:${name}>${xmlText(String(value))}</g:${name}>\n`;
}

/** One vehicle's <item>. */
export function googleItemXml(vehicle: AdVehicle): string {
  const [image, ...more] = vehicle.images;
  const mileage = vehicle.km ?? (vehicle.condition === 'new' ? 0 : undefined);
  const place = vehicle.place;
  return [
    '<item>\n',
    element('id', vehicle.id),
    element('title', clip(vehicle.title, GOOGLE_TITLE_MAX)),
    element('description', clip(vehicle.description, GOOGLE_DESCRIPTION_MAX)),
    element('link', vehicle.link),
    element('image_link', image),
    ...more.slice(0, GOOGLE_ADDITIONAL_IMAGES_MAX).map((url) => element('additional_image_link', url)),
    element('google_product_category', GOOGLE_CARS_CATEGORY),
    element('availability', 'in_stock'),
    element('price', feedPrice(vehicle.price, vehicle.currency)),
    element('vehicle_price_type', googlePriceType(vehicle.priceType, vehicle.country)),
    element('condition', vehicle.condition),
    vehicle.condition === 'used' ? element('certified_pre-owned', vehicle.certified ? 'yes' : 'no') : '',
    element('brand', vehicle.make),
    element('make', vehicle.make),
    element('model', vehicle.model),
    element('trim', vehicle.trim),
    element('year', vehicle.year),
    element('mileage', mileage === undefined ? undefined : `${mileage} KM`),
    element('vin', vehicle.vin),
    element('store_code', place ? String(place.id) : undefined),
    element('dealership_name', place?.name),
    element('dealership_address', place ? placeAddress(place, vehicle.country) : undefined),
    element('color', vehicle.colour),
    element('body_style', googleBodyStyle(vehicle.body)),
    element('engine', googleEngine(vehicle.fuel)),
    '</item>\n',
  ].join('');
}
