/**
 * A maps geocoding service (conversion §7 item 6): GET {url}?postal_code={postcode}&country=AU,
 * reading results[0].geometry.location {lat, lng}. Configured by GEOCODER_URL (and GEOCODER_API_KEY
 * when the service wants one).
 */
import type { LatLng } from '../../domain/locations/distance';
import { normalisePostcode, type Geocoder } from './geocoder';

export interface HttpGeocoderOptions {
  /** The geocode endpoint, e.g. https://geocoder.example/geocode/json; may carry its own query. */
  url: string;
  /** Sent as the `key` query parameter, as maps geocoding services expect. */
  apiKey?: string;
  timeoutMs?: number;
}

/** Google-style statuses that mean "no such place" rather than a failing service. */
const NO_RESULT_STATUSES = new Set(['OK', 'ZERO_RESULTS']);

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function firstLocation(body: unknown): LatLng | null {
  if (typeof body !== 'object' || body === null) return null;
  const { status, results } = body as { status?: unknown; results?: unknown };
  // A denied key or a spent quota must surface as an outage, not as 'Invalid postcode' for every shopper.
  if (typeof status === 'string' && !NO_RESULT_STATUSES.has(status))
    throw new Error(`Geocoder answered status ${status}`);
  if (!Array.isArray(results)) return null;
  const first: unknown = results[0];
  const location = (first as { geometry?: { location?: { lat?: unknown; lng?: unknown } } } | undefined)?.geometry
    ?.location;
  return location && finite(location.lat) && finite(location.lng) ? { lat: location.lat, lng: location.lng } : null;
}

export class HttpGeocoder implements Geocoder {
  readonly #options: HttpGeocoderOptions;

  constructor(options: HttpGeocoderOptions) {
    // A bad address would otherwise fail on every shopper's search; fail at start-up instead.
    if (!URL.canParse(options.url)) throw new Error('GEOCODER_URL is not a valid address');
    this.#options = options;
  }

  async geocodePostcode(postcode: string): Promise<LatLng | null> {
    const code = normalisePostcode(postcode);
    // Not a postcode: no point paying for a call that cannot find anything.
    if (!code) return null;
    const { url, apiKey, timeoutMs = 5000 } = this.#options;
    const address = new URL(url);
    address.searchParams.set('postal_code', code);
    address.searchParams.set('country', 'AU');
    if (apiKey) address.searchParams.set('key', apiKey);
    const response = await fetch(address, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
    return firstLocation(await response.json());
  }
}
