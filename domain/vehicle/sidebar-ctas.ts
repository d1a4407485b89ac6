/**
 * The vehicle sidebar's call-to-action buttons (catalogue §2, §5; conversion §4.2, §4.8): the
 * default eligibility rules, tenant rules in the stock filter language, and which buttons a sold
 * or unpriced car loses. Pure.
 */
import { isAvailable } from '../listing';
import { shownPrice } from '../price-display';
import { matchesFilter, type StockFilter } from '../stock-filter';
import { instantOfferEligible, type SellableCar } from './instant-offer';

export type SidebarCta = 'trade-in' | 'reserve' | 'buy-online' | 'history-report' | 'instant-offer';

/** Buttons a sold or unpriced car replaces with 'Find Me Something Similar' (catalogue §2). */
export const PURCHASE_CTAS: readonly SidebarCta[] = ['reserve', 'buy-online'];

/**
 * spec: catalogue §5 — the history-report button needs the car's file. Expressed in the filter
 * language like the other buttons: `file` present (not missing, null or '').
 */
export const DEFAULT_HISTORY_REPORT_RULE: StockFilter = { field: 'file', exists: true };

/**
 * spec: catalogue §5 / conversion §4.2 — trade-in eligibility is a tenant rule (not shown in the
 * spec). Default: the car can still be bought, i.e. in stock or coming soon and not marked sold.
 */
export const DEFAULT_TRADE_IN_RULE: StockFilter = {
  all: [{ field: 'status', in: ['in_stock', 'coming_soon'] }, { not: { field: 'sold', eq: true } }],
};

/**
 * spec: catalogue §5 / conversion §4.2, §4.8 — reserve and online purchase need the reserve
 * eligibility check, a tenant rule (not shown in the spec). Default: in stock, not sold, not
 * reserved, and a shown price above 0 (a deposit needs a price).
 */
export const DEFAULT_RESERVE_RULE: StockFilter = {
  all: [
    { field: 'status', eq: 'in_stock' },
    { field: 'shown_price', gt: 0 },
    { not: { field: 'sold', eq: true } },
    { not: { field: 'reserved', eq: true } },
  ],
};

/**
 * spec: conversion §4.2 — the instant-offer entry point shows only for an eligible car (the
 * derived `instant_offer`: autograb flag on, in stock, not sold, not reserved, price above 200).
 * The spec gives this rule, so unlike the others a tenant cannot replace it.
 */
export const INSTANT_OFFER_RULE: StockFilter = { field: 'instant_offer', eq: true };

export interface CtaRules {
  tradeIn?: StockFilter;
  reserve?: StockFilter;
  /** Defaults to the reserve rule (both need the reserve-eligibility check). */
  buyOnline?: StockFilter;
  historyReport?: StockFilter;
}

export interface CtaContext {
  now: Date;
  /** The site's autograb flag, for the derived `instant_offer` field. */
  autograbOn?: boolean;
}

/** The fields the built-in rules read; any other car field (make, km, ...) may be named by a tenant rule. */
export interface CtaCar extends SellableCar {
  year?: number | null;
  file?: unknown;
}

/**
 * The record a CTA rule is evaluated against: the car's own fields plus derived ones, which win
 * over feed fields of the same name:
 * - `available`: status in_stock or coming_soon (isAvailable);
 * - `shown_price`: the shown price (offer price above 10, else price);
 * - `has_price`: shown price above 0;
 * - `instant_offer`: instantOfferEligible with the context's autograb flag;
 * - `age_years`: the current year minus the model year (when the year is known).
 */
export function ctaRecord<C extends CtaCar>(car: C, context: CtaContext): Record<string, unknown> {
  const price = shownPrice(car);
  const record: Record<string, unknown> = {};
  return Object.assign(record, car, {
    available: isAvailable(car),
    shown_price: price,
    has_price: price > 0,
    instant_offer: instantOfferEligible(car, context.autograbOn ?? false),
    ...(typeof car.year === 'number' ? { age_years: context.now.getFullYear() - car.year } : {}),
  });
}

/**
 * spec: catalogue §5 — whether a sidebar button shows: the rule (a tenant's StockFilter, or one of
 * the DEFAULT_* rules) matched with matchesFilter against the car plus derived fields (ctaRecord).
 * Purchase buttons are also hidden for sold or unpriced cars; use sidebarCtas for the whole set.
 */
export function ctaVisible<C extends CtaCar>(rule: StockFilter, car: C, context: CtaContext): boolean {
  return matchesFilter(ctaRecord(car, context), rule, context.now);
}

/**
 * spec: catalogue §2, §4 — a sold or unpriced car shows 'Find Me Something Similar' instead of
 * purchase buttons. Sold: not available (isAvailable: status other than in_stock / coming_soon,
 * including 'reserved'), or the sold flag. Unpriced: shown price 0 or less and not a pre-order
 * (a PREORDER car has a price display and stays purchasable by its rules).
 */
export function purchaseButtonsHidden(car: SellableCar): boolean {
  if (!isAvailable(car) || car.sold === true) return true;
  return shownPrice(car) <= 0 && car.preorder !== true;
}

/** The sidebar buttons a car shows, in a fixed order, with tenant rules or the defaults. */
export function sidebarCtas<C extends CtaCar>(car: C, rules: CtaRules, context: CtaContext): SidebarCta[] {
  const reserve = rules.reserve ?? DEFAULT_RESERVE_RULE;
  const checks: Array<[SidebarCta, StockFilter]> = [
    ['reserve', reserve],
    ['buy-online', rules.buyOnline ?? reserve],
    ['trade-in', rules.tradeIn ?? DEFAULT_TRADE_IN_RULE],
    ['history-report', rules.historyReport ?? DEFAULT_HISTORY_REPORT_RULE],
    ['instant-offer', INSTANT_OFFER_RULE],
  ];
  const hidePurchase = purchaseButtonsHidden(car);
  return checks
    .filter(([cta, rule]) => !(hidePurchase && PURCHASE_CTAS.includes(cta)) && ctaVisible(rule, car, context))
    .map(([cta]) => cta);
}
