import { describe, expect, it } from 'vitest';
import {
  addToCompare,
  cleanCompareList,
  COMPARE_FULL_MESSAGE,
  COMPARE_LIMIT,
  compareStorageKey,
  compareTable,
  parseCompareIds,
  removeFromCompare,
  toComparableCar,
  type ComparableCar,
  type CompareEntry,
} from './compare';

const entry = (id: number): CompareEntry => ({ id, name: `Car ${id}`, slug: `car-${id}` });
const options = {
  currency: 'AUD',
  subscriptionOffer: false,
  noPriceText: 'Enquire for price.',
  preorderText: 'PREORDER',
};

const car = (id: number, extra: Partial<ComparableCar> = {}): ComparableCar => ({
  id,
  slug: `car-${id}`,
  year: 2021,
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx',
  car_type: 'used',
  status: 'in_stock',
  price: 30_000,
  km: 42_000,
  simple_transmission: 'Automatic',
  colour: 'White',
  ...extra,
});

describe('the compare list (catalogue §1, §6: anonymous visitors can compare, kept in the browser)', () => {
  it('is kept per site, like favourites', () => {
    expect(compareStorageKey('harbour-city-mazda')).toBe('compare:harbour-city-mazda');
    expect(compareStorageKey('southern-cross-motors')).not.toBe(compareStorageKey('harbour-city-mazda'));
  });

  it('adds cars in order and counts a car once', () => {
    const one = addToCompare([], entry(1));
    expect(one).toEqual({ ok: true, list: [entry(1)] });
    const again = addToCompare(one.list, entry(1));
    expect(again.list).toEqual([entry(1)]);
    expect(addToCompare(one.list, entry(2)).list.map((c) => c.id)).toEqual([1, 2]);
  });

  it(`holds at most ${COMPARE_LIMIT}; a fifth add explains why and drops nothing`, () => {
    const full = [1, 2, 3, 4].map(entry);
    const fifth = addToCompare(full, entry(5));
    expect(fifth).toEqual({ ok: false, list: full, message: 'You can compare up to 4 cars' });
    expect(COMPARE_FULL_MESSAGE).toBe('You can compare up to 4 cars');
    // A car already there is still fine when the list is full.
    expect(addToCompare(full, entry(3))).toEqual({ ok: true, list: full });
  });

  it('removes by id', () => {
    expect(removeFromCompare([entry(1), entry(2), entry(3)], 2).map((c) => c.id)).toEqual([1, 3]);
    expect(removeFromCompare([entry(1)], 9)).toEqual([entry(1)]);
  });

  it('cleans what storage holds: junk dropped, duplicates once, at most 4 kept', () => {
    expect(cleanCompareList('nonsense')).toEqual([]);
    expect(cleanCompareList(null)).toEqual([]);
    expect(
      cleanCompareList([
        entry(1),
        { id: '2', name: 'x', slug: 'x' },
        { id: -3, name: 'x', slug: 'x' },
        entry(1),
        { ...entry(4), primary_image_url: '/p.jpg', extra: true },
        entry(5),
        entry(6),
        entry(7),
      ]),
    ).toEqual([entry(1), { ...entry(4), primary_image_url: '/p.jpg' }, entry(5), entry(6)]);
  });
});

describe('GET /api/compare ids', () => {
  it('takes up to 4 positive whole ids, duplicates once', () => {
    expect(parseCompareIds('3,1,3')).toEqual({ ok: true, ids: [3, 1] });
    expect(parseCompareIds(' 7 , 8 ')).toEqual({ ok: true, ids: [7, 8] });
  });
  it("security review: 'Car ids beyond PostgreSQL's 32-bit integer give a 5xx' — refused with the usage sentence", () => {
    expect(parseCompareIds('2147483647')).toEqual({ ok: true, ids: [2147483647] });
    expect(parseCompareIds('1,2147483648')).toEqual({ ok: false, error: 'Give up to 4 car ids as ?ids=1,2,3' });
    expect(parseCompareIds('3000000000').ok).toBe(false);
  });
  it.each([null, '', '1,2,3,4,5', 'a', '1;2', '0', '-1', '1.5', '1,,2', '99999999999999999999'])(
    'refuses %j with a message',
    (param) => {
      const parsed = parseCompareIds(param);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toBe('Give up to 4 car ids as ?ids=1,2,3');
    },
  );
});

