import { describe, expect, it } from 'vitest';
import type { StockFilter } from '../stock-filter';
import {
  ctaVisible,
  DEFAULT_HISTORY_REPORT_RULE,
  DEFAULT_RESERVE_RULE,
  DEFAULT_TRADE_IN_RULE,
  purchaseButtonsHidden,
  sidebarCtas,
  type CtaCar,
} from './sidebar-ctas';

describe('sidebar call-to-action buttons', () => {
  const now = new Date('2026-03-10T00:00:00Z');
  const car: CtaCar = { status: 'in_stock', price: 30_000, year: 2020 };

  // spec: catalogue §5 — the history-report button needs the car's file.
  it('shows the history report only with a file', () => {
    expect(ctaVisible(DEFAULT_HISTORY_REPORT_RULE, car, { now })).toBe(false);
    expect(ctaVisible(DEFAULT_HISTORY_REPORT_RULE, { ...car, file: '' }, { now })).toBe(false);
    expect(ctaVisible(DEFAULT_HISTORY_REPORT_RULE, { ...car, file: 'https://cdn.example/report.pdf' }, { now })).toBe(
      true,
    );
  });

  // spec: catalogue §5 — reserve and online purchase need the reserve-eligibility check (default rule).
  it('applies the default reserve rule', () => {
    expect(ctaVisible(DEFAULT_RESERVE_RULE, car, { now })).toBe(true);
    expect(ctaVisible(DEFAULT_RESERVE_RULE, { ...car, reserved: true }, { now })).toBe(false);
    expect(ctaVisible(DEFAULT_RESERVE_RULE, { ...car, sold: true }, { now })).toBe(false);
    expect(ctaVisible(DEFAULT_RESERVE_RULE, { ...car, status: 'coming_soon' }, { now })).toBe(false);
    expect(ctaVisible(DEFAULT_RESERVE_RULE, { ...car, price: 0 }, { now })).toBe(false);
    expect(ctaVisible(DEFAULT_RESERVE_RULE, { ...car, price: 0, offer_price: 28_000 }, { now })).toBe(true);
  });

  // spec: catalogue §5 — trade-in shows only if the car passes the trade-in eligibility check (default rule).
  it('applies the default trade-in rule', () => {
    expect(ctaVisible(DEFAULT_TRADE_IN_RULE, car, { now })).toBe(true);
    expect(ctaVisible(DEFAULT_TRADE_IN_RULE, { ...car, status: 'coming_soon' }, { now })).toBe(true);
    expect(ctaVisible(DEFAULT_TRADE_IN_RULE, { ...car, status: 'sold' }, { now })).toBe(false);
    expect(ctaVisible(DEFAULT_TRADE_IN_RULE, { ...car, sold: true }, { now })).toBe(false);
  });

  // spec: catalogue §5 / conversion §4.2 — eligibility checks are tenant rules in the stock filter language.
  it('evaluates tenant rules against the car and derived fields', () => {
    const tenantReserve: StockFilter = {
      all: [{ field: 'status', eq: 'in_stock' }, { field: 'price', gt: 0 }, { not: { field: 'reserved', eq: true } }],
    };
    expect(ctaVisible(tenantReserve, car, { now })).toBe(true);
    expect(ctaVisible(tenantReserve, { ...car, reserved: true }, { now })).toBe(false);
    const recentUsed: StockFilter = {
      all: [
        { field: 'age_years', lte: 7 },
        { field: 'km', lt: 100_000 },
      ],
    };
    expect(ctaVisible(recentUsed, { ...car, km: 50_000 }, { now })).toBe(true);
    expect(ctaVisible(recentUsed, { ...car, km: 50_000, year: 2015 }, { now })).toBe(false);
    expect(ctaVisible(recentUsed, car, { now })).toBe(false);
    expect(ctaVisible({ field: 'instant_offer', eq: true }, car, { now, autograbOn: true })).toBe(true);
    expect(ctaVisible({ field: 'instant_offer', eq: true }, car, { now })).toBe(false);
    expect(ctaVisible({ field: 'make', in: ['toyota', 'lexus'] }, { ...car, make: 'Toyota' }, { now })).toBe(true);
    expect(ctaVisible({ field: 'available', eq: true }, { ...car, status: 'sold' }, { now })).toBe(false);
  });

  // spec: catalogue §2 / §4 — a sold or unpriced car shows 'Find Me Something Similar' instead of purchase buttons.
  it('hides purchase buttons for sold or unpriced cars', () => {
    expect(purchaseButtonsHidden(car)).toBe(false);
    expect(purchaseButtonsHidden({ ...car, status: 'sold' })).toBe(true);
    expect(purchaseButtonsHidden({ ...car, status: 'reserved' })).toBe(true);
    expect(purchaseButtonsHidden({ ...car, status: 'other' })).toBe(true);
    expect(purchaseButtonsHidden({ ...car, sold: true })).toBe(true);
    expect(purchaseButtonsHidden({ ...car, status: 'coming_soon' })).toBe(false);
    expect(purchaseButtonsHidden({ ...car, price: 0 })).toBe(true);
    expect(purchaseButtonsHidden({ ...car, price: 0, offer_price: 28_000 })).toBe(false);
    expect(purchaseButtonsHidden({ ...car, price: 0, preorder: true })).toBe(false);
  });

  // spec: catalogue §5 — the sidebar's button set from the rules; purchase buttons off for sold or unpriced cars.
  it('lists the visible sidebar buttons', () => {
    expect(sidebarCtas({ ...car, file: 'report.pdf' }, {}, { now })).toEqual([
      'reserve',
      'buy-online',
      'trade-in',
      'history-report',
    ]);
    expect(sidebarCtas(car, { buyOnline: { field: 'make', eq: 'Mazda' } }, { now })).toEqual(['reserve', 'trade-in']);
    const anyStatus: StockFilter = { field: 'price', gte: 0 };
    expect(sidebarCtas({ ...car, status: 'sold' }, { reserve: anyStatus, tradeIn: anyStatus }, { now })).toEqual([
      'trade-in',
    ]);
  });

  // spec: conversion §4.2 — the instant offer only when the autograb flag is on, in_stock, not sold,
  // not reserved and price above 200 (§9 instant-offer price threshold above 200).
  it('offers the instant offer only for an eligible car on a site with the autograb flag on', () => {
    const on = { now, autograbOn: true };
    expect(sidebarCtas(car, {}, on)).toContain('instant-offer');
    expect(sidebarCtas(car, {}, { now })).not.toContain('instant-offer');
    expect(sidebarCtas(car, {}, { now, autograbOn: false })).not.toContain('instant-offer');
    expect(sidebarCtas({ ...car, status: 'coming_soon' }, {}, on)).not.toContain('instant-offer');
    expect(sidebarCtas({ ...car, sold: true }, {}, on)).not.toContain('instant-offer');
    expect(sidebarCtas({ ...car, reserved: true }, {}, on)).not.toContain('instant-offer');
    expect(sidebarCtas({ ...car, price: 200 }, {}, on)).not.toContain('instant-offer');
    expect(sidebarCtas({ ...car, price: 201 }, {}, on)).toContain('instant-offer');
    // A tenant's own rules for the other buttons do not widen it: the spec fixes this one.
    const anything: StockFilter = { field: 'price', gte: 0 };
    expect(sidebarCtas({ ...car, status: 'sold' }, { reserve: anything, tradeIn: anything }, on)).not.toContain(
      'instant-offer',
    );
  });
});
