import { describe, expect, it } from 'vitest';
import type { StockFilter } from './stock-filter';
import {
  breadcrumbs,
  COPIED_NOTICE_MS,
  copiedToast,
  ctaVisible,
  DEALER_COMMENTS_LIMIT,
  DEALER_COMMENTS_PENDING,
  dealerComments,
  DEFAULT_HISTORY_REPORT_RULE,
  DEFAULT_RESERVE_RULE,
  DEFAULT_RESERVE_TEXT,
  DEFAULT_TRADE_IN_RULE,
  FEATURES_INITIAL,
  FIND_SIMILAR_TEXT,
  FUEL_FALLBACK_L_PER_100KM,
  FUEL_KM_PER_WEEK,
  FUEL_PRICE_PER_LITRE,
  fuelConsumption,
  INSTANT_OFFER_PRICE_THRESHOLD,
  instantOfferEligible,
  KEY_INFO_INITIAL,
  locatedAt,
  MARKET_PRICE_THRESHOLD,
  marketPriceBadge,
  maskPhone,
  purchaseButtonsHidden,
  regoExpiry,
  reserveLabel,
  reserveDeposit,
  SHARE_WINDOW,
  shareUrl,
  showsFuelCalculator,
  sidebarCtas,
  SIMILAR_PROMPT,
  SOLD_NOTICE_TITLE,
  soldNotice,
  SPECS_INITIAL,
  TOAST_MS,
  visibleSpecRows,
  weeklyFuelCost,
  type CtaCar,
} from './vehicle-rules';

describe('market-price badge', () => {
  // spec: catalogue §9 — market-price threshold 499.
  it('uses the 499 threshold', () => {
    expect(MARKET_PRICE_THRESHOLD).toBe(499);
  });

  // spec: catalogue §5 market-price badge — the market average minus the price is more than 499.
  it('shows only when the average is more than 499 above the price', () => {
    const car = (state: number) => ({ price: 30_000, autograb_data: { state_average_market_price: state } });
    expect(marketPriceBadge(car(30_500))).toEqual({ show: true, average: 30_500, saving: 500 });
    expect(marketPriceBadge(car(30_499))).toEqual({ show: false });
    expect(marketPriceBadge(car(30_499.5))).toEqual({ show: true, average: 30_499.5, saving: 499.5 });
    expect(marketPriceBadge(car(29_000))).toEqual({ show: false });
  });

  // spec: catalogue §5 market-price badge — uses the state average if present, otherwise the national average.
  it('prefers the state average and falls back to the national average', () => {
    const both = { price: 30_000, autograb_data: { state_average_market_price: 30_200, average_market_price: 35_000 } };
    expect(marketPriceBadge(both).show).toBe(false);
    const national = { price: 30_000, autograb_data: { average_market_price: 35_000 } };
    expect(marketPriceBadge(national)).toEqual({ show: true, average: 35_000, saving: 5_000 });
    const zeroState = { price: 30_000, autograb_data: { state_average_market_price: 0, average_market_price: 35_000 } };
    expect(marketPriceBadge(zeroState).average).toBe(35_000);
    const stringy = {
      price: 30_000,
      autograb_data: { state_average_market_price: '31000', average_market_price: null },
    };
    expect(marketPriceBadge(stringy)).toEqual({ show: true, average: 31_000, saving: 1_000 });
  });

  // spec: catalogue §5 market-price badge — "the price" is the shown price; no price, no badge.
  it('compares the shown price and hides for unpriced cars or missing data', () => {
    const offer = { price: 40_000, offer_price: 34_000, autograb_data: { state_average_market_price: 36_000 } };
    expect(marketPriceBadge(offer)).toEqual({ show: true, average: 36_000, saving: 2_000 });
    expect(marketPriceBadge({ price: 0, autograb_data: { state_average_market_price: 36_000 } }).show).toBe(false);
    expect(marketPriceBadge({ price: 30_000 }).show).toBe(false);
    expect(marketPriceBadge({ price: 30_000, autograb_data: null }).show).toBe(false);
    expect(marketPriceBadge({ price: 30_000, autograb_data: { state_average_market_price: 'n/a' } }).show).toBe(false);
  });
});

