import { COMPARISON_AMOUNT, COMPARISON_YEARS } from './comparison-rate';
import { formatMoney } from '../format';

/**
 * Credit advertising disclosure (National Credit Code s164, conversion §9): wherever a rate or a
 * repayment is shown, the comparison rate is shown beside it, as prominently, with this warning.
 */
export const COMPARISON_WARNING =
  'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';

/**
 * spec: catalogue §9 "Comparison rate example: 5-year secured fixed rate loan of $30,000." (conversion §9
 * says the same without "fixed rate"; the catalogue's fuller wording is the one shown, in the site's currency).
 */
export function comparisonBasis(currency: string): string {
  return `Comparison rate based on a ${COMPARISON_YEARS}-year secured fixed rate loan of ${formatMoney(COMPARISON_AMOUNT, currency)}.`;
}

/** conversion §4.4, catalogue §4: the disclaimer is collapsed to 197 characters. */
export const DISCLAIMER_COLLAPSED_LENGTH = 197;

export function collapseDisclaimer(text: string, expanded: boolean): { text: string; truncated: boolean } {
  if (expanded || text.length <= DISCLAIMER_COLLAPSED_LENGTH) return { text, truncated: false };
  return { text: `${text.slice(0, DISCLAIMER_COLLAPSED_LENGTH).trimEnd()}…`, truncated: true };
}

/** Percent with two decimals, as rates are advertised ('8.99% p.a.'). */
export function formatRate(rate: number): string {
  return `${rate.toFixed(2)}% p.a.`;
}

/** A provider's advertised spread of comparison rates, in percent (tenant finance.comparisonRateRange). */
export interface ComparisonRateRange {
  min: number;
  max: number;
}

/**
 * spec: conversion §9 "Comparison-rate range default 8.38% to 19.42% for one provider": the sentence
 * shown with the comparison warning, e.g. 'Comparison rates from 8.38% p.a. to 19.42% p.a.'. The ends
 * are read in either order, since an editor may type them swapped; a range that is not two rates
 * shows nothing rather than a wrong figure.
 */
export function comparisonRangeText(range: Partial<ComparisonRateRange> | undefined): string | undefined {
  const ends = [range?.min, range?.max];
  if (!ends.every((n): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0)) return undefined;
  const [low, high] = (ends as number[]).sort((a, b) => a - b) as [number, number];
  // formatRate ends in 'p.a.', whose full stop ends the sentence too.
  return low === high
    ? `Comparison rate ${formatRate(low)}`
    : `Comparison rates from ${formatRate(low)} to ${formatRate(high)}`;
}
