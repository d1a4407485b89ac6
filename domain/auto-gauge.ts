/**
 * Auto-gauge rules (catalogue §3 response, §4 visibility, §8 errors, §9 constants): whether the
 * market gauge shows, its fill band and its deal label. Pure: no React, no I/O.
 */

/** spec: catalogue §3 — Auto-gauge response: fill (0 to 1), listing_price, market_range_min, market_range_max, confidence, description. */
export interface AutoGaugeResponse {
  fill: number;
  listing_price: number;
  market_range_min: number;
  market_range_max: number;
  confidence: number;
  description: string;
  /**
   * Not in catalogue §3: the market average the range was built around, when the provider knows it.
   * The gauge then says how far the price is from it (domain/market-position); without it, from the
   * middle of the range.
   */
  market_average?: number | null;
}

// spec: catalogue §9 — animation 2.5 s (2 s for the price count).
export const GAUGE_ANIMATION_MS = 2500;
export const PRICE_COUNT_MS = 2000;
// spec: catalogue §9 — gauge hidden at confidence 0.2 or below.
export const GAUGE_MIN_CONFIDENCE = 0.2;
// spec: catalogue §9 — fill bands: under 0.3 low, 0.3 to under 0.6 medium, 0.6 and over high.
export const FILL_MEDIUM_FROM = 0.3;
export const FILL_HIGH_FROM = 0.6;
// spec: catalogue §9 — 'Good Deal' below 0.65, otherwise 'Great Deal'.
export const GREAT_DEAL_FROM = 0.65;
// spec: catalogue §8 — auto-gauge failure messages.
export const AUTO_GAUGE_FAILED = 'Failed to fetch auto gauge data.';
export const NO_DATA_RETURNED = 'No data returned';

export type FillBand = 'low' | 'medium' | 'high';
export type DealLabel = 'Good Deal' | 'Great Deal';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isUnit = (value: unknown): value is number => isNumber(value) && value >= 0 && value <= 1;

/**
 * The response has every field with a sensible value: fill and confidence within 0..1, a listing
 * price above 0 (an unpriced car has nothing to compare) and a range with min <= max. Says nothing
 * about whether the gauge shows; providers' answers are checked with it before use.
 */
export function isAutoGaugeResponse(value: unknown): value is AutoGaugeResponse {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<Record<keyof AutoGaugeResponse, unknown>>;
  return (
    isUnit(r.fill) &&
    isUnit(r.confidence) &&
    isNumber(r.listing_price) &&
    r.listing_price > 0 &&
    isNumber(r.market_range_min) &&
    isNumber(r.market_range_max) &&
    r.market_range_min >= 0 &&
    r.market_range_min <= r.market_range_max &&
    typeof r.description === 'string' &&
    (r.market_average === undefined ||
      r.market_average === null ||
      (isNumber(r.market_average) && r.market_average > 0))
  );
}

/**
 * spec: catalogue §4 — "the gauge is shown only if the lookup returned all fields, confidence is
 * above 0.2, and market_range_max is not below listing_price; otherwise hidden."
 */
export function gaugeVisible(r: Partial<AutoGaugeResponse> | null | undefined): r is AutoGaugeResponse {
  return isAutoGaugeResponse(r) && r.confidence > GAUGE_MIN_CONFIDENCE && r.market_range_max >= r.listing_price;
}

/** spec: catalogue §9 — under 0.3 low, 0.3 to under 0.6 medium, 0.6 and over high. */
export function fillBand(fill: number): FillBand {
  if (fill >= FILL_HIGH_FROM) return 'high';
  return fill >= FILL_MEDIUM_FROM ? 'medium' : 'low';
}

/** spec: catalogue §9 — 'Good Deal' below 0.65, otherwise 'Great Deal'. */
export function dealLabel(fill: number): DealLabel {
  return fill < GREAT_DEAL_FROM ? 'Good Deal' : 'Great Deal';
}

/**
 * The deal label the gauge shows, if any. spec: catalogue §9 — 'Good Deal' below 0.65, otherwise
 * 'Great Deal'; it is shown only for a price below the market (issue 20), since by the fill alone a
 * car at the top of its range would read 'Good Deal' beside 'Priced $2,500 above the market average'.
 */
export function shownDealLabel(fill: number, position: 'below' | 'about' | 'above'): DealLabel | undefined {
  return position === 'below' ? dealLabel(fill) : undefined;
}

/**
 * A lookup's JSON body -> the response to show, or null to hide the gauge.
 * spec: catalogue §8 — "'No data returned' is raised when the response is empty": null, an empty
 * string or an empty object throw, so the caller logs the failure like any other.
 */
export function readAutoGauge(body: unknown): AutoGaugeResponse | null {
  const empty =
    body === null || body === undefined || body === '' || (typeof body === 'object' && Object.keys(body).length === 0);
  if (empty) throw new Error(NO_DATA_RETURNED);
  return gaugeVisible(body as Partial<AutoGaugeResponse>) ? (body as AutoGaugeResponse) : null;
}
