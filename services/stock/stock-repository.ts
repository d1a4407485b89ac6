import type { ExpressionBuilder } from 'kysely';
import type { PlatformDb } from '../db/database';
import type { Database } from '../db/schema';
import { reservationsVersion } from '../reservations/reservations';
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
    if (!dealershipIds.length) return undefined;
    const row = await this.db
      .selectFrom('cars')
      .select((eb) => ['data', heldColumn(eb)])
      .where('slug', '=', slug)
      .where('dealership_id', 'in', [...dealershipIds])
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return row ? parseCar(row) : undefined;
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
   * Changes whenever an import finishes or a reservation is held or released: the search index
   * rebuilds when it moves. It is last import id * 1,000,000 + reservationsVersion(); both parts
   * only grow, so the sum only grows and never repeats an earlier value (compare it for equality
   * only; it is not an import id).
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
