import { describe, expect, it } from 'vitest';
import { EmbeddedGeocoder } from './embedded-geocoder';
import { getGeocoder } from './get-geocoder';
import { HttpGeocoder } from './http-geocoder';

describe('choosing the geocoder', () => {
  it('uses the embedded dataset without GEOCODER_URL, the same one every time', () => {
    const first = getGeocoder({});
    expect(first).toBeInstanceOf(EmbeddedGeocoder);
    expect(getGeocoder({ GEOCODER_URL: '  ' })).toBe(first);
  });

  it('uses the HTTP geocoder when GEOCODER_URL is set', () => {
    expect(getGeocoder({ GEOCODER_URL: 'https://geocoder.example/json', GEOCODER_API_KEY: 'k' })).toBeInstanceOf(
      HttpGeocoder,
    );
  });
});
