import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, parseRowId } from './ids';

describe("parseRowId (security review: 'Car ids beyond PostgreSQL's 32-bit integer give a 5xx')", () => {
  it('reads ids from 1 to 2,147,483,647 given as numbers or decimal digits', () => {
    expect(parseRowId(1)).toBe(1);
    expect(parseRowId('42')).toBe(42);
    expect(parseRowId('0042')).toBe(42);
    expect(parseRowId(MAX_ROW_ID)).toBe(2_147_483_647);
    expect(parseRowId('2147483647')).toBe(2_147_483_647);
  });

  it('refuses ids past a PostgreSQL integer, which the database would answer with an error', () => {
    expect(parseRowId('2147483648')).toBeUndefined();
    expect(parseRowId('3000000000')).toBeUndefined();
    expect(parseRowId(3_000_000_000)).toBeUndefined();
    expect(parseRowId('99999999999999999999')).toBeUndefined();
  });

  it('refuses anything that is not plain decimal digits or a whole number', () => {
    for (const value of [
      0,
      -1,
      1.5,
      NaN,
      Infinity,
      '0',
      '-1',
      '+7',
      ' 7',
      '7 ',
      '1e3',
      '1.0',
      '0x10',
      '',
      null,
      undefined,
      true,
      [1],
      {},
    ])
      expect(parseRowId(value), String(value)).toBeUndefined();
  });
});
