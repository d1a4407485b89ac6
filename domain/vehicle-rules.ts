/**
 * Vehicle detail page rules (catalogue §2, §4, §5, §9; conversion §2.5, §4.2, §4.8): market-price
 * badge, dealer comments, spec rows, rego expiry, phone mask, fuel calculator, sidebar buttons,
 * sold notice, breadcrumbs, the location announcement and sharing. Pure: no React, no I/O.
 */
import { isAvailable } from './listing';
import { formatMoney, shownPrice, type PricedCar } from './price-display';
import { sanitiseHtml } from './sanitise-html';
import { buildSearchUrl, emptySearchState, SEARCH_BASE_PATH, STOCK_TYPE_SLUGS } from './search-url';
import { slugify } from './slug';
import { matchesFilter, type StockFilter } from './stock-filter';
import { vehicleTitle } from './vehicle-title';

// ---------------------------------------------------------------------------------------------
// Market-price badge
// ---------------------------------------------------------------------------------------------

// spec: catalogue §9 — market-price threshold 499 (§5: the average minus the price is more than 499).
export const MARKET_PRICE_THRESHOLD = 499;

export interface MarketPricedCar extends Pick<PricedCar, 'price' | 'offer_price'> {
  autograb_data?: {
    state_average_market_price?: number | string | null;
    average_market_price?: number | string | null;
  } | null;
}

export interface MarketPriceBadge {
  show: boolean;
  /** The market average compared against (state when present, else national). */
  average?: number;
  /** average minus the shown price. */
  saving?: number;
}

/** A positive finite number from a feed value (numbers or numeric strings), else undefined. */
function positiveNumber(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/**
 * spec: catalogue §5 market-price badge — "shown only when the market average minus the price is
 * more than 499 and the price is below the state average; it uses the state average if present,
 * otherwise the national average."
 *
 * Reading: the one average used is the state average when present (a positive number), otherwise
 * the national average; "the state average" in the second clause is that chosen average (requiring
 * a state average would make the national fallback dead). The second clause then follows from the
 * first (average - price > 499 implies price < average), so the rule is `average - price > 499`,
 * strictly (a saving of exactly 499 hides the badge). "The price" is the shown price (offer price
 * above 10, else price) so the badge agrees with the figure beside it; an unpriced car (shown
 * price 0 or less) never shows the badge. A zero, negative or non-numeric average counts as absent.
 */
export function marketPriceBadge(car: MarketPricedCar): MarketPriceBadge {
  const data = car.autograb_data ?? undefined;
  const average = positiveNumber(data?.state_average_market_price) ?? positiveNumber(data?.average_market_price);
  const price = shownPrice(car);
  if (average === undefined || !(price > 0)) return { show: false };
  const saving = average - price;
  return saving > MARKET_PRICE_THRESHOLD ? { show: true, average, saving } : { show: false };
}

// ---------------------------------------------------------------------------------------------
// Dealer comments
// ---------------------------------------------------------------------------------------------

// spec: catalogue §9 — dealer comments: 400 characters; §4 — the pending text.
export const DEALER_COMMENTS_LIMIT = 400;
export const DEALER_COMMENTS_PENDING = 'Dealer comments are pending. Please check back here later.';

export type DealerComments = { kind: 'pending' } | { kind: 'text'; full: string; short: string; truncated: boolean };

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

const HAS_TAG = /<\/?[a-z][^>]*>/i;

/**
 * Plain text of a comment that may be HTML: line breaks and block ends become newlines, other tags
 * are dropped, entities decoded, runs of spaces collapsed, at most one blank line kept.
 */
export function commentPlainText(text: string): string {
  return decodeEntities(
    text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6]|tr|blockquote)\s*>/gi, '\n')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<\/?[a-z][^>]*>/gi, ''),
  )
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cuts plain text to at most `limit` characters, on the last space or line break when there is one. */
function cutAtWord(text: string, limit: number): string {
  const window = text.slice(0, limit + 1);
  const boundary = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'));
  const cut = boundary > 0 ? text.slice(0, boundary) : text.slice(0, limit);
  return cut.replace(/[\s|,;:–—-]+$/u, '');
}

