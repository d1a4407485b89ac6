import { describe, expect, it } from 'vitest';
import {
  ageText,
  analyseCar,
  comparablesFilter,
  differenceText,
  isComparable,
  kmDifferenceText,
  methodText,
  notEnoughDataText,
  ordinal,
  rankText,
  type AnalysedCar,
} from './car-analysis';
import { formatMoney } from './format';
import { shownPrice } from './price-display';
import { matchesFilter } from './stock-filter';

const now = new Date('2025-06-15T02:00:00Z');

let nextId = 1;
const car = (overrides: Partial<AnalysedCar> = {}): AnalysedCar => ({
  id: nextId++,
  make: 'Mazda',
  model: 'CX-5',
  year: 2022,
  status: 'in_stock',
  price: 30000,
  km: 40000,
  ...overrides,
});
const subject = car({ id: 1000, price: 30000, km: 40000 });
const others = (prices: number[], kms: Array<number | undefined> = []) =>
  prices.map((price, i) => car({ price, km: kms[i] }));
const money = (amount: number) => formatMoney(amount, 'AUD');

describe('comparable cars (same make and model, year within ±2, in stock, priced, not the car itself)', () => {
  const cases: Array<[string, AnalysedCar, boolean]> = [
    ['same make and model, same year', car(), true],
    ['make and model in another case', car({ make: ' mazda', model: 'cx-5 ' }), true],
    ['two years older', car({ year: 2020 }), true],
    ['two years newer', car({ year: 2024 }), true],
    ['three years older', car({ year: 2019 }), false],
    ['three years newer', car({ year: 2025 }), false],
    ['another model', car({ model: 'CX-30' }), false],
    ['another make', car({ make: 'Toyota' }), false],
    ['sold', car({ status: 'sold' }), false],
    ['coming soon', car({ status: 'coming_soon' }), false],
    ['no price', car({ price: 0 }), false],
    ['no price but an offer price above 10', car({ price: 0, offer_price: 28000 }), true],
    ['the car itself', { ...subject }, false],
  ];

  it.each(cases)('%s', (_name, other, expected) => {
    expect(isComparable(subject, other)).toBe(expected);
  });

  it.each(cases)('the search filter agrees with the rule: %s', (_name, other, expected) => {
    // The search index holds the shown price as `price` (services/search/documents.ts).
    expect(matchesFilter({ ...other, price: shownPrice(other) }, comparablesFilter(subject), now)).toBe(expected);
  });

  it('builds the filter from the car', () => {
    expect(comparablesFilter(subject)).toEqual({
      all: [
        { field: 'make', eq: 'Mazda' },
        { field: 'model', eq: 'CX-5' },
        { field: 'year', gte: 2020 },
        { field: 'year', lte: 2024 },
        { field: 'status', eq: 'in_stock' },
        { field: 'price', gt: 0 },
        { not: { field: 'id', eq: 1000 } },
      ],
    });
  });
});

