import { describe, expect, it } from 'vitest';
import { valueFromComparables, type Comparable } from './valuation-rule';

const now = new Date('2025-06-01T02:00:00Z');
const cx5 = (year: number, km: number) => ({ make: 'Mazda', model: 'CX-5', year, km });
const cars = (year: number, ...prices: number[]): Comparable[] => prices.map((price) => ({ year, price }));

describe('valueFromComparables (the embedded rule of thumb)', () => {
  it('takes the median of same-year prices, less 15% + $1,000, plus 3c a km under 15,000 km a year, and says so', () => {
    // median (30,000 + 32,000) / 2 = 31,000; less 4,650 + 1,000 = 25,350; 6 years -> 90,000 km expected,
    // 10,000 under x 3c = +300; 25,650 -> 25,700; range 24,415 -> 24,400 and 26,985 -> 27,000.
    const valuation = valueFromComparables(
      cx5(2019, 80000),
      [...cars(2019, 30000, 32000, 28000, 35000), ...cars(2020, 90000)],
      now,
    );
    expect(valuation).toEqual({
      low: 24400,
      mid: 25700,
      high: 27000,
      basis:
        'Based on the advertised prices of 4 Mazda CX-5 cars from 2019: the middle (median) price is $31,000. ' +
        "Less 15% plus $1,000 ($5,650) for reconditioning and the dealer's margin leaves $25,350. " +
        '80,000 km is 10,000 km under the 90,000 km expected at 15,000 km a year for 6 years, at 3c a km added: plus $300. ' +
        'Estimate $25,700 to the nearest $100, with a range of $24,400 to $27,000 (5% either side).',
    });
  });

  it('takes 5c a km over the expected distance', () => {
    // 3 x 20,000 -> 20,000; less 4,000 = 16,000; 2 years -> 30,000 expected; 40,000 km is 10,000 over -> -500.
    expect(valueFromComparables(cx5(2023, 40000), cars(2023, 20000, 20000, 20000), now)).toMatchObject({
      mid: 15500,
      low: 14700,
      high: 16300,
    });
  });

  it('widens to a year either side when fewer than 3 cars share the year, and says so', () => {
    // median of 26,000 / 30,000 / 34,000 = 30,000; less 5,500 = 24,500; 120,000 km is 30,000 over -> -1,500.
    const valuation = valueFromComparables(
      cx5(2019, 120000),
      [...cars(2019, 30000), ...cars(2018, 26000), ...cars(2020, 34000), ...cars(2022, 60000)],
      now,
    );
    expect(valuation).toMatchObject({ mid: 23000, low: 21900, high: 24200 });
    expect(valuation?.basis).toMatch(
      /^Based on the advertised prices of 3 Mazda CX-5 cars from 2018 to 2020 \(fewer than 3 were from 2019, so cars a year either side were included\)/,
    );
    expect(valuation?.basis).toContain(
      '120,000 km is 30,000 km over the 90,000 km expected at 15,000 km a year for 6 years, at 5c a km off: minus $1,500.',
    );
  });

  it('uses every year with an 8% a year age correction when no year is close enough', () => {
    // 40,000 x 0.92^2 = 33,856 and 20,000 / 0.92^3 = 25,684.11; median 29,770; less 4,466 + 1,000 = 24,304.
    const valuation = valueFromComparables(cx5(2019, 90000), [...cars(2021, 40000), ...cars(2016, 20000)], now);
    expect(valuation).toMatchObject({ mid: 24300, low: 23100, high: 25500 });
    expect(valuation?.basis).toBe(
      'Based on the advertised prices of 2 Mazda CX-5 cars from 2016 to 2021, each moved 8% for every year it is newer or older than 2019 ' +
        '(fewer than 3 were from 2018 to 2020, so every year was used): the middle (median) price is $29,770. ' +
        "Less 15% plus $1,000 ($5,466) for reconditioning and the dealer's margin leaves $24,304. " +
        '90,000 km is exactly the 90,000 km expected at 15,000 km a year for 6 years, so no change for distance. ' +
        'Estimate $24,300 to the nearest $100, with a range of $23,100 to $25,500 (5% either side).',
    );
  });

  it('values from a single car when that is all there is', () => {
    const valuation = valueFromComparables(cx5(2021, 60000), cars(2022, 36000), now);
    // 36,000 x 0.92 = 33,120; less 4,968 + 1,000 = 27,152; 4 years -> 60,000 expected.
    expect(valuation).toMatchObject({ mid: 27200 });
    expect(valuation?.basis).toMatch(
      /^Based on the advertised price of 1 Mazda CX-5 from 2022, moved 8% .*: that price is \$33,120\./,
    );
  });

  it('caps the km adjustment at 15% of the value', () => {
    // 16,000 after the allowance; 200,000 km is 170,000 over -> -8,500, capped at -2,400.
    const valuation = valueFromComparables(cx5(2023, 200000), cars(2023, 20000, 20000, 20000), now);
    expect(valuation).toMatchObject({ mid: 13600 });
    expect(valuation?.basis).toContain('(limited to 15% of $16,000): minus $2,400');
  });

  it('counts a car of this year as one year old for the expected distance', () => {
    // 5,000 km is 10,000 under 15,000 -> +300 on 16,000.
    expect(valueFromComparables(cx5(2025, 5000), cars(2025, 20000, 20000, 20000), now)).toMatchObject({ mid: 16300 });
  });

  it('has no valuation without a priced comparable, or when the allowance leaves nothing', () => {
    expect(valueFromComparables(cx5(2019, 80000), [], now)).toBeNull();
    expect(
      valueFromComparables(
        cx5(2019, 80000),
        [
          { year: 2019, price: 0 },
          { year: 2019, price: -5 },
          { year: 2019, price: Number.NaN },
        ],
        now,
      ),
    ).toBeNull();
    expect(valueFromComparables(cx5(2019, 80000), cars(2019, 1000, 1000, 1000), now)).toBeNull();
  });
});