/**
 * spec: catalogue §4 dealer comments / §9 — truncated at 400 characters with a show more / less
 * toggle; empty or pipe-only text shows the pending message.
 *
 * - Pending: undefined, empty, or text whose plain text holds nothing but pipes and white space
 *   ('|', ' | | ', '<p>|</p>').
 * - `full` is sanitised HTML (sanitiseHtml) for the expanded view. Feed comments are plain text
 *   with line breaks, so when the text has no HTML tags its line breaks become <br />.
 * - Length and `short` work on the plain text (tags stripped, entities decoded, spaces collapsed,
 *   line breaks kept as '\n', so render `short` as text with white-space: pre-line).
 * - `truncated` is true when the plain text is longer than 400 characters; `short` is then cut on
 *   the last word boundary at or before 400 characters (a hard cut at 400 when the first 400
 *   characters hold no space), trailing separators removed, followed by '…'. Otherwise `short`
 *   is the whole plain text.
 */
export function dealerComments(text: string | undefined | null): DealerComments {
  const source = text ?? '';
  const plain = commentPlainText(source);
  if (plain.replace(/[|\s]/g, '') === '') return { kind: 'pending' };
  const html = HAS_TAG.test(source) ? source : source.replace(/\r\n?|\n/g, '<br />');
  const full = sanitiseHtml(html);
  const truncated = plain.length > DEALER_COMMENTS_LIMIT;
  return { kind: 'text', full, short: truncated ? `${cutAtWord(plain, DEALER_COMMENTS_LIMIT)}…` : plain, truncated };
}

// ---------------------------------------------------------------------------------------------
// Specs, features and key information
// ---------------------------------------------------------------------------------------------

// spec: catalogue §4 specs and features lists — key information 4 before 'Show More', features 8
// before 'Show All', specifications 4 before expanding.
export const KEY_INFO_INITIAL = 4;
export const FEATURES_INITIAL = 8;
export const SPECS_INITIAL = 4;

const EMPTY_WORDS = new Set(['null', 'undefined']);

/** True when a spec value has nothing to show (see visibleSpecRows). */
export function isBlankSpecValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' || EMPTY_WORDS.has(trimmed.toLowerCase());
  }
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * spec: catalogue §5 — spec rows with undefined, null, empty or 'null' values are hidden. Also
 * hidden: white-space-only text, the text 'undefined' (either word in any case, as feeds
 * stringify missing values), NaN and empty lists. 0 and false are real values and stay.
 */
export function visibleSpecRows<T extends { value: unknown }>(rows: readonly T[]): T[] {
  return rows.filter((row) => !isBlankSpecValue(row.value));
}

// ---------------------------------------------------------------------------------------------
// Rego expiry
// ---------------------------------------------------------------------------------------------

export const REGO_UNREGISTERED_TEXT = 'Unregistered';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD of an instant in a time zone. */
function dateInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar date (YYYY-MM-DD) from a date or a date-time (read in the site time zone), else undefined. */
function calendarDate(text: string, timeZone: string): string | undefined {
  const trimmed = text.trim();
  const match = DATE_ONLY.exec(trimmed);
  if (match) {
    const [, y, m, d] = match.map(Number) as [number, number, number, number];
    const check = new Date(Date.UTC(y, m - 1, d));
    return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d
      ? trimmed
      : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) return undefined;
  const instant = Date.parse(trimmed);
  return Number.isNaN(instant) ? undefined : dateInZone(new Date(instant), timeZone);
}

/** '3 March 2027' for 2027-03-03 (en-AU, the calendar date as written). */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/**
 * spec: catalogue §4 rego expiry — a past date shows 'Unregistered' on some sites, otherwise
 * nothing; a future date shows 'Expires on {date}'.
 *
 * The expiry date is the last day the registration is valid, so it counts as past only from the
 * next day: on the expiry day itself (in the site time zone) the car is still registered and shows
 * 'Expires on {date}'. The date is formatted en-AU ('3 March 2027'). A date-time is read as its
 * calendar date in the site time zone; missing or invalid dates show nothing.
 */
export function regoExpiry(
  date: string | undefined | null,
  now: Date,
  timeZone: string,
  showUnregistered: boolean,
): string | undefined {
  if (!date) return undefined;
  const expiry = calendarDate(date, timeZone);
  if (expiry === undefined) return undefined;
  const today = dateInZone(now, timeZone);
  if (expiry >= today) return `Expires on ${formatCalendarDate(expiry)}`;
  return showUnregistered ? REGO_UNREGISTERED_TEXT : undefined;
}

// ---------------------------------------------------------------------------------------------
// Dealer phone
// ---------------------------------------------------------------------------------------------

// spec: catalogue §4 dealer phone — masked after the first 5 characters until clicked.
export const PHONE_VISIBLE_CHARS = 5;
export const PHONE_MASK_CHAR = 'X';

/**
 * spec: catalogue §4 dealer phone — the first 5 characters stay; after them every digit becomes
 * 'X' while spaces, brackets and other punctuation stay, so the masked number keeps its length and
 * shape: '(02) 9555 0100' -> '(02) XXXX XXXX'. Surrounding white space is trimmed first.
 */
