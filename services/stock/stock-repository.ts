import type { ExpressionBuilder } from 'kysely';
import type { PlatformDb } from '../db/database';
import type { Database } from '../db/schema';
import { reservationsVersion } from '../reservations/reservations';
import {
  changesSince,
  latestStockChange,
  onStockChange,
  stockLag,
  type StockChanges,
  type StockPosition,
} from './stock-changes';
import type { FeedCar, FeedDealership, FeedLocation } from '../../schemas/types.generated';

export type Car = FeedCar;
export type Dealership = FeedDealership;
export type Location = FeedLocation;

const parse = <T>(rows: Array<{ data: string }>): T[] => rows.map((r) => JSON.parse(r.data) as T);

/** Whether a car has a held reservation (issue 7), selected beside its data. */
const heldColumn = (eb: ExpressionBuilder<Database, 'cars'>) =>
  eb
    .exists(
      eb
        .selectFrom('reservations')
        .select('reservations.id')
        .whereRef('reservations.car_id', '=', 'cars.id')
        .where('reservations.status', '=', 'held'),
    )
    .as('held');

/** A held reservation shows the car as reserved; the stored feed JSON is left alone, so a release restores the feed's own value. */
const parseCar = (row: { data: string; held: unknown }): Car => {
  const car = JSON.parse(row.data) as Car;
  if (row.held) car.reserved = true;
  return car;
};

/** Stock, dealerships and locations as the platform stores them; callers never see SQL. */
export class StockRepository {
  constructor(private readonly db: PlatformDb) {}

  async carBySlug(slug: string, dealershipIds: readonly number[]): Promise<Car | undefined> {
    return (await this.carRecordBySlug(slug, dealershipIds))?.car;
  }

  /**
   * A car with the time its stored row last changed (an import writes only new and changed cars),
   * which the vehicle page sends to view.json as updated_at (catalogue §7).
   */
  async carRecordBySlug(
    slug: string,
    dealershipIds: readonly number[],
  ): Promise<{ car: Car; updatedAt: string } | undefined> {
    if (!dealershipIds.length) return undefined;
    const row = await this.db
      .selectFrom('cars')
      .select((eb) => ['data', 'updated_at', heldColumn(eb)])
      .where('slug', '=', slug)
      .where('dealership_id', 'in', [...dealershipIds])
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return row ? { car: parseCar(row), updatedAt: row.updated_at } : undefined;
  }

  async dealerships(ids: readonly number[]): Promise<Dealership[]> {
    if (!ids.length) return [];
    return parse<Dealership>(
      await this.db
        .selectFrom('dealerships')
        .select('data')
        .where('id', 'in', [...ids])
        .orderBy('name')
        .execute(),
    );
  }

  /** Visible locations of the given dealerships, by dealership then name. */
  async locations(dealershipIds: readonly number[]): Promise<Location[]> {
    if (!dealershipIds.length) return [];
    return parse<Location>(
      await this.db
        .selectFrom('locations')
        .select('data')
        .where('dealership_id', 'in', [...dealershipIds])
        .where('visible', '=', 1)
        .orderBy('dealership_id')
        .orderBy('name')
        .execute(),
    );
  }

  /** Every car not withdrawn, with every dealership and location: what the search index holds. */
  async indexSource(): Promise<{ cars: Car[]; dealerships: Dealership[]; locations: Location[] }> {
    const [cars, dealerships, locations] = await Promise.all([
      this.db
        .selectFrom('cars')
        .select((eb) => ['data', heldColumn(eb)])
        .where('withdrawn_at', 'is', null)
        .orderBy('id')
        .execute(),
      this.db.selectFrom('dealerships').select('data').execute(),
      this.db.selectFrom('locations').select('data').execute(),
    ]);
    return {
      cars: cars.map(parseCar),
      dealerships: parse<Dealership>(dealerships),
      locations: parse<Location>(locations),
    };
  }

