/**
 * A valuation service: POST {url} with the ValuationInput as JSON (and a bearer token when set),
 * answering {low, high, mid, basis} in whole dollars. Configured by VALUATION_URL and
 * VALUATION_API_KEY.
 */
import type { Valuation, ValuationInput, ValuationProvider } from './valuation-provider';

export interface HttpValuationOptions {
  url: string;
  /** Sent as `Authorization: Bearer <key>` when set. */
  apiKey?: string;
  timeoutMs?: number;
}

export const VALUATION_TIMEOUT_MS = 10_000;

/** Said when a service gives figures without words; the shopper is still owed a source. */
const DEFAULT_BASIS = 'Estimate from our valuation service.';

const money = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** null for "no result" (null, {}), the valuation for a good answer; throws for anything else. */
function readValuation(body: unknown): Valuation | null {
  if (body === null) return null;
  if (typeof body !== 'object' || Array.isArray(body))
    throw new Error('Valuation service answered invalid JSON: expected an object');
  if (!Object.keys(body).length) return null;
  const { low, high, mid, basis } = body as Record<string, unknown>;
  // A figure missing or out of order is a broken service, not a car without a price: say so loudly.
  if (!money(low) || !money(high) || !money(mid) || !(low <= mid && mid <= high)) {
    throw new Error('Valuation service answered invalid figures: expected numbers with low <= mid <= high');
  }
  if (basis !== undefined && basis !== null && typeof basis !== 'string')
    throw new Error('Valuation service answered an invalid basis: expected text');
  return { low, high, mid, basis: basis?.trim() || DEFAULT_BASIS };
}

export class HttpValuationProvider implements ValuationProvider {
  readonly #options: HttpValuationOptions;

  constructor(options: HttpValuationOptions) {
    // A bad address would fail every shopper's valuation; fail at start-up instead.
    if (!URL.canParse(options.url)) throw new Error('VALUATION_URL is not a valid address');
    this.#options = options;
  }

  async value(input: ValuationInput): Promise<Valuation | null> {
    const { url, apiKey, timeoutMs = VALUATION_TIMEOUT_MS } = this.#options;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new Error(`Valuation service did not answer within ${timeoutMs / 1000} s`, { cause: error });
      }
      throw error;
    }
    if (response.status === 404 || response.status === 204) return null;
    if (!response.ok) throw new Error(`Valuation service answered ${response.status}`);
    if (!text.trim()) return null;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new Error('Valuation service answered invalid JSON', { cause: error });
    }
    return readValuation(body);
  }
}