export function maskPhone(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.slice(0, PHONE_VISIBLE_CHARS) + trimmed.slice(PHONE_VISIBLE_CHARS).replace(/\d/g, PHONE_MASK_CHAR);
}

// ---------------------------------------------------------------------------------------------
// Fuel calculator
// ---------------------------------------------------------------------------------------------

// spec: catalogue §9 — fuel calculator defaults: 1.70 per litre, 250 km per week, fallback 10 L/100 km.
export const FUEL_PRICE_PER_LITRE = 1.7;
export const FUEL_KM_PER_WEEK = 250;
export const FUEL_FALLBACK_L_PER_100KM = 10;

export interface FuelInputs {
  kmPerWeek: number;
  litresPer100km: number;
  pricePerLitre: number;
}

/** spec: catalogue §9 — cost = distance / 100 x consumption x price, rounded to cents; bad inputs give 0. */
export function weeklyFuelCost({ kmPerWeek, litresPer100km, pricePerLitre }: FuelInputs): number {
  const cost = (kmPerWeek / 100) * litresPer100km * pricePerLitre;
  return Number.isFinite(cost) && cost > 0 ? Math.round(cost * 100) / 100 : 0;
}

export interface FuelCar {
  fuel?: string | null;
  simple_fuel?: string | null;
  variant?: { fuelconsumptioncombined?: number | string | null } | null;
}

/** spec: catalogue §9 — the car's combined consumption (L/100 km) when positive, else the 10 L/100 km fallback. */
export function fuelConsumption(car: FuelCar): number {
  return positiveNumber(car.variant?.fuelconsumptioncombined) ?? FUEL_FALLBACK_L_PER_100KM;
}

/**
 * spec: catalogue §5 — electric fuel cars hide the fuel calculator. Electric means simple_fuel
 * 'Electric' (any case). Without a simple_fuel, a fuel text mentioning 'electric' counts unless it
 * also names a burnt fuel or hybrid ('Petrol/Electric Hybrid' still burns petrol). Hybrid and PHEV
 * cars keep the calculator.
 */
export function showsFuelCalculator(car: FuelCar): boolean {
  const simple = (car.simple_fuel ?? '').trim().toLowerCase();
  if (simple) return simple !== 'electric';
  const fuel = (car.fuel ?? '').toLowerCase();
  return !(fuel.includes('electric') && !/petrol|diesel|hybrid|phev|lpg|unleaded|gas/.test(fuel));
}

// ---------------------------------------------------------------------------------------------
// Instant offer and reserve
// ---------------------------------------------------------------------------------------------

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

// spec: catalogue §9 / conversion §4.8 — default reserve text '$200' when no specific amount.
export const DEFAULT_RESERVE_TEXT = '$200';
// spec: catalogue §2 — the mobile bar's 'Reserve Car Now'; the label when the amount is zero.
export const RESERVE_NOW_TEXT = 'Reserve Car Now';

/**
 * spec: conversion §4.8 / catalogue §9 — the reserve label includes the amount when it is not zero;
 * the default text is '$200' when no amount is set.
 * - a positive amount: 'Reserve for $500' (whole dollars, thousands separators);
 * - no amount (undefined, NaN or negative, i.e. not set): 'Reserve for $200';
 * - zero: 'Reserve Car Now' (no amount shown).
 */
export function reserveLabel(amount: number | undefined | null): string {
  if (amount === 0) return RESERVE_NOW_TEXT;
  if (typeof amount === 'number' && Number.isFinite(amount) && amount > 0) return `Reserve for ${formatMoney(amount)}`;
  return `Reserve for ${DEFAULT_RESERVE_TEXT}`;
}

/** The deposit a reservation takes: the tenant's amount, none at 0, and $200 (the default text's amount) when unset. */
export const DEFAULT_RESERVE_DEPOSIT = 200;
export function reserveDeposit(amount: number | undefined | null): number {
  if (amount === 0) return 0;
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : DEFAULT_RESERVE_DEPOSIT;
}

// ---------------------------------------------------------------------------------------------
// Sidebar call-to-action buttons
// ---------------------------------------------------------------------------------------------

export type SidebarCta = 'trade-in' | 'reserve' | 'buy-online' | 'history-report';

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
  ];
  const hidePurchase = purchaseButtonsHidden(car);
  return checks
    .filter(([cta, rule]) => !(hidePurchase && PURCHASE_CTAS.includes(cta)) && ctaVisible(rule, car, context))
    .map(([cta]) => cta);
}

