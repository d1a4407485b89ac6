import { describe, expect, it } from 'vitest';
import { formatMoney } from '../format';
import { DEFAULT_RESERVE_TEXT, reserveDeposit, reserveLabel } from './reserve';

describe('reserve label and deposit', () => {
  // spec: conversion §4.8 / catalogue §9 — the label includes a non-zero amount; default text '$200'.
  it('builds the reserve label', () => {
    expect(DEFAULT_RESERVE_TEXT).toBe('$200');
    expect(reserveLabel(500, 'AUD')).toBe('Reserve for $500');
    expect(reserveLabel(1000, 'AUD')).toBe('Reserve for $1,000');
    expect(reserveLabel(undefined, 'AUD')).toBe('Reserve for $200');
    expect(reserveLabel(null, 'AUD')).toBe('Reserve for $200');
    expect(reserveLabel(Number.NaN, 'AUD')).toBe('Reserve for $200');
    expect(reserveLabel(0, 'AUD')).toBe('Reserve Car Now');
  });

  // The amount is in the site's currency (tenant.locale.currency), written as every other price on the site.
  it('writes an NZD site’s amount in New Zealand dollars, as the site writes its prices', () => {
    expect(reserveLabel(1500, 'NZD')).toBe('Reserve for $1,500');
    expect(reserveLabel(1500, 'NZD')).toBe(`Reserve for ${formatMoney(1500, 'NZD')}`);
    expect(reserveLabel(1500, 'NZD')).not.toMatch(/NZD|NZ\$|A\$|AUD/);
    expect(reserveLabel(undefined, 'NZD')).toBe('Reserve for $200');
    expect(reserveLabel(0, 'NZD')).toBe('Reserve Car Now');
  });

  it('takes the deposit the label promises: the amount, none at 0, $200 when unset', () => {
    expect(reserveDeposit(500)).toBe(500);
    expect(reserveDeposit(0)).toBe(0);
    expect(reserveDeposit(undefined)).toBe(200);
    expect(reserveDeposit(Number.NaN)).toBe(200);
  });
});
