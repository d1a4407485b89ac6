/** Which geocoder the process uses: HTTP when GEOCODER_URL is set, else the embedded dataset. */
import { EmbeddedGeocoder } from './embedded-geocoder';
import type { Geocoder } from './geocoder';
import { HttpGeocoder } from './http-geocoder';

// One embedded geocoder for the process, so its dataset is loaded once however many callers ask.
let embedded: EmbeddedGeocoder | undefined;

export function getGeocoder(env: Readonly<Record<string, string | undefined>> = process.env): Geocoder {
  const url = env.GEOCODER_URL?.trim();
  if (url) return new HttpGeocoder({ url, apiKey: env.GEOCODER_API_KEY?.trim() || undefined });
  embedded ??= new EmbeddedGeocoder();
  return embedded;
}