// ---------------------------------------------------------------------------------------------
// Sold notice
// ---------------------------------------------------------------------------------------------

// spec: catalogue §4 availability — the sidebar's sold notice texts.
export const SOLD_NOTICE_TITLE = 'SOLD';
export const FIND_SIMILAR_TEXT = 'Find Me Something Similar';
export const SIMILAR_PROMPT = 'Like this and want something similar?';

/** spec: catalogue §4 availability — 'Unfortunately this {vehicle word} recently sold'. */
export function soldNotice(vehicleWord: string): string {
  return `Unfortunately this ${vehicleWord.trim() || 'car'} recently sold`;
}

// ---------------------------------------------------------------------------------------------
// Breadcrumbs, location announcement, sharing
// ---------------------------------------------------------------------------------------------

export interface Breadcrumb {
  label: string;
  href?: string;
}

export interface BreadcrumbCar {
  car_type?: string | null;
  make?: string | null;
  model?: string | null;
  simple_body?: string | null;
  year?: number | null;
  badge?: string | null;
  series?: string | null;
  name?: string | null;
}

const CAR_TYPE_LABELS: Readonly<Record<keyof typeof STOCK_TYPE_SLUGS, string>> = {
  used: 'Used Cars',
  demo: 'Demo Cars',
  new: 'New Cars',
};
const isCarType = (value: string): value is keyof typeof STOCK_TYPE_SLUGS => value in STOCK_TYPE_SLUGS;
const text = (value: string | null | undefined) => (value ?? '').trim();

/**
 * spec: catalogue §2 — Home, then car type, make, model and body links, ending on the current
 * title (no link). Links are conversion §2.2 search URLs built with buildSearchUrl: car type ->
 * /search/used-cars (demo-cars, new-cars), make -> /search/{make}, model -> /search/{make}/{model};
 * body -> /search/{body slug} (a facet-tile path). Missing parts are skipped; a model needs a make.
 * Labels: 'Used Cars' / 'Demo Cars' / 'New Cars', then the make, model and body as written.
 */
export function breadcrumbs(car: BreadcrumbCar, searchBase = SEARCH_BASE_PATH): Breadcrumb[] {
  const base = searchBase.replace(/\/+$/, '');
  const url = (refinements: Record<string, string[]>) => buildSearchUrl({ ...emptySearchState(), refinements }, base);
  const crumbs: Breadcrumb[] = [{ label: 'Home', href: '/' }];
  const carType = text(car.car_type).toLowerCase();
  if (isCarType(carType)) crumbs.push({ label: CAR_TYPE_LABELS[carType], href: url({ car_type: [carType] }) });
  const make = text(car.make);
  const model = text(car.model);
  if (make && slugify(make)) {
    crumbs.push({ label: make, href: url({ make: [make] }) });
    if (model && slugify(model)) crumbs.push({ label: model, href: url({ make: [make], model: [model] }) });
  }
  const body = text(car.simple_body);
  if (body && slugify(body)) crumbs.push({ label: body, href: `${base}/${slugify(body)}` });
  const title = vehicleTitle(car) || text(car.name);
  if (title) crumbs.push({ label: title });
  return crumbs;
}

/**
 * spec: catalogue §2 announcement bar — 'Located at {city}' when the car's location city differs
 * (trimmed, case-insensitive) from the primary dealership city. Nothing when either city is
 * unknown: without a primary city there is nothing to differ from.
 */
export function locatedAt(
  carCity: string | undefined | null,
  primaryCity: string | undefined | null,
): string | undefined {
  const city = text(carCity);
  const primary = text(primaryCity);
  if (!city || !primary || city.toLowerCase() === primary.toLowerCase()) return undefined;
  return `Located at ${city}`;
}

// spec: catalogue §9 — copied notice 1500 ms; toast 3000 ms; share windows 550x400.
export const COPIED_NOTICE_MS = 1500;
export const TOAST_MS = 3000;
export const SHARE_WINDOW = { width: 550, height: 400 } as const;

/**
 * spec: catalogue §2 — the share link is the site URL plus /cars/{slug}, with any trailing slash
 * removed (the site URL may or may not end in '/').
 */
export function shareUrl(siteUrl: string, slug: string): string {
  const site = siteUrl.trim().replace(/\/+$/, '');
  const path = slug.trim().replace(/^\/+|\/+$/g, '');
  return `${site}/cars/${encodeURIComponent(path)}`.replace(/\/+$/, '');
}

/** spec: catalogue §4 copy link / conversion §4.8 — 'Copied {car name} to your clipboard!'. */
export function copiedToast(carName: string): string {
  return `Copied ${carName} to your clipboard!`;
}