describe('dealer comments', () => {
  // spec: catalogue §9 — dealer comments: 400 characters; §4 the pending text.
  it('exports the limit and the pending text', () => {
    expect(DEALER_COMMENTS_LIMIT).toBe(400);
    expect(DEALER_COMMENTS_PENDING).toBe('Dealer comments are pending. Please check back here later.');
  });

  // spec: catalogue §4 dealer comments — empty or pipe-only text shows the pending message.
  it('is pending for empty or pipe-only text', () => {
    for (const text of [undefined, '', '   ', '|', ' | | ', '||\n|', '<p>|</p>', '<p></p>', '&nbsp;|&nbsp;']) {
      expect(dealerComments(text)).toEqual({ kind: 'pending' });
    }
  });

  // spec: catalogue §4 dealer comments — short text is shown whole, without a toggle.
  it('keeps short text whole', () => {
    expect(dealerComments('One owner | Full service history')).toEqual({
      kind: 'text',
      full: 'One owner | Full service history',
      short: 'One owner | Full service history',
      truncated: false,
    });
    const exact = 'a'.repeat(400);
    expect(dealerComments(exact)).toMatchObject({ short: exact, truncated: false });
  });

  // spec: catalogue §4 dealer comments — truncated at 400 characters (on a word boundary).
  it('truncates plain text on a word boundary at or before 400 characters', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const result = dealerComments(words);
    if (result.kind !== 'text') throw new Error('expected text');
    expect(result.truncated).toBe(true);
    expect(result.short.endsWith('…')).toBe(true);
    const body = result.short.slice(0, -1);
    expect(body.length).toBeLessThanOrEqual(400);
    expect(words.startsWith(body)).toBe(true);
    expect(words[body.length]).toBe(' ');
    const noSpaces = 'x'.repeat(450);
    expect(dealerComments(noSpaces)).toMatchObject({ short: `${'x'.repeat(400)}…`, truncated: true });
    const boundaryAt400 = `${'y'.repeat(400)} tail`;
    expect(dealerComments(boundaryAt400)).toMatchObject({ short: `${'y'.repeat(400)}…`, truncated: true });
    const separator = `${'z'.repeat(396)} | more words here`;
    expect(dealerComments(separator)).toMatchObject({ short: `${'z'.repeat(396)}…` });
  });

  // spec: catalogue §4 dealer comments — length counts plain text; the full text is sanitised HTML.
  it('measures plain text and sanitises the full HTML', () => {
    const html = `<p>${'<strong>Great</strong> car. '.repeat(20)}</p><script>alert(1)</script>`;
    const result = dealerComments(html);
    if (result.kind !== 'text') throw new Error('expected text');
    expect(result.truncated).toBe(false);
    expect(result.full).not.toContain('<script');
    expect(result.full).toContain('<strong>Great</strong>');
    expect(result.short).not.toContain('<');
    expect(result.short.startsWith('Great car. Great car.')).toBe(true);
    expect(dealerComments('Tom &amp; Jerry <b>special</b>')).toMatchObject({ short: 'Tom & Jerry special' });
    expect(dealerComments('Price < 5k, was > 6k')).toMatchObject({ short: 'Price < 5k, was > 6k' });
  });

  // spec: catalogue §4 dealer comments — plain feed text keeps its line breaks.
  it('turns plain-text line breaks into <br /> in the full text', () => {
    const result = dealerComments('Line one\nLine two\r\n\r\n\r\nLine three');
    expect(result).toMatchObject({ kind: 'text', short: 'Line one\nLine two\n\nLine three' });
    if (result.kind === 'text') expect(result.full).toBe('Line one<br />Line two<br /><br /><br />Line three');
  });
});