describe('analyseCar', () => {
  it('gives the count, median, lowest and highest price of the similar cars', () => {
    const analysis = analyseCar(subject, others([32000, 28000, 35000, 31000, 29000]), now);
    expect(analysis).toMatchObject({
      make: 'Mazda',
      model: 'CX-5',
      yearFrom: 2020,
      yearTo: 2024,
      count: 5,
      enough: true,
      price: 30000,
    });
    expect(analysis.prices).toEqual({ median: 31000, min: 28000, max: 35000 });
  });

  it('takes the mean of the two middle prices for an even count, to the dollar', () => {
    expect(analyseCar(subject, others([20000, 30001, 30000, 40000]), now).prices?.median).toBe(30001);
  });

  it('compares with the shown price: the offer price above 10, for the car and the others', () => {
    const analysis = analyseCar(
      { ...subject, price: 40000, offer_price: 33000 },
      others([30000, 30000, 35000]).map((c, i) => (i === 2 ? { ...c, offer_price: 30000 } : c)),
      now,
    );
    expect(analysis.price).toBe(33000);
    expect(analysis.prices).toEqual({ median: 30000, min: 30000, max: 30000 });
  });

  it('gives the difference from the median in dollars and percent, and the position', () => {
    const below = analyseCar(subject, others([32000, 33000, 34000]), now);
    expect(below.difference).toEqual({ amount: -3000, percent: -9.1, position: 'below' });
    const above = analyseCar(subject, others([27000, 28000, 29000]), now);
    expect(above.difference).toEqual({ amount: 2000, percent: 7.1, position: 'above' });
  });

  it('counts within 3% of the median as near, on either side', () => {
    expect(analyseCar(subject, others([29000, 30900, 31000]), now).difference).toEqual({
      amount: -900,
      percent: -2.9,
      position: 'near',
    });
    expect(analyseCar(subject, others([29100, 29127, 29200]), now).difference).toEqual({
      amount: 873,
      percent: 3,
      position: 'near',
    });
    expect(analyseCar(subject, others([29000, 29100, 29200]), now).difference?.position).toBe('above');
    expect(analyseCar(subject, others([25000, 30000, 35000]), now).difference).toEqual({
      amount: 0,
      percent: 0,
      position: 'near',
    });
  });

  it('ranks the car by price among itself and the similar cars, cheapest first', () => {
    expect(analyseCar(subject, others([25000, 31000, 32000, 33000, 34000, 35000, 36000, 37000]), now).rank).toEqual({
      position: 2,
      of: 9,
    });
    expect(analyseCar(subject, others([31000, 32000, 33000]), now).rank).toEqual({ position: 1, of: 4 });
    expect(analyseCar(subject, others([20000, 21000, 22000]), now).rank).toEqual({ position: 4, of: 4 });
    // An equal price shares the place.
    expect(analyseCar(subject, others([30000, 20000, 40000]), now).rank).toEqual({ position: 2, of: 4 });
  });

  it('gives the median odometer of the cars that have one, and the car’s km against it', () => {
    const analysis = analyseCar(subject, others([31000, 32000, 33000, 34000], [50000, 30000, undefined, 60000]), now);
    expect(analysis.km).toBe(40000);
    expect(analysis.kms).toEqual({ median: 50000, count: 3, difference: -10000 });
  });

  it('gives no km median when fewer than 3 similar cars have an odometer reading, and no km difference when the car has none', () => {
    expect(analyseCar(subject, others([31000, 32000, 33000], [50000, undefined, 60000]), now).kms).toBeUndefined();
    const unknownKm = analyseCar({ ...subject, km: undefined }, others([31000, 32000, 33000], [1, 2, 3]), now);
    expect(unknownKm.km).toBeUndefined();
    expect(unknownKm.kms).toEqual({ median: 2, count: 3 });
  });

  it('counts the age in whole years from the model year, on the site’s calendar', () => {
    expect(analyseCar(subject, [], now).ageYears).toBe(3);
    expect(analyseCar({ ...subject, year: 2025 }, [], now).ageYears).toBe(0);
    expect(analyseCar({ ...subject, year: 2026 }, [], now).ageYears).toBe(0);
    // 31 December 14:00 UTC is already New Year's Day in Sydney.
    const newYear = new Date('2025-12-31T14:00:00Z');
    expect(analyseCar(subject, [], newYear, 'Australia/Sydney').ageYears).toBe(4);
    expect(analyseCar(subject, [], newYear, 'UTC').ageYears).toBe(3);
  });

  it('with fewer than 3 similar cars says there is not enough data and gives no median, range, difference or rank', () => {
    const analysis = analyseCar(subject, others([31000, 32000], [1, 2]), now);
    expect(analysis).toEqual({
      make: 'Mazda',
      model: 'CX-5',
      yearFrom: 2020,
      yearTo: 2024,
      count: 2,
      enough: false,
      price: 30000,
      ageYears: 3,
      km: 40000,
    });
    expect(notEnoughDataText(analysis)).toBe(
      'Not enough data: there are only 2 other Mazda CX-5 cars from 2020 to 2024 in our stock, and at least 3 are needed for a fair comparison, so no median, price range or rank is given.',
    );
    expect(notEnoughDataText(analyseCar(subject, others([31000]), now))).toContain(
      'there is only 1 other Mazda CX-5 car from 2020 to 2024',
    );
    expect(notEnoughDataText(analyseCar(subject, [], now))).toContain('there are no other Mazda CX-5 cars');
    expect(notEnoughDataText(analyseCar(subject, others([31000, 32000, 33000]), now))).toBeUndefined();
  });

  it('leaves out cars that do not meet the rule, the car itself and repeats, whatever search returned', () => {
    const twin = car({ price: 31000 });
    const analysis = analyseCar(
      subject,
      [
        twin,
        twin,
        { ...subject },
        car({ status: 'sold' }),
        car({ price: 0 }),
        car({ year: 2018 }),
        car({ price: 33000 }),
        car({ price: 35000 }),
      ],
      now,
    );
    expect(analysis.count).toBe(3);
    expect(analysis.prices).toEqual({ median: 33000, min: 31000, max: 35000 });
  });

  it('a car without a price gets the others’ figures but no difference or rank', () => {
    const analysis = analyseCar({ ...subject, price: 0 }, others([31000, 32000, 33000]), now);
    expect(analysis.price).toBeUndefined();
    expect(analysis.prices).toEqual({ median: 32000, min: 31000, max: 33000 });
    expect(analysis.difference).toBeUndefined();
    expect(analysis.rank).toBeUndefined();
    expect(methodText(analysis, '15 June 2025')).toContain(
      'This car has no advertised price, so it is not placed against the others.',
    );
  });
});

