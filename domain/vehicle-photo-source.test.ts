import { describe, expect, it } from 'vitest';
import {
  PHOTO_WIDTHS,
  parsePhotoWidth,
  photoSource,
  photoUrl,
  placeholderPhotoUrl,
  proxiedPhotoUrl,
  snapPhotoWidth,
} from './vehicle-photo-source';

describe('where a vehicle photo comes from (issue 18)', () => {
  it("keeps the platform's own pictures on Next's optimiser", () => {
    expect(photoSource('/media/vehicles/suv/white/front.png')).toEqual({
      kind: 'local',
      src: '/media/vehicles/suv/white/front.png',
    });
    expect(photoSource('/assets/demo/car.jpg?v=2')).toEqual({ kind: 'local', src: '/assets/demo/car.jpg?v=2' });
  });

  it('sends dealer CDN addresses and other site paths through the image route', () => {
    expect(photoSource('https://cdn.dealer.com/cars/1.jpg')).toEqual({
      kind: 'proxied',
      src: 'https://cdn.dealer.com/cars/1.jpg',
    });
    expect(photoSource('  http://127.0.0.1:3198/a b.png ')).toEqual({
      kind: 'proxied',
      src: 'http://127.0.0.1:3198/a%20b.png',
    });
    expect(photoSource('//cdn.dealer.com/cars/1.jpg')).toEqual({
      kind: 'proxied',
      src: 'https://cdn.dealer.com/cars/1.jpg',
    });
    expect(photoSource('/acceptance/car-0.jpg')).toEqual({ kind: 'proxied', src: '/acceptance/car-0.jpg' });
    // A path that only looks local once it steps out of /media is not given to the optimiser.
    expect(photoSource('/media/../secret.png').kind).toBe('proxied');
    expect(photoSource('/media/%2e%2e/secret.png').kind).toBe('proxied');
    expect(photoSource('/mediafiles/a.png').kind).toBe('proxied');
  });

  it('shows the placeholder for no photo and for addresses no browser should load', () => {
    for (const url of [
      undefined,
      null,
      '',
      '   ',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'ftp://x.com/a.jpg',
      'car.jpg',
      `https://cdn.com/${'a'.repeat(2100)}`,
    ])
      expect(photoSource(url), String(url)).toEqual({ kind: 'placeholder' });
  });

  it('makes only the widths the optimiser makes', () => {
    expect(PHOTO_WIDTHS).toEqual([96, 256, 384, 640, 828, 1200, 1920]);
    expect(snapPhotoWidth(600)).toBe(640);
    expect(snapPhotoWidth(640)).toBe(640);
    expect(snapPhotoWidth(5000)).toBe(1920);
    expect(parsePhotoWidth('828')).toBe(828);
    for (const text of ['600', '0828', '828.0', '-96', 'abc', '', null, '1e3'])
      expect(parsePhotoWidth(text), String(text)).toBeUndefined();
  });

  it('builds the image route address with the body type as a known key', () => {
    expect(proxiedPhotoUrl('https://cdn.dealer.com/a.jpg?x=1&y=2', 600, 'SUV')).toBe(
      '/api/images?url=https%3A%2F%2Fcdn.dealer.com%2Fa.jpg%3Fx%3D1%26y%3D2&w=640&body=suv',
    );
    expect(proxiedPhotoUrl('/acceptance/car-0.jpg', 96, 'Cab Chassis')).toBe(
      '/api/images?url=%2Facceptance%2Fcar-0.jpg&w=96&body=cab-chassis',
    );
    // Text that is not a known body type never reaches the address.
    expect(proxiedPhotoUrl('https://cdn.dealer.com/a.jpg', 256, 'Call 0400 000 000')).toBe(
      '/api/images?url=https%3A%2F%2Fcdn.dealer.com%2Fa.jpg&w=256',
    );
    expect(placeholderPhotoUrl('Hatchback')).toBe('/api/images/placeholder?body=hatch');
    expect(placeholderPhotoUrl(undefined)).toBe('/api/images/placeholder');
  });

  it('gives one address where one picture is wanted', () => {
    expect(photoUrl('/media/vehicles/suv/white/front.png', 1200)).toBe('/media/vehicles/suv/white/front.png');
    expect(photoUrl('https://cdn.dealer.com/a.jpg', 1200, 'Ute')).toBe(
      '/api/images?url=https%3A%2F%2Fcdn.dealer.com%2Fa.jpg&w=1200&body=ute',
    );
    expect(photoUrl(undefined, 1200, 'Van')).toBe('/api/images/placeholder?body=van');
  });
});
