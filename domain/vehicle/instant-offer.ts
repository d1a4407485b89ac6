/**
 * Instant-offer eligibility (conversion §4.2, §9): which cars may be offered an instant offer. Pure.
 */
import { shownPrice, type PricedCar } from '../price-display';

// spec: conversion §9 — instant-offer price threshold: above 200.
export const INSTANT_OFFER_PRICE_THRESHOLD = 200;

/**
 * Where the instant-offer entry point leads by default: the trade-in valuation with the car being
 * bought (conversion §2.3 /cars/trade-in?car_id={id}), so the shopper's offer is against this car.
 */
export const INSTANT_OFFER_HREF = '/cars/trade-in?car_id={id}';

/** The entry point's words on the phone action bar, where four buttons share one row. */
export const INSTANT_OFFER_SHORT_TEXT = 'Instant Offer';

export interface SellableCar extends Pick<PricedCar, 'price' | 'offer_price' | 'preorder'> {
  status: string;
  sold?: boolean | null;
  reserved?: boolean | null;
}

/**
 * spec: conversion §4.2 — eligible only when the autograb flag is on, status is in_stock, it is
 * not sold (sold flag), not reserved (reserved flag or status 'reserved'), and the price is above
 * 200. The price is the shown price (offer price above 10, else price), the figure the page shows.
 */
export function instantOfferEligible(car: SellableCar, autograbOn: boolean): boolean {
  return (
    autograbOn &&
    car.status === 'in_stock' &&
    car.sold !== true &&
    car.reserved !== true &&
    shownPrice(car) > INSTANT_OFFER_PRICE_THRESHOLD
  );
}