describe('wording', () => {
  it('ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });

  it('rank', () => {
    expect(rankText({ position: 2, of: 9 })).toBe('2nd cheapest of 9 (this car and 8 similar cars)');
    expect(rankText({ position: 1, of: 4 })).toBe('The cheapest of 4 (this car and 3 similar cars)');
    expect(rankText({ position: 2, of: 2 }, 'motorcycle')).toBe(
      '2nd cheapest of 2 (this motorcycle and 1 similar motorcycle)',
    );
  });

  it('price difference', () => {
    expect(differenceText({ amount: -3000, percent: -9.1, position: 'below' }, money)).toBe(
      '$3,000 (9.1%) below the median',
    );
    expect(differenceText({ amount: 2000, percent: 7.1, position: 'above' }, money)).toBe(
      '$2,000 (7.1%) above the median',
    );
    expect(differenceText({ amount: -900, percent: -2.9, position: 'near' }, money)).toBe(
      'Within 3% of the median ($900 below)',
    );
    expect(differenceText({ amount: 0, percent: 0, position: 'near' }, money)).toBe('The same as the median');
  });

  it('km difference and age', () => {
    expect(kmDifferenceText(-10000)).toBe('10,000 km fewer than the median');
    expect(kmDifferenceText(2500)).toBe('2,500 km more than the median');
    expect(kmDifferenceText(0)).toBe('The same as the median');
    expect(ageText(3, 2022)).toBe('3 years (2022 model year)');
    expect(ageText(1, 2024)).toBe('1 year (2024 model year)');
    expect(ageText(0, 2025)).toBe('Under a year (2025 model year)');
  });

  it('uses the site’s vehicle word', () => {
    const bikes = analyseCar({ ...subject, make: 'Yamaha', model: 'MT-07' }, [], now);
    expect(notEnoughDataText(bikes, 'motorcycle')).toContain(
      'there are no other Yamaha MT-07 motorcycles from 2020 to 2024',
    );
    expect(methodText(bikes, '15 June 2025', 'motorcycle')).toMatch(
      /^This motorcycle was compared with 0 other Yamaha MT-07 motorcycles /,
    );
  });

  it('how it was worked out', () => {
    expect(methodText(analyseCar(subject, others([31000, 32000, 33000]), now), '15 June 2025')).toBe(
      'This car was compared with 3 other Mazda CX-5 cars from 2020 to 2024 in our stock on 15 June 2025, each with an advertised price (the offer price where there is one). ' +
        'The median is the middle price: half of those cars are advertised for less and half for more. A price within 3% of the median counts as near it.',
    );
    expect(methodText(analyseCar(subject, others([31000]), now), '15 June 2025')).toBe(
      'This car was compared with 1 other Mazda CX-5 car from 2020 to 2024 in our stock on 15 June 2025, each with an advertised price (the offer price where there is one).',
    );
  });
});

describe('comparable car types', () => {
  it('compares a used car with used cars, a new or demo car with new and demo cars', async () => {
    const { comparableTypes, isComparable } = await import('./car-analysis');
    expect(comparableTypes('used')).toEqual(['used']);
    expect(comparableTypes('demo')).toEqual(['new', 'demo']);
    const base = { id: 1, make: 'Mazda', model: 'CX-5', year: 2022, status: 'in_stock', price: 30000 };
    expect(isComparable({ ...base, car_type: 'used' }, { ...base, id: 2, car_type: 'new' })).toBe(false);
    expect(isComparable({ ...base, car_type: 'demo' }, { ...base, id: 2, car_type: 'new' })).toBe(true);
  });
});