describe('spec rows and list sizes', () => {
  // spec: catalogue §5 — spec rows with undefined, null, empty or 'null' values are hidden.
  it('hides blank values', () => {
    const rows = [
      { label: 'a', value: undefined },
      { label: 'b', value: null },
      { label: 'c', value: '' },
      { label: 'd', value: 'null' },
      { label: 'e', value: '   ' },
      { label: 'f', value: 'undefined' },
      { label: 'g', value: 'NULL' },
      { label: 'h', value: Number.NaN },
      { label: 'i', value: [] },
      { label: 'j', value: 0 },
      { label: 'k', value: false },
      { label: 'l', value: '4 cylinders' },
      { label: 'm', value: 1998 },
      { label: 'n', value: 'Nullarbor edition' },
    ];
    expect(visibleSpecRows(rows).map((row) => row.label)).toEqual(['j', 'k', 'l', 'm', 'n']);
  });

  // spec: catalogue §4 specs and features lists — 4 specs, 8 features, 4 key-information items.
  it('exports the initial list sizes', () => {
    expect(KEY_INFO_INITIAL).toBe(4);
    expect(FEATURES_INITIAL).toBe(8);
    expect(SPECS_INITIAL).toBe(4);
  });
});

describe('rego expiry', () => {
  const zone = 'Australia/Sydney';
  // 2026-03-10 09:00 in Sydney (UTC+11).
  const now = new Date('2026-03-09T22:00:00Z');

  // spec: catalogue §4 rego expiry — a future date shows 'Expires on {date}'.
  it('shows a future date in en-AU words', () => {
    expect(regoExpiry('2027-03-03', now, zone, true)).toBe('Expires on 3 March 2027');
    expect(regoExpiry('2026-03-11', now, zone, false)).toBe('Expires on 11 March 2026');
  });

  // spec: catalogue §4 rego expiry — the expiry day itself is not past (valid to the end of the day).
  it('counts today, in the site time zone, as not yet expired', () => {
    expect(regoExpiry('2026-03-10', now, zone, true)).toBe('Expires on 10 March 2026');
    // Still 9 March in UTC, but 10 March in Sydney: 9 March has passed there.
    expect(regoExpiry('2026-03-09', now, zone, true)).toBe('Unregistered');
    expect(regoExpiry('2026-03-09', now, 'UTC', true)).toBe('Expires on 9 March 2026');
  });

  // spec: catalogue §4 rego expiry — a past date shows 'Unregistered' on some sites, otherwise nothing.
  it('shows Unregistered for past dates only when the site asks', () => {
    expect(regoExpiry('2025-01-01', now, zone, true)).toBe('Unregistered');
    expect(regoExpiry('2025-01-01', now, zone, false)).toBeUndefined();
  });

  // spec: catalogue §4 rego expiry — missing or invalid dates show nothing.
  it('ignores missing and invalid dates', () => {
    for (const date of [undefined, null, '', 'soon', '2026-02-30', '2026-13-01', '03/03/2027']) {
      expect(regoExpiry(date, now, zone, true)).toBeUndefined();
    }
    expect(regoExpiry('2027-03-03T10:00:00+11:00', now, zone, true)).toBe('Expires on 3 March 2027');
  });
});

describe('dealer phone', () => {
  // spec: catalogue §4 dealer phone — masked after the first 5 characters until clicked.
  it('keeps the first 5 characters and masks later digits, keeping the length', () => {
    expect(maskPhone('(02) 9555 0100')).toBe('(02) XXXX XXXX');
    expect(maskPhone('0412 345 678')).toBe('0412 XXX XXX');
    expect(maskPhone('+61 2 9555 0100')).toBe('+61 2 XXXX XXXX');
    expect(maskPhone('1300 1')).toBe('1300 X');
    expect(maskPhone('123')).toBe('123');
    expect(maskPhone('(02) 9555 0100').length).toBe('(02) 9555 0100'.length);
  });
});

