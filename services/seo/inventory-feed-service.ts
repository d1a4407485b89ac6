/**
 * A site's advertising feeds (Google vehicle ads XML, Meta automotive catalogue CSV), streamed a
 * search page of cars at a time: a 50,000-car site is never held in memory. Which cars, at which
 * price and why others are left out: domain/inventory-feed.ts.
 */
import type { ResolvedTenant } from '../../schemas/types.generated';
import {
  adVehicle,
  vehiclePagePath,
  type AdExclusion,
  type AdPlace,
  type AdSettings,
  type AdVehicle,
} from '../../domain/inventory-feed';
import { GOOGLE_FEED_CLOSE, googleFeedOpen, googleItemXml } from '../../domain/inventory-feed-google';
import { metaHeaderRow, metaRow } from '../../domain/inventory-feed-meta';
import type { AdvertisingFeedName } from '../../domain/seo-routes';
import type { Car, Location } from '../stock/stock-repository';
import type { SeoData } from './seo-data';
import { vehiclePageFilter, type SeoSite } from './sitemap-service';

function adPlace(location: Location): AdPlace {
  const address = location.address;
  const phone = location.contact_detail?.phone ?? location.contact_detail?.landline_phone;
  return {
    id: location.id,
    name: location.name,
    ...(address?.street ? { street: address.street } : {}),
    ...(address?.city ? { city: address.city } : {}),
    ...(address?.state ? { state: address.state } : {}),
    ...(address?.postcode ? { postcode: address.postcode } : {}),
    ...(phone ? { phone } : {}),
    ...(typeof address?.lat === 'number' && typeof address.long === 'number'
      ? { lat: address.lat, lng: address.long }
      : {}),
  };
}

/**
 * Where each car stands: its own location when the site shows it, else its dealership's primary
 * location (else the dealership's first), the way the vehicle page names the dealer.
 */
async function placeFinder(data: SeoData, tenant: ResolvedTenant): Promise<(car: Car) => AdPlace | undefined> {
  const locations = (await data.locations(tenant)).map(({ location }) => location);
  const byId = new Map(locations.map((location) => [location.id, location]));
  const main = new Map<number, Location>();
  for (const location of locations) {
    const current = main.get(location.dealership_id);
    if (!current || (location.primary === true && current.primary !== true)) main.set(location.dealership_id, location);
  }
  return (car) => {
    const location =
      (car.location_id === undefined ? undefined : byId.get(car.location_id)) ?? main.get(car.dealership_id);
    return location ? adPlace(location) : undefined;
  };
}

export function adSettings(site: SeoSite): AdSettings {
  const { tenant } = site;
  return {
    origin: site.origin,
    siteName: tenant.name,
    vehicleWord: tenant.vehicleWord,
    currency: tenant.locale.currency,
    country: tenant.locale.country,
    subscriptionOffer: tenant.features.subscriptionOffer,
    noPriceText: tenant.pricing.noPriceText,
    preorderText: tenant.pricing.preorderText,
  };
}

/** What one feed wrote: vehicles, and the listed cars left out by reason. */
export interface FeedTally {
  vehicles: number;
  excluded: Record<AdExclusion, number>;
}

/** The advertised vehicles of the site, one search page at a time; `tally` is filled as it goes. */
async function* advertisedVehicles(data: SeoData, site: SeoSite, tally: FeedTally): AsyncGenerator<AdVehicle[]> {
  const settings = adSettings(site);
  const placeOf = await placeFinder(data, site.tenant);
  // An ad links the car's vehicle page: the same check as the sitemap's (the page exists, and no
  // fixed page such as /cars/trade-in takes the car's address).
  const hasPage = vehiclePageFilter(site) ?? (() => false);
  for await (const cars of data.listedCars(site.tenant, site.now)) {
    const vehicles: AdVehicle[] = [];
    for (const car of cars) {
      const vehicle = hasPage(vehiclePagePath(car)) ? adVehicle(car, placeOf(car), settings) : 'no-vehicle-page';
      if (typeof vehicle === 'string') tally.excluded[vehicle]++;
      else vehicles.push(vehicle);
    }
    tally.vehicles += vehicles.length;
    if (vehicles.length) yield vehicles;
  }
}

const emptyTally = (): FeedTally => ({
  vehicles: 0,
  excluded: { 'not-for-sale': 0, 'no-price': 0, 'subscription-price': 0, 'not-a-car': 0, 'no-vehicle-page': 0 },
});

/** A line for the dealer reading the feed: how many vehicles, and how many listed cars were left out and why. */
export function tallyText(tally: FeedTally): string {
  const reasons: Record<AdExclusion, string> = {
    'not-for-sale': 'sold, reserved or not yet in stock',
    'no-price': 'shown without a price',
    'subscription-price': 'shown with a subscription price',
    'not-a-car': 'not a car',
    'no-vehicle-page': 'without a vehicle page of its own',
  };
  const left = (Object.keys(reasons) as AdExclusion[])
    .filter((key) => tally.excluded[key] > 0)
    .map((key) => `${tally.excluded[key]} ${reasons[key]}`);
  return `${tally.vehicles} vehicles${left.length ? `; left out: ${left.join(', ')}` : ''}`;
}

/** Google's vehicle ads feed as text chunks; it ends with a comment counting what was left out. */
export async function* googleVehicleFeed(data: SeoData, site: SeoSite): AsyncGenerator<string> {
  const tally = emptyTally();
  yield googleFeedOpen({ siteName: site.tenant.name, origin: site.origin });
  for await (const vehicles of advertisedVehicles(data, site, tally)) yield vehicles.map(googleItemXml).join('');
  // '--' cannot appear inside an XML comment; the text has none.
  yield `<!-- ${tallyText(tally)} -->\n${GOOGLE_FEED_CLOSE}`;
}

/** Meta's automotive catalogue as CSV text chunks: the header row, then a row per vehicle. */
export async function* metaAutomotiveFeed(data: SeoData, site: SeoSite): AsyncGenerator<string> {
  yield metaHeaderRow();
  for await (const vehicles of advertisedVehicles(data, site, emptyTally())) yield vehicles.map(metaRow).join('');
}

export function advertisingFeedChunks(name: AdvertisingFeedName, data: SeoData, site: SeoSite): AsyncGenerator<string> {
  return name === 'google-vehicle-listings.xml' ? googleVehicleFeed(data, site) : metaAutomotiveFeed(data, site);
}
