import { describe, expect, it } from 'vitest';
import { FEATURES_INITIAL, KEY_INFO_INITIAL, SPECS_INITIAL, visibleSpecRows } from './spec-rows';

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