describe('fuel calculator', () => {
  // spec: catalogue §9 — fuel calculator defaults: 1.70 per litre, 250 km per week, fallback 10 L/100 km.
  it('exports the defaults', () => {
    expect(FUEL_PRICE_PER_LITRE).toBe(1.7);
    expect(FUEL_KM_PER_WEEK).toBe(250);
    expect(FUEL_FALLBACK_L_PER_100KM).toBe(10);
  });

  // spec: catalogue §9 — cost = distance / 100 x consumption x price.
  it('computes the weekly cost rounded to cents', () => {
    expect(weeklyFuelCost({ kmPerWeek: 250, litresPer100km: 10, pricePerLitre: 1.7 })).toBe(42.5);
    expect(weeklyFuelCost({ kmPerWeek: 250, litresPer100km: 7.3, pricePerLitre: 1.7 })).toBe(31.03);
    expect(weeklyFuelCost({ kmPerWeek: 0, litresPer100km: 7.3, pricePerLitre: 1.7 })).toBe(0);
    expect(weeklyFuelCost({ kmPerWeek: Number.NaN, litresPer100km: 7.3, pricePerLitre: 1.7 })).toBe(0);
  });

  // spec: catalogue §9 — the car's combined consumption, else the fallback consumption.
  it("reads the variant's combined consumption", () => {
    expect(fuelConsumption({ variant: { fuelconsumptioncombined: 7.3 } })).toBe(7.3);
    expect(fuelConsumption({ variant: { fuelconsumptioncombined: '6.5' } })).toBe(6.5);
    expect(fuelConsumption({ variant: { fuelconsumptioncombined: 0 } })).toBe(10);
    expect(fuelConsumption({ variant: { fuelconsumptioncombined: 'n/a' } })).toBe(10);
    expect(fuelConsumption({ variant: null })).toBe(10);
    expect(fuelConsumption({})).toBe(10);
  });

  // spec: catalogue §5 — electric fuel cars hide the fuel calculator.
  it('hides the calculator for electric cars only', () => {
    expect(showsFuelCalculator({ simple_fuel: 'Electric' })).toBe(false);
    expect(showsFuelCalculator({ simple_fuel: 'electric', fuel: 'Electric' })).toBe(false);
    expect(showsFuelCalculator({ fuel: 'Electric' })).toBe(false);
    expect(showsFuelCalculator({ fuel: 'Battery Electric Vehicle' })).toBe(false);
    expect(showsFuelCalculator({ simple_fuel: 'Hybrid', fuel: 'Petrol/Electric Hybrid' })).toBe(true);
    expect(showsFuelCalculator({ simple_fuel: 'PHEV', fuel: 'Plug-in Electric/Petrol' })).toBe(true);
    expect(showsFuelCalculator({ fuel: 'Petrol - Electric' })).toBe(true);
    expect(showsFuelCalculator({ simple_fuel: 'Diesel' })).toBe(true);
    expect(showsFuelCalculator({})).toBe(true);
  });
});

describe('instant offer and reserve label', () => {
  const car = { status: 'in_stock', price: 30_000 };

  // spec: conversion §4.2 instant offer eligibility / §9 — threshold above 200.
  it('needs the autograb flag, in stock, not sold, not reserved, price above 200', () => {
    expect(INSTANT_OFFER_PRICE_THRESHOLD).toBe(200);
    expect(instantOfferEligible(car, true)).toBe(true);
    expect(instantOfferEligible(car, false)).toBe(false);
    expect(instantOfferEligible({ ...car, status: 'coming_soon' }, true)).toBe(false);
    expect(instantOfferEligible({ ...car, sold: true }, true)).toBe(false);
    expect(instantOfferEligible({ ...car, reserved: true }, true)).toBe(false);
    expect(instantOfferEligible({ ...car, price: 200 }, true)).toBe(false);
    expect(instantOfferEligible({ ...car, price: 201 }, true)).toBe(true);
    expect(instantOfferEligible({ ...car, price: 0, offer_price: 25_000 }, true)).toBe(true);
  });

  // spec: conversion §4.8 / catalogue §9 — the label includes a non-zero amount; default text '$200'.
  it('builds the reserve label', () => {
    expect(DEFAULT_RESERVE_TEXT).toBe('$200');
    expect(reserveLabel(500)).toBe('Reserve for $500');
    expect(reserveLabel(1000)).toBe('Reserve for $1,000');
    expect(reserveLabel(undefined)).toBe('Reserve for $200');
    expect(reserveLabel(null)).toBe('Reserve for $200');
    expect(reserveLabel(Number.NaN)).toBe('Reserve for $200');
    expect(reserveLabel(0)).toBe('Reserve Car Now');
  });

  it('takes the deposit the label promises: the amount, none at 0, $200 when unset', () => {
    expect(reserveDeposit(500)).toBe(500);
    expect(reserveDeposit(0)).toBe(0);
    expect(reserveDeposit(undefined)).toBe(200);
    expect(reserveDeposit(Number.NaN)).toBe(200);
  });
});

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
});

