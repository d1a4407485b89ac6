import { describe, expect, it } from 'vitest';
import { normaliseMake, normaliseModel, normaliseVehicle } from './normalise-vehicle';
import { isAvailable } from './listing';
import { scopeFilter } from './search-scope';
import { priceDisplay, formatMoney, shownPrice } from './price-display';
import { matchesFilter } from './stock-filter';
import { isSwitchedOn, switchNames } from './switches';
import { isCurrent } from './promotions';
import { fillCarLink } from './car-links';
import { sanitiseHtml } from './sanitise-html';
import { vehicleTitle } from './vehicle-title';

describe('import normalisations (catalogue §9)', () => {
  it('renames single-digit Mazda and MG models', () => {
    expect(normaliseModel('Mazda', '3')).toBe('Mazda3');
    expect(normaliseModel('Mazda', '2')).toBe('Mazda2');
    expect(normaliseModel('MG', '3')).toBe('MG3');
    expect(normaliseModel('Mazda', 'CX-5')).toBe('CX-5');
    expect(normaliseModel('Toyota', '3')).toBe('3');
    expect(normaliseModel('Mazda', '10')).toBe('10');
  });

  it('normalises manufacturer names', () => {
    expect(normaliseMake('Suzuki Australia')).toBe('Suzuki');
    expect(normaliseMake('Mercedes Benz')).toBe('Mercedes-Benz');
    expect(normaliseMake('Isuzu UTE')).toBe('Isuzu');
    expect(normaliseMake(' Toyota ')).toBe('Toyota');
  });

  it('normalises a whole record without changing other fields', () => {
    expect(normaliseVehicle({ make: 'Mazda', model: '3', id: 1 })).toEqual({ make: 'Mazda', model: 'Mazda3', id: 1 });
  });
});

describe('listing rules (catalogue §4, §9)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const daysAgo = (d: number) => Math.floor(now.getTime() / 1000) - d * 86_400;
  const listed = (car: Record<string, unknown>, soldVisibleDays = 3) =>
    matchesFilter(
      { dealership_id: 1, show_on_dealer_website: true, ...car },
      scopeFilter({ dealershipIds: [1], soldVisibleDays }),
      now,
    );
  it('counts in stock and coming soon as available', () => {
    expect(isAvailable({ status: 'in_stock' })).toBe(true);
    expect(isAvailable({ status: 'coming_soon' })).toBe(true);
    expect(isAvailable({ status: 'sold' })).toBe(false);
  });

  it('lists available cars and cars sold within the window, of the site dealerships, shown on the website', () => {
    expect(listed({ status: 'in_stock' })).toBe(true);
    expect(listed({ status: 'sold', sold_date_timestamp: daysAgo(2) })).toBe(true);
    expect(listed({ status: 'sold', sold_date_timestamp: daysAgo(4) })).toBe(false);
    expect(listed({ status: 'sold', sold_date_timestamp: daysAgo(4) }, 7)).toBe(true);
    expect(listed({ status: 'in_stock', show_on_dealer_website: false })).toBe(false);
    expect(listed({ status: 'in_stock', dealership_id: 2 })).toBe(false);
    expect(listed({ status: 'other' })).toBe(false);
  });

  it('adds the tenant base filter', () => {
    const scope = scopeFilter({
      dealershipIds: [1],
      soldVisibleDays: 3,
      baseFilter: { field: 'car_type', in: ['used'] },
    });
    expect(
      matchesFilter(
        { dealership_id: 1, show_on_dealer_website: true, status: 'in_stock', car_type: 'new' },
        scope,
        now,
      ),
    ).toBe(false);
    expect(
      matchesFilter(
        { dealership_id: 1, show_on_dealer_website: true, status: 'in_stock', car_type: 'used' },
        scope,
        now,
      ),
    ).toBe(true);
  });
});

describe('price display priority (catalogue §4)', () => {
  const on = { subscriptionOffer: true };
  const off = { subscriptionOffer: false };
  it('follows subscription, offer, price, preorder, no-price text', () => {
    expect(priceDisplay({ price: 30000, subscription_price: 199 }, on)).toMatchObject({
      kind: 'subscription',
      amount: 199,
    });
    expect(priceDisplay({ price: 30000, subscription_price: 199 }, off)).toMatchObject({
      kind: 'price',
      amount: 30000,
    });
    expect(priceDisplay({ price: 30000, offer_price: 28000 }, off)).toMatchObject({ kind: 'offer', amount: 28000 });
    expect(priceDisplay({ price: 30000, offer_price: 10 }, off)).toMatchObject({ kind: 'price', amount: 30000 });
    expect(priceDisplay({ price: 0, preorder: true }, off)).toEqual({ kind: 'preorder', text: 'PREORDER' });
    expect(priceDisplay({ price: 0 }, off)).toEqual({ kind: 'none', text: 'Enquire for price.' });
    expect(priceDisplay({ price: 0 }, { subscriptionOffer: false, noPriceText: 'Call us' })).toEqual({
      kind: 'none',
      text: 'Call us',
    });
  });

  it('shows the was-price only when it is above the price shown', () => {
    expect(priceDisplay({ price: 30000, before_price: 32000 }, off)).toMatchObject({ wasPrice: 32000 });
    expect(priceDisplay({ price: 30000, before_price: 30000 }, off)).not.toHaveProperty('wasPrice');
  });

  it('sorts and filters on the price the card shows', () => {
    expect(shownPrice({ price: 30000, offer_price: 28000 })).toBe(28000);
    expect(shownPrice({ price: 30000, offer_price: 10 })).toBe(30000);
    expect(shownPrice({ price: 0 })).toBe(0);
  });

  it('formats whole dollars with separators', () => {
    expect(formatMoney(34990)).toBe('$34,990');
    expect(formatMoney(1234567, 'NZD')).toMatch(/^NZ(D\s|\$)1,234,567$/);
  });
});

