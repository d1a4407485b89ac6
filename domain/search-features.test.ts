import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEARCH_FEATURES, equipmentWords, featuresOf, findFeature } from './search-features';

describe('search features (spec: catalogue §3 Search facets: filtered_features)', () => {
  it('matches standard equipment as words, ignoring case, punctuation, word order and plurals', () => {
    expect(featuresOf(['Apple CarPlay'])).toEqual(['Apple CarPlay']);
    expect(featuresOf(['apple carplay & android auto'])).toEqual(['Apple CarPlay', 'Android Auto']);
    expect(featuresOf(['Heated Front Seats'])).toEqual(['Heated seats']);
    expect(featuresOf(['Camera - reversing'])).toEqual(['Reversing camera']);
    expect(featuresOf(['Rear Parking Sensors'])).toEqual(['Parking sensors']);
    expect(featuresOf(['Head-Up Display'])).toEqual(['Head-up display']);
    expect(featuresOf(['Vehicle-to-Load'])).toEqual(['Vehicle-to-load']);
    expect(featuresOf(['Adaptive Cruise Control'])).toEqual(['Cruise control', 'Adaptive cruise control']);
  });

  it('matches whole words only, within one equipment item', () => {
    expect(featuresOf(['Cruiser seats'])).toEqual([]);
    expect(featuresOf(['Alloy Tray'])).toEqual([]);
    // 'heated' and 'seats' are in different items: no heated seats.
    expect(featuresOf(['Heated mirrors', 'Leather seats'])).toEqual(['Leather seats']);
    // A whole list in one line is split into items first.
    expect(featuresOf(['Heated mirrors, Leather seats; Sunroof'])).toEqual(['Leather seats', 'Sunroof']);
  });

  it('gives no features when the car lists no equipment', () => {
    expect(featuresOf(undefined)).toEqual([]);
    expect(featuresOf(null)).toEqual([]);
    expect(featuresOf([])).toEqual([]);
    expect(featuresOf(['', ' ', 7])).toEqual([]);
  });

  it('lists features in the platform order whatever the equipment order', () => {
    expect(featuresOf(['Tow Bar', 'Sunroof', 'Bluetooth Connectivity'])).toEqual(['Bluetooth', 'Sunroof', 'Tow bar']);
  });

  it('splits words at punctuation and drops a plural s, but not from -ss words', () => {
    expect(equipmentWords('LED Headlights (auto)')).toEqual(['led', 'headlight', 'auto']);
    expect(equipmentWords('Keyless glass bus')).toEqual(['keyless', 'glass', 'bus']);
  });

  it('finds a feature by its label whatever the case', () => {
    expect(findFeature(' apple carplay')?.label).toBe('Apple CarPlay');
    expect(findFeature('jet pack')).toBeUndefined();
  });

  it('offers sites exactly this list in the search settings', () => {
    const schema = JSON.parse(readFileSync(new URL('../schemas/tenant.schema.json', import.meta.url), 'utf8')) as {
      definitions: { search: { properties: { filteredFeatures: { items: { enum: string[] }; default: string[] } } } };
    };
    const setting = schema.definitions.search.properties.filteredFeatures;
    expect(setting.items.enum).toEqual(SEARCH_FEATURES.map((f) => f.label));
    for (const label of setting.default) expect(findFeature(label)?.label).toBe(label);
    expect(new Set(SEARCH_FEATURES.map((f) => f.label.toLowerCase())).size).toBe(SEARCH_FEATURES.length);
  });
});
