import { describe, expect, it } from 'vitest';
import { currentPromos, placePromos, type PromoTile, type ResultTile } from './promo-tiles';
import { loadTenantRegistry } from '../engine/tenant-registry';

const promo = (id: string, position: number, extra: Partial<PromoTile> = {}): PromoTile => ({
  id,
  heading: `Promo ${id}`,
  position,
  ...extra,
});
const shape = (tiles: Array<ResultTile<number, PromoTile>>) =>
  tiles.map((tile) => (tile.kind === 'car' ? tile.car : tile.promo.id));
const cars = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('current promos', () => {
  // spec: catalogue §9 — promo cards are filtered by start and expiry dates and sorted by position;
  // one dealer has tiles at positions 5 and 10 expiring 2025-06-15.
  const promos = [
    promo('b', 10, { expiry: '2025-06-15' }),
    promo('a', 5, { expiry: '2025-06-15' }),
    promo('later', 1, { start: '2025-07-01' }),
  ];
  it('keeps promos between start and expiry (inclusive, site time zone), by position', () => {
    expect(currentPromos(promos, new Date('2025-06-15T13:00:00Z'), 'Australia/Brisbane').map((p) => p.id)).toEqual([
      'a',
      'b',
    ]);
    expect(currentPromos(promos, new Date('2025-06-15T14:00:00Z'), 'Australia/Brisbane')).toEqual([]);
    expect(currentPromos(promos, new Date('2025-06-30T14:00:00Z'), 'Australia/Brisbane').map((p) => p.id)).toEqual([
      'later',
    ]);
  });

  // spec: catalogue §3 Promo node — display false hides the tile.
  it('drops promos with display false', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(
      currentPromos(
        [promo('x', 2, { display: false }), promo('y', 3, { display: true }), promo('z', 4)],
        now,
        'UTC',
      ).map((p) => p.id),
    ).toEqual(['y', 'z']);
  });
});

describe('placing promos among results', () => {
  // spec: catalogue §9 — promotional tiles sit at positions 5 and 10 of search results.
  it('puts each promo at its 1-based tile position', () => {
    expect(shape(placePromos(cars(12), [promo('a', 5), promo('b', 10)]))).toEqual([
      1,
      2,
      3,
      4,
      'a',
      5,
      6,
      7,
      8,
      'b',
      9,
      10,
      11,
      12,
    ]);
    expect(shape(placePromos(cars(3), [promo('a', 1)]))).toEqual(['a', 1, 2, 3]);
    expect(shape(placePromos(cars(3), [promo('a', 0)]))).toEqual(['a', 1, 2, 3]);
  });

  // spec: catalogue §3 Promo node position — two promos cannot share one slot.
  it('gives promos at the same position consecutive slots', () => {
    expect(shape(placePromos(cars(4), [promo('a', 2), promo('b', 2)]))).toEqual([1, 'a', 'b', 2, 3, 4]);
  });

  // spec: catalogue §3 Promo node strictDisplay — a strict promo past the end of the list is not shown.
  it('appends a promo past the end unless strictDisplay is set', () => {
    expect(shape(placePromos(cars(6), [promo('a', 5), promo('b', 10)]))).toEqual([1, 2, 3, 4, 'a', 5, 6, 'b']);
    expect(shape(placePromos(cars(6), [promo('a', 5), promo('b', 10, { strictDisplay: true })]))).toEqual([
      1,
      2,
      3,
      4,
      'a',
      5,
      6,
    ]);
    expect(shape(placePromos(cars(4), [promo('a', 5, { strictDisplay: true })]))).toEqual([1, 2, 3, 4, 'a']);
  });

  // spec: catalogue §2 Search results — an empty list shows the no-results card, not promos.
  it('places nothing when there are no hits', () => {
    expect(placePromos([], [promo('a', 1)])).toEqual([]);
  });
});

describe("the demo dealer's promotional tiles (catalogue §9)", () => {
  // spec: catalogue §9 — "For one dealer, promotional tiles sit at positions 5 and 10 of search
  // results, expiring 2025-06-15." The demo keeps its tiles live (a later expiry); with the spec's
  // date they show through 15 June 2025 in the dealer's time zone and are gone the next day.
  const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
  if (!entry?.ok) throw new Error('the demo tenant southern-cross-motors does not load');
  const tenant = entry.config;
  const withSpecExpiry = tenant.search.promoTiles.map((tile) => ({
    ...tile,
    start: '2025-01-01',
    expiry: '2025-06-15',
  }));
  const zone = tenant.locale.timeZone;

  it('sit at positions 5 and 10', () => {
    expect(tenant.search.promoTiles.map((tile) => tile.position).sort((a, b) => a - b)).toEqual([5, 10]);
  });

  it('show on 15 June 2025 and are hidden from 16 June 2025', () => {
    const lastDay = new Date('2025-06-15T12:00:00Z');
    const dayAfter = new Date('2025-06-16T12:00:00Z');
    expect(currentPromos(withSpecExpiry, lastDay, zone).map((tile) => tile.position)).toEqual([5, 10]);
    expect(currentPromos(withSpecExpiry, dayAfter, zone)).toEqual([]);
    const placed = placePromos(cars(12), currentPromos(withSpecExpiry, lastDay, zone)).map((tile) =>
      tile.kind === 'car' ? String(tile.car) : tile.promo.id,
    );
    // The 5th and the 10th tiles of the first page.
    expect(placed.slice(0, 11)).toEqual(['1', '2', '3', '4', 'finance-tile', '5', '6', '7', '8', 'trade-in-tile', '9']);
  });
});
