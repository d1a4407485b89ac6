/**
 * Reserving a car (conversion §4.8, catalogue §2, §9): the reserve button's label and the deposit
 * it takes. Pure.
 */
import { formatMoney } from '../format';

// spec: catalogue §9 / conversion §4.8 — default reserve text '$200' when no specific amount.
export const DEFAULT_RESERVE_TEXT = '$200';
// spec: catalogue §2 — the mobile bar's 'Reserve Car Now'; the label when the amount is zero.
export const RESERVE_NOW_TEXT = 'Reserve Car Now';

/**
 * spec: conversion §4.8 / catalogue §9 — the reserve label includes the amount when it is not zero;
 * the default text is '$200' when no amount is set.
 * - a positive amount: 'Reserve for $500' (whole dollars, thousands separators, in the site's
 *   currency, tenant.locale.currency: '$500' for NZD too, written as domain/format writes money);
 * - no amount (undefined, NaN or negative, i.e. not set): 'Reserve for $200';
 * - zero: 'Reserve Car Now' (no amount shown).
 */
export function reserveLabel(amount: number | undefined | null, currency: string): string {
  if (amount === 0) return RESERVE_NOW_TEXT;
  if (typeof amount === 'number' && Number.isFinite(amount) && amount > 0)
    return `Reserve for ${formatMoney(amount, currency)}`;
  return `Reserve for ${DEFAULT_RESERVE_TEXT}`;
}

/** The deposit a reservation takes: the tenant's amount, none at 0, and $200 (the default text's amount) when unset. */
export const DEFAULT_RESERVE_DEPOSIT = 200;
export function reserveDeposit(amount: number | undefined | null): number {
  if (amount === 0) return 0;
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : DEFAULT_RESERVE_DEPOSIT;
}