describe('stock filters', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const car = {
    car_type: 'used',
    make: 'Land Rover',
    price: 45000,
    created_at_timestamp: Date.parse('2026-11-20T00:00:00Z') / 1000,
    stocknum: 'U123',
  };
  it('compares text case-insensitively and numbers by value', () => {
    expect(matchesFilter(car, { field: 'make', eq: 'land rover' }, now)).toBe(true);
    expect(matchesFilter(car, { field: 'car_type', in: ['new', 'demo'] }, now)).toBe(false);
    expect(matchesFilter(car, { field: 'price', gte: 45000 }, now)).toBe(true);
    expect(matchesFilter(car, { field: 'price', lt: 45000 }, now)).toBe(false);
  });

  it('lets not select cars where the field is missing (as Meilisearch does)', () => {
    expect(matchesFilter(car, { not: { field: 'tag', eq: 'SOLD' } }, now)).toBe(true);
    expect(matchesFilter(car, { not: { field: 'km', gte: 3000 } }, now)).toBe(true);
    expect(matchesFilter(car, { field: 'km', exists: true }, now)).toBe(false);
    expect(matchesFilter(car, { field: 'km', exists: false }, now)).toBe(true);
  });

  it('resolves relative times to unix seconds when the query runs', () => {
    expect(matchesFilter(car, { field: 'created_at_timestamp', gte: { daysAgo: 3 } }, now)).toBe(true);
    expect(matchesFilter(car, { field: 'created_at_timestamp', gte: { daysAgo: 1 } }, now)).toBe(false);
  });

  it('combines with all, any and not, as in the issue example base filter', () => {
    const base = { all: [{ field: 'car_type', in: ['used'] }, { not: { field: 'stocknum', in: ['U123', 'U456'] } }] };
    expect(matchesFilter(car, base, now)).toBe(false);
    expect(matchesFilter({ ...car, stocknum: 'U999' }, base, now)).toBe(true);
    expect(
      matchesFilter(
        car,
        {
          any: [
            { field: 'make', eq: 'Kia' },
            { field: 'price', lt: 50000 },
          ],
        },
        now,
      ),
    ).toBe(true);
    expect(matchesFilter(car, { all: [] }, now)).toBe(true);
  });
});

describe('feature switches', () => {
  const features = { offers: true, brandsPage: false };
  it('evaluates names, negation and lists', () => {
    expect(isSwitchedOn(undefined, features)).toBe(true);
    expect(isSwitchedOn('offers', features)).toBe(true);
    expect(isSwitchedOn('brandsPage', features)).toBe(false);
    expect(isSwitchedOn('!brandsPage', features)).toBe(true);
    expect(isSwitchedOn(['offers', '!brandsPage'], features)).toBe(true);
    expect(isSwitchedOn(['offers', 'brandsPage'], features)).toBe(false);
    expect(switchNames(['offers', '!brandsPage'])).toEqual(['offers', 'brandsPage']);
  });
});

describe('small rules', () => {
  it('promotions are current from start to expiry inclusive, in the site time zone', () => {
    const promo = { start: '2026-11-01', expiry: '2026-11-22' };
    expect(isCurrent(promo, new Date('2026-11-22T12:00:00Z'), 'Australia/Sydney')).toBe(true);
    expect(isCurrent(promo, new Date('2026-11-22T14:00:00Z'), 'Australia/Sydney')).toBe(false); // already the 23rd in Sydney
    expect(isCurrent(promo, new Date('2026-10-31T12:00:00Z'), 'Australia/Perth')).toBe(false);
  });

  it('fills car placeholders in button links', () => {
    expect(fillCarLink('/cars/{slug}/checkout?id={id}', { slug: 'a b', id: 7 })).toBe('/cars/a%20b/checkout?id=7');
  });

  it('sanitises rich text', () => {
    expect(
      sanitiseHtml(
        '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://e.com">e</a></p>',
      ),
    ).toBe('<p>Hi <a>x</a> <a href="https://e.com" target="_blank" rel="noopener noreferrer">e</a></p>');
  });

  it('builds the vehicle title from year, make, model, badge and series', () => {
    expect(vehicleTitle({ year: 2021, make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport', series: 'KF' })).toBe(
      '2021 Mazda CX-5 Maxx Sport KF',
    );
    expect(vehicleTitle({ year: 2021, make: 'Mazda', model: 'CX-5', badge: ' ' })).toBe('2021 Mazda CX-5');
  });
});
