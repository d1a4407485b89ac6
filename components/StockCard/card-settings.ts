import type { ResolvedTenant, Button } from '../../schemas/types.generated';
import type { Car } from '../../services/stock/stock-repository';
import { isSwitchedOn } from '../../domain/switches';

/** What a stock card needs from the tenant: small and serialisable, so client-rendered cards get it too. */
export interface CardSettings {
  currency: string;
  subscriptionOffer: boolean;
  fuelTags: boolean;
  noPriceText: string;
  preorderText: string;
  soldTagText: string;
  justArrivedText: string;
  justArrivedDays: number;
  usedCarDisclaimer?: string;
  /** The certified-used-Toyota logo (catalogue §4): the tenant's own or the shipped badge. */
  certifiedBadgeSrc: string;
  buttons: Button[];
  /** The site's slug where shoppers can compare cars (features.compare): the card shows a Compare button. */
  compareSite?: string;
}

export function cardSettings(tenant: ResolvedTenant, buttonSet: string): CardSettings {
  return {
    currency: tenant.locale.currency,
    subscriptionOffer: tenant.features.subscriptionOffer,
    fuelTags: tenant.features.fuelTags,
    noPriceText: tenant.pricing.noPriceText,
    preorderText: tenant.pricing.preorderText,
    soldTagText: tenant.pricing.soldTagText,
    justArrivedText: tenant.pricing.justArrivedText,
    justArrivedDays: tenant.search.justArrivedDays,
    usedCarDisclaimer: tenant.pricing.usedCarDisclaimer,
    certifiedBadgeSrc: tenant.pricing.certifiedBadgeSrc,
    buttons: (tenant.buttonSets[buttonSet] ?? []).filter((b) => isSwitchedOn(b.when, tenant.features)),
    ...(isSwitchedOn('compare', tenant.features) ? { compareSite: tenant.slug } : {}),
  };
}

/** The fields a card shows: what a client-rendered card is sent instead of the whole record. */
export type CardCar = Pick<
  Car,
  | 'id'
  | 'slug'
  | 'year'
  | 'make'
  | 'model'
  | 'badge'
  | 'series'
  | 'car_type'
  | 'status'
  | 'price'
  | 'before_price'
  | 'offer_price'
  | 'subscription_price'
  | 'price_type'
  | 'preorder'
  | 'km'
  | 'simple_transmission'
  | 'trans'
  | 'simple_fuel'
  | 'fuel'
  | 'simple_body'
  | 'images'
  | 'primary_image_url'
  | 'stocknum'
  | 'dealership_slug'
  | 'reserved'
  | 'certified'
  | 'tag'
  | 'created_at'
>;

export function toCardCar(car: Car): CardCar {
  const {
    id,
    slug,
    year,
    make,
    model,
    badge,
    series,
    car_type,
    status,
    price,
    before_price,
    offer_price,
    subscription_price,
    price_type,
    preorder,
    km,
    simple_transmission,
    trans,
    simple_fuel,
    fuel,
    simple_body,
    primary_image_url,
    stocknum,
    dealership_slug,
    reserved,
    certified,
    tag,
    created_at,
  } = car;
  const image = car.images?.[0];
  return {
    id,
    slug,
    year,
    make,
    model,
    badge,
    series,
    car_type,
    status,
    price,
    before_price,
    offer_price,
    subscription_price,
    price_type,
    preorder,
    km,
    simple_transmission,
    trans,
    simple_fuel,
    fuel,
    simple_body,
    primary_image_url,
    stocknum,
    dealership_slug,
    reserved,
    certified,
    tag,
    created_at,
    images: image ? [image] : undefined,
  };
}
