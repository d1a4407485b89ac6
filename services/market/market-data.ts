/**
 * Market data for the auto-gauge (catalogue §3 response, §7 GET {car path}/autogauge) behind one
 * interface: an embedded estimate from the car's own feed data (no setup) and an HTTP provider
 * for a real market-data service, chosen by environment variables.
 */
import { isAutoGaugeResponse, type AutoGaugeResponse } from '../../domain/auto-gauge';
import { shownPrice } from '../../domain/price-display';
import { marketPosition } from '../../domain/market-position';

/** What a provider needs of a car. `autograb_data` is an extra feed property, so it is read as unknown. */
export interface MarketCar {
  slug: string;
  price?: number | null;
  offer_price?: number | null;
  autograb_data?: unknown;
}

export interface MarketDataProvider {
  /**
   * The gauge data for a car, null when there is none; rejects when the provider fails. `currency`
   * is the site's (tenant.locale.currency), for amounts written in the description.
   */
  autoGauge(car: MarketCar, currency: string): Promise<AutoGaugeResponse | null>;
}

/** A positive finite number from a feed value (numbers or numeric strings), else undefined. */
function positiveNumber(value: unknown): number | undefined {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** Half-width of the market range around the average. */
export const RANGE_SPREAD = 0.08;
/** A listing price this close to the average widens the range to include it; farther off, it is treated as an outlier. */
export const WIDEN_WITHIN = 0.15;
/** Confidence when the feed has both the state and the national average, and when it has one. */
export const CONFIDENCE_BOTH = 0.8;
export const CONFIDENCE_ONE = 0.5;

/**
 * The embedded estimate, from the feed's autograb_data. Not a spec rule: it stands in for an
 * outside provider, so it only has to be plausible and stable.
 *
 * - average: the state average when present, else the national one (as the §5 market badge).
 * - range: average ± 8%, widened to include the listing price only when that price is within 15%
 *   of the average. A price farther above stays outside, so market_range_max < listing_price and
 *   the gauge hides (§4) rather than praise an outlier; one farther below pins the fill at 1.
 * - fill: where the listing price sits in the range, measured down from the top:
 *   (max - price) / (max - min), clamped to 0..1. At the top of the range 0, at the average 0.5,
 *   at the bottom 1: cheaper is fuller.
 * - confidence: 0.8 with both averages, 0.5 with one; with none (or no price) there is no answer.
 */
export function estimateAutoGauge(car: MarketCar, currency: string): AutoGaugeResponse | null {
  const data =
    typeof car.autograb_data === 'object' && car.autograb_data !== null
      ? (car.autograb_data as Record<string, unknown>)
      : {};
  const state = positiveNumber(data.state_average_market_price);
  const national = positiveNumber(data.average_market_price);
  const average = state ?? national;
  const price = shownPrice(car);
  if (average === undefined || !(price > 0)) return null;

  let min = average * (1 - RANGE_SPREAD);
  let max = average * (1 + RANGE_SPREAD);
  if (Math.abs(price - average) <= average * WIDEN_WITHIN) {
    min = Math.min(min, price);
    max = Math.max(max, price);
  }
  min = Math.round(min);
  max = Math.round(max);
  const fill = Math.min(1, Math.max(0, (max - price) / (max - min)));
  // The same sentence the gauge shows (domain/market-position), so the answer never says otherwise.
  const { sentence: description } = marketPosition(
    { price, rangeMin: min, rangeMax: max, average: Math.round(average) },
    currency,
  );
  return {
    fill: Math.round(fill * 1000) / 1000,
    listing_price: price,
    market_range_min: min,
    market_range_max: max,
    confidence: state !== undefined && national !== undefined ? CONFIDENCE_BOTH : CONFIDENCE_ONE,
    description,
    market_average: Math.round(average),
  };
}

/** The default provider: no network, derived from the stock feed. */
export class EmbeddedMarketData implements MarketDataProvider {
  async autoGauge(car: MarketCar, currency: string): Promise<AutoGaugeResponse | null> {
    return estimateAutoGauge(car, currency);
  }
}

export interface HttpMarketDataOptions {
  /** Address with a `{slug}` placeholder, e.g. https://market.example/cars/{slug}/autogauge. */
  url: string;
  /** Sent as a bearer token when set. */
  apiKey?: string;
  timeoutMs?: number;
}

/**
 * A market-data service answering the catalogue §3 shape. Its answer is validated before use, so
 * a malformed one is a provider failure (rejects), not a broken gauge. 204, 404, `null` and `{}`
 * mean "no data for this car" (null).
 */
export class HttpMarketData implements MarketDataProvider {
  readonly #options: HttpMarketDataOptions;

  constructor(options: HttpMarketDataOptions) {
    // Without the placeholder every car would get the same answer: fail at start-up, not per car.
    if (!options.url.includes('{slug}')) throw new Error('MARKET_DATA_URL must contain {slug}');
    if (!URL.canParse(options.url.replaceAll('{slug}', 'slug')))
      throw new Error('MARKET_DATA_URL is not a valid address');
    this.#options = options;
  }

  async autoGauge(car: MarketCar): Promise<AutoGaugeResponse | null> {
    const { url, apiKey, timeoutMs = 5000 } = this.#options;
    const response = await fetch(url.replaceAll('{slug}', encodeURIComponent(car.slug)), {
      headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 204 || response.status === 404) return null;
    if (!response.ok) throw new Error(`Market data provider answered ${response.status}`);
    const text = await response.text();
    if (text.trim() === '') return null;
    const body: unknown = JSON.parse(text);
    if (body === null || (typeof body === 'object' && Object.keys(body).length === 0)) return null;
    if (!isAutoGaugeResponse(body)) throw new Error('Market data provider answered an invalid auto-gauge response');
    // Only the known fields go on: a provider's extras never reach the browser.
    const { fill, listing_price, market_range_min, market_range_max, confidence, description } = body;
    return { fill, listing_price, market_range_min, market_range_max, confidence, description };
  }
}

/** HTTP when MARKET_DATA_URL is set (MARKET_DATA_API_KEY optional), else the embedded estimate. */
export function marketDataFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): MarketDataProvider {
  const url = env.MARKET_DATA_URL?.trim();
  return url
    ? new HttpMarketData({ url, apiKey: env.MARKET_DATA_API_KEY?.trim() || undefined })
    : new EmbeddedMarketData();
}
