import { describe, expect, it } from 'vitest';
import { FEATURES_INITIAL, KEY_INFO_INITIAL, SPECS_INITIAL, rvSpecRows, visibleSpecRows } from './spec-rows';

describe('spec rows and list sizes', () => {
  // spec: catalogue §5 — spec rows with undefined, null, empty or 'null' values are hidden.
  it('hides blank values', () => {
    const rows = [
      { label: 'a', value: undefined },
      { label: 'b', value: null },
      { label: 'c', value: '' },
      { label: 'd', value: 'null' },
      { label: 'e', value: '   ' },
      { label: 'f', value: 'undefined' },
      { label: 'g', value: 'NULL' },
      { label: 'h', value: Number.NaN },
      { label: 'i', value: [] },
      { label: 'j', value: 0 },
      { label: 'k', value: false },
      { label: 'l', value: '4 cylinders' },
      { label: 'm', value: 1998 },
      { label: 'n', value: 'Nullarbor edition' },
    ];
    expect(visibleSpecRows(rows).map((row) => row.label)).toEqual(['j', 'k', 'l', 'm', 'n']);
  });

  // spec: catalogue §4 specs and features lists — 4 specs, 8 features, 4 key-information items.
  it('exports the initial list sizes', () => {
    expect(KEY_INFO_INITIAL).toBe(4);
    expect(FEATURES_INITIAL).toBe(8);
    expect(SPECS_INITIAL).toBe(4);
  });
});

describe('rvSpecRows (catalogue §3 Car specifications)', () => {
  it('gives a caravan’s body size, weights, axle and berths with their units', () => {
    expect(
      rvSpecRows({
        body_length: 6400,
        body_width: 2490,
        tare_weight: 2350,
        aggregate_trailer_mass: 3000,
        axle_type: 'Tandem',
        sleeps: 4,
      }),
    ).toEqual([
      { name: 'Body length', value: '6,400 mm' },
      { name: 'Body width', value: '2,490 mm' },
      { name: 'Tare weight', value: '2,350 kg' },
      { name: 'ATM (aggregate trailer mass)', value: '3,000 kg' },
      { name: 'Axle type', value: 'Tandem' },
      { name: 'Sleeps', value: 4 },
    ]);
  });

  it('leaves out what the feed does not give, and gives nothing for a car without specifications', () => {
    expect(rvSpecRows({ sleeps: 2, axle_type: ' ', tare_weight: null })).toEqual([{ name: 'Sleeps', value: 2 }]);
    expect(rvSpecRows(undefined)).toEqual([]);
    expect(rvSpecRows(null)).toEqual([]);
  });
});