describe('sold notice, breadcrumbs, location and sharing', () => {
  // spec: catalogue §4 availability — SOLD notice, 'Unfortunately this {vehicle word} recently sold', the similar prompt.
  it('words the sold notice', () => {
    expect(SOLD_NOTICE_TITLE).toBe('SOLD');
    expect(soldNotice('car')).toBe('Unfortunately this car recently sold');
    expect(soldNotice('motorcycle')).toBe('Unfortunately this motorcycle recently sold');
    expect(FIND_SIMILAR_TEXT).toBe('Find Me Something Similar');
    expect(SIMILAR_PROMPT).toBe('Like this and want something similar?');
  });

  // spec: catalogue §2 vehicle detail page — Home, car type, make, model and body links, ending on the title.
  it('builds breadcrumbs with conversion §2.2 search URLs', () => {
    const car = {
      car_type: 'used',
      make: 'Land Rover',
      model: 'Range Rover Sport',
      simple_body: 'SUV',
      year: 2021,
      badge: 'HSE',
      series: 'L494',
    };
    expect(breadcrumbs(car)).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Used Cars', href: '/search/used-cars' },
      { label: 'Land Rover', href: '/search/land-rover' },
      { label: 'Range Rover Sport', href: '/search/land-rover/range-rover-sport' },
      { label: 'SUV', href: '/search/suv' },
      { label: '2021 Land Rover Range Rover Sport HSE L494' },
    ]);
    expect(breadcrumbs({ ...car, car_type: 'demo' }, '/stock/')[1]).toEqual({
      label: 'Demo Cars',
      href: '/stock/demo-cars',
    });
    expect(breadcrumbs({ ...car, car_type: 'new' })[1]?.href).toBe('/search/new-cars');
  });

  // spec: catalogue §2 vehicle detail page — missing breadcrumb parts are skipped.
  it('skips missing parts', () => {
    expect(breadcrumbs({ make: 'Kia', model: 'Cerato', year: 2019 })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Kia', href: '/search/kia' },
      { label: 'Cerato', href: '/search/kia/cerato' },
      { label: '2019 Kia Cerato' },
    ]);
    expect(breadcrumbs({ car_type: 'other', simple_body: ' ', name: 'Mystery car' })).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Mystery car' },
    ]);
    expect(breadcrumbs({ model: 'Cerato' })).toEqual([{ label: 'Home', href: '/' }, { label: 'Cerato' }]);
  });

  // spec: catalogue §2 announcement bar — 'Located at {city}' when the city differs from the primary dealership city.
  it('announces a different city', () => {
    expect(locatedAt('Parramatta', 'Sydney')).toBe('Located at Parramatta');
    expect(locatedAt(' sydney ', 'Sydney')).toBeUndefined();
    expect(locatedAt(undefined, 'Sydney')).toBeUndefined();
    expect(locatedAt('Parramatta', undefined)).toBeUndefined();
  });

  // spec: catalogue §2 — the share link is the site URL plus /cars/{slug}, trailing slash removed.
  it('builds the share link', () => {
    expect(shareUrl('https://dealer.example', '2022-toyota-hilux-sr5-100123')).toBe(
      'https://dealer.example/cars/2022-toyota-hilux-sr5-100123',
    );
    expect(shareUrl('https://dealer.example/', '2022-toyota-hilux-sr5-100123')).toBe(
      'https://dealer.example/cars/2022-toyota-hilux-sr5-100123',
    );
    expect(shareUrl('https://dealer.example//', 'abc/')).toBe('https://dealer.example/cars/abc');
  });

  // spec: catalogue §4 copy link / §9 — copied 1500 ms, toast 3000 ms, share window 550x400, toast text.
  it('exports the sharing constants and toast text', () => {
    expect(COPIED_NOTICE_MS).toBe(1500);
    expect(TOAST_MS).toBe(3000);
    expect(SHARE_WINDOW).toEqual({ width: 550, height: 400 });
    expect(copiedToast('2022 Toyota HiLux SR5')).toBe('Copied 2022 Toyota HiLux SR5 to your clipboard!');
  });
});