describe('the comparison table', () => {
  it('shows the price by the display rules (catalogue §4), as the vehicle page writes it', () => {
    const table = compareTable(
      [
        car(1, { price: 30_000, offer_price: 28_500, before_price: 31_000, price_type: 'Drive Away' }),
        car(2, { price: 0 }),
        car(3, { price: 0, preorder: true }),
        car(4, { price: 25_000, subscription_price: 199 }),
      ],
      options,
    );
    expect(table.price.texts).toEqual(['$28,500 Drive Away', 'Enquire for price.', 'PREORDER', '$25,000']);
    expect(table.price.values[0]).toMatchObject({ kind: 'offer', amount: 28_500, wasPrice: 31_000 });
    expect(table.price.differs).toBe(true);
    const subscribed = compareTable([car(4, { price: 25_000, subscription_price: 199 })], {
      ...options,
      subscriptionOffer: true,
    });
    expect(subscribed.price.texts).toEqual(['$199 per week subscription']);
  });

  it('marks the rows where the cars differ, and only those', () => {
    const table = compareTable([car(1), car(2, { km: 12_000, colour: 'white ' })], options);
    const facts = table.sections.find((s) => s.heading === 'Key facts')!.rows;
    const byKey = Object.fromEntries(facts.map((r) => [r.key, r]));
    expect(byKey.km).toMatchObject({ values: ['42,000 km', '12,000 km'], differs: true });
    expect(byKey.year).toMatchObject({ values: ['2021', '2021'], differs: false });
    // Same words in another case or with stray spaces are the same value.
    expect(byKey.colour?.differs).toBe(false);
    expect(table.price.differs).toBe(false);
  });

  it('a lone car differs from nothing', () => {
    const table = compareTable([car(1)], options);
    expect(table.sections.flatMap((s) => s.rows).some((r) => r.differs)).toBe(false);
  });

  it('hides a row every car lacks (catalogue §5: undefined, null, empty or null values are hidden) and keeps 0', () => {
    const table = compareTable(
      [
        car(1, { drive: 'null', seats: 0, variant: { torque: null, cylinders: 4 } }),
        car(2, { drive: '  ', variant: { torque: '', cylinders: 6 } }),
      ],
      options,
    );
    const keys = table.sections.flatMap((s) => s.rows.map((r) => r.key));
    expect(keys).not.toContain('drive');
    expect(keys).not.toContain('torque');
    expect(keys).toContain('cylinders');
    const seats = table.sections.flatMap((s) => s.rows).find((r) => r.key === 'seats');
    // One car has the value: the row shows, and a missing value is a difference.
    expect(seats).toMatchObject({ values: ['0', undefined], differs: true });
  });

  it('lists every feature any car has and marks the ones not all cars share', () => {
    const table = compareTable(
      [
        car(1, { standardEquipment: ['Reversing camera', 'Cruise control', ' '] }),
        car(2, { standardEquipment: ['Cruise control', 'Sunroof'] }),
      ],
      options,
    );
    const features = table.sections.find((s) => s.heading === 'Features')!.rows;
    expect(features.map((r) => [r.label, r.values, r.differs])).toEqual([
      ['Reversing camera', ['Yes', undefined], true],
      ['Cruise control', ['Yes', 'Yes'], false],
      ['Sunroof', [undefined, 'Yes'], true],
    ]);
  });

  it("adds a caravan's own specifications (catalogue §3 specifications)", () => {
    const table = compareTable(
      [car(1, { specifications: { sleeps: 4, tare_weight: 2200 } }), car(2, { specifications: { sleeps: 6 } })],
      options,
    );
    const specs = table.sections.find((s) => s.heading === 'Specifications')!.rows;
    expect(specs.map((r) => [r.label, r.values])).toEqual([
      ['Tare weight', ['2,200 kg', undefined]],
      ['Sleeps', ['4', '6']],
    ]);
  });

  it('names each car by its title and says whether it is still for sale (catalogue §4 availability)', () => {
    const table = compareTable([car(1, { image: '/a.jpg' }), car(2, { status: 'sold' })], options);
    expect(table.cars).toEqual([
      { id: 1, slug: 'car-1', title: '2021 Mazda CX-5 Maxx', image: '/a.jpg', available: true },
      { id: 2, slug: 'car-2', title: '2021 Mazda CX-5 Maxx', available: false },
    ]);
  });

  it('sends only what the comparison shows', () => {
    const full = {
      ...car(1),
      vin: 'JM0KF4WLA00123456',
      dealercomments: 'Lovely',
      images: [{ image: { url: '/first.jpg' } }],
      variant: { torque: 250, secret: 'x' },
    };
    const picked = toComparableCar(full, 'Parramatta');
    expect(picked).not.toHaveProperty('vin');
    expect(picked).not.toHaveProperty('dealercomments');
    expect(picked).toMatchObject({ image: '/first.jpg', location_name: 'Parramatta', variant: { torque: 250 } });
    expect(picked.variant).not.toHaveProperty('secret');
  });
});
