import { isCurrent } from './promotions';

/** spec: catalogue §8 — the empty special-offers result texts and the path 'Clear Filters' returns to (catalogue §2). */
export const OFFERS_PATH = '/special-offers';
export const NO_OFFERS_TITLE = 'No Results Available';
export const NO_OFFERS_TEXT =
  'There appears to be no offers currently available that meet the conditions of your search';

export interface DatedOffer {
  /** YYYY-MM-DD, inclusive, in the site's time zone. */
  start?: string;
  /** YYYY-MM-DD, inclusive, in the site's time zone. */
  expiry?: string;
}

/**
 * spec: conversion §2.3, catalogue §9 — the offers to show at `now`: those whose start and expiry
 * dates (both inclusive, in the site's time zone) include today. Keeps the tenant's order.
 */
export function currentOffers<T extends DatedOffer>(offers: readonly T[], now: Date, timeZone: string): T[] {
  return offers.filter((offer) => isCurrent(offer, now, timeZone));
}
