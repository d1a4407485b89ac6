/**
 * Texts the vehicle PDF and the printable page share with the vehicle page, so a printout never
 * says something the page does not: the price line, the key details and the features. Pure.
 */
import type { FeedCar, ResolvedTenant } from '../../schemas/types.generated';
import { formatKm, formatMoney } from '../../domain/format';
import { priceDisplay, type PricedCar } from '../../domain/price-display';
import { visibleSpecRows } from '../../domain/vehicle/spec-rows';

export type PriceTenant = Pick<ResolvedTenant, 'features' | 'pricing' | 'locale'>;

export interface PriceText {
  /** The figure ('$34,990'), or the PREORDER / no-price text. */
  price: string;
  /** What follows the figure, each part with its leading space: ' per week subscription', ' Drive Away'; '' when nothing. */
  qualifier: string;
  /** The was-price figure, shown struck through after 'was'. */
  was?: string;
  /** The whole line as the page's text reads: '$34,990 Drive Away was $36,990'. */
  line: string;
}

/** spec: catalogue §4 price display priority — the same parts, in the same order, as VehicleSidebar. */
export function priceText(car: PricedCar, tenant: PriceTenant): PriceText {
  const display = priceDisplay(car, {
    subscriptionOffer: tenant.features.subscriptionOffer,
    noPriceText: tenant.pricing.noPriceText,
    preorderText: tenant.pricing.preorderText,
  });
  if (!('amount' in display)) return { price: display.text, qualifier: '', line: display.text };
  const money = (amount: number) => formatMoney(amount, tenant.locale.currency);
  const price = money(display.amount);
  const qualifier = `${display.kind === 'subscription' ? ' per week subscription' : ''}${display.priceType ? ` ${display.priceType}` : ''}`;
  const was = display.wasPrice !== undefined ? money(display.wasPrice) : undefined;
  return { price, qualifier, ...(was ? { was } : {}), line: `${price}${qualifier}${was ? ` was ${was}` : ''}` };
}

/** The key details of a printout, labelled as the page's information block labels them; blank rows dropped (catalogue §5). */
export function printDetails(car: FeedCar): Array<[label: string, value: string]> {
  const rows: Array<[string, unknown]> = [
    ['Odometer', car.km === undefined ? undefined : formatKm(car.km)],
    ['Transmission', car.simple_transmission ?? car.trans],
    ['Fuel', car.simple_fuel ?? car.fuel],
    ['Body', car.simple_body ?? car.bodyconfiguration],
    ['Drive', car.drive],
    ['Colour', car.colour],
    ['Stock number', car.stocknum],
    ['VIN', car.vin],
    ['Registration', car.regplate],
  ];
  return visibleSpecRows(rows.map(([name, value]) => ({ name, value }))).map(({ name, value }) => [
    name,
    String(value),
  ]);
}

/** A printout lists at most this many features: more would spill past the second page. */
export const PRINT_FEATURES_LIMIT = 30;

export function printFeatures(car: Pick<FeedCar, 'standardEquipment'>): string[] {
  return (car.standardEquipment ?? [])
    .filter((f): f is string => typeof f === 'string' && f.trim() !== '')
    .map((f) => f.trim())
    .slice(0, PRINT_FEATURES_LIMIT);
}

/** The phone a printout shows: as the sidebar picks it (per car type, then the car's location, then the site). */
/** The phone a vehicle page, its mobile bar and its printout show: per car type, else the car's location, else the site's. */
export function printPhone(
  car: Pick<FeedCar, 'car_type'>,
  tenant: Pick<ResolvedTenant, 'contact'>,
  locationPhone?: string,
): string | undefined {
  return tenant.contact?.phonesByCarType?.[car.car_type] || locationPhone || tenant.contact?.phone || undefined;
}