  /**
   * What the search index holds of just these cars: those not withdrawn, with their dealerships
   * and locations. An id missing from the answer is a car the index must drop.
   */
  async indexSourceFor(
    ids: readonly number[],
  ): Promise<{ cars: Car[]; dealerships: Dealership[]; locations: Location[] }> {
    if (!ids.length) return { cars: [], dealerships: [], locations: [] };
    const cars = (
      await this.db
        .selectFrom('cars')
        .select((eb) => ['data', heldColumn(eb)])
        .where('id', 'in', [...ids])
        .where('withdrawn_at', 'is', null)
        .orderBy('id')
        .execute()
    ).map(parseCar);
    const dealershipIds = [...new Set(cars.map((c) => c.dealership_id))];
    const locationIds = [...new Set(cars.flatMap((c) => (c.location_id === undefined ? [] : [c.location_id])))];
    const [dealerships, locations] = await Promise.all([
      dealershipIds.length
        ? this.db.selectFrom('dealerships').select('data').where('id', 'in', dealershipIds).execute()
        : [],
      locationIds.length ? this.db.selectFrom('locations').select('data').where('id', 'in', locationIds).execute() : [],
    ]);
    return { cars, dealerships: parse<Dealership>(dealerships), locations: parse<Location>(locations) };
  }

  /** The newest position in the stock change log (services/stock/stock-changes.ts). */
  stockPosition(): Promise<StockPosition> {
    return latestStockChange(this.db);
  }

  /** The cars changed after change `since` (up to `upTo`), or 'all'. */
  stockChangesSince(since: number, upTo?: number): Promise<StockChanges> {
    return changesSince(this.db, since, upTo);
  }

  /** How many changes `position` is behind the log, and the time of the oldest of them. */
  stockLag(position: StockPosition): Promise<{ changes: number; oldest: Date | undefined }> {
    return stockLag(this.db, position);
  }

  /** Calls `listener` after this process changes stock on this database; returns the unsubscribe. */
  onStockChange(listener: () => void): () => void {
    return onStockChange(this.db, listener);
  }

  /** Cars by id, in the order asked for; ids without a car are skipped. */
  async carsByIds(ids: readonly number[]): Promise<Car[]> {
    if (!ids.length) return [];
    const rows = (
      await this.db
        .selectFrom('cars')
        .select((eb) => ['data', heldColumn(eb)])
        .where('id', 'in', [...ids])
        .execute()
    ).map(parseCar);
    const byId = new Map(rows.map((car) => [car.id, car]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Changes whenever an import finishes or a reservation is held or released. It is last import
   * id * 1,000,000 + reservationsVersion(); both parts only grow, so the sum only grows and never
   * repeats an earlier value (compare it for equality only; it is not an import id). The search
   * index no longer follows it: it follows the stock change log (stockPosition), which also says
   * which cars changed.
   */
  async importVersion(): Promise<number> {
    const [row, reservations] = await Promise.all([
      this.db
        .selectFrom('imports')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirst(),
      reservationsVersion(this.db),
    ]);
    return Number(row?.last ?? 0) * 1_000_000 + reservations;
  }

  /** Counts one view of a car and answers the new total. */
  /** catalogue §7 view.json: a car's view total without counting a view (a repeat view from the same address). */
  async views(carId: number): Promise<number> {
    const row = await this.db.selectFrom('car_views').select('views').where('car_id', '=', carId).executeTakeFirst();
    return row?.views ?? 0;
  }

  async countView(carId: number, at: Date): Promise<number> {
    const row = await this.db
      .insertInto('car_views')
      .values({ car_id: carId, views: 1, updated_at: at.toISOString() })
      .onConflict((oc) =>
        oc
          .column('car_id')
          .doUpdateSet((eb) => ({ views: eb('car_views.views', '+', 1), updated_at: at.toISOString() })),
      )
      .returning('views')
      .executeTakeFirstOrThrow();
    return row.views;
  }

  async counts(): Promise<{ dealerships: number; locations: number; cars: number }> {
    const count = async (table: 'dealerships' | 'locations' | 'cars') =>
      Number(
        (
          await this.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { dealerships: await count('dealerships'), locations: await count('locations'), cars: await count('cars') };
  }
}
