// spec: catalogue §4 price display priority.
export const OFFER_PRICE_THRESHOLD = 10;
export const DEFAULT_NO_PRICE_TEXT = 'Enquire for price.';

export interface PricedCar {
  price?: number | null;
  before_price?: number | null;
  offer_price?: number | null;
  subscription_price?: number | null;
  price_type?: string | null;
  preorder?: boolean | null;
}

export type PriceDisplay =
  | { kind: 'subscription' | 'offer' | 'price'; amount: number; priceType?: string; wasPrice?: number }
  | { kind: 'preorder' | 'none'; text: string };

export interface PriceDisplayOptions {
  subscriptionOffer: boolean;
  noPriceText?: string;
  preorderText?: string;
}

/**
 * (1) subscription price when the offer is on and it is above 0; (2) offer price above 10;
 * (3) normal price; (4) PREORDER when flagged; (5) the no-price text. The was-price shows only
 * when before_price is greater than the price shown.
 */
export function priceDisplay(car: PricedCar, options: PriceDisplayOptions): PriceDisplay {
  const priceType = car.price_type ?? undefined;
  const withWas = (kind: 'subscription' | 'offer' | 'price', amount: number): PriceDisplay => {
    const was = car.before_price ?? 0;
    return { kind, amount, priceType, ...(was > amount ? { wasPrice: was } : {}) };
  };
  if (options.subscriptionOffer && (car.subscription_price ?? 0) > 0)
    return withWas('subscription', car.subscription_price as number);
  if ((car.offer_price ?? 0) > OFFER_PRICE_THRESHOLD) return withWas('offer', car.offer_price as number);
  if ((car.price ?? 0) > 0) return withWas('price', car.price as number);
  if (car.preorder) return { kind: 'preorder', text: options.preorderText ?? 'PREORDER' };
  return { kind: 'none', text: options.noPriceText ?? DEFAULT_NO_PRICE_TEXT };
}

/**
 * The price a shopper sees for a car (before any subscription): the offer price when above 10,
 * otherwise the price. Search sorts and filters on it, so "lowest price" agrees with the cards.
 */
export function shownPrice(car: Pick<PricedCar, 'price' | 'offer_price'>): number {
  return (car.offer_price ?? 0) > OFFER_PRICE_THRESHOLD ? (car.offer_price as number) : (car.price ?? 0);
}
