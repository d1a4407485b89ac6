/**
 * Instant-offer eligibility (conversion §4.2, §9): which cars may be offered an instant offer. Pure.
 */
import { shownPrice, type PricedCar } from '../price-display';

// spec: conversion §9 — instant-offer price threshold: above 200.
export const INSTANT_OFFER_PRICE_THRESHOLD = 200;

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
