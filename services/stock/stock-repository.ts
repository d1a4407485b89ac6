import type { PlatformDb } from '../db/database';
import type { FeedCar, FeedDealership, FeedLocation } from '../../schemas/types.generated';
import { DEFAULT_SOLD_VISIBLE_DAYS, soldCutoff } from '../../domain/listing';

export type Car = FeedCar;
export type Dealership = FeedDealership;
export type Location = FeedLocation;

const parse = <T>(rows: Array<{ data: string }>): T[] => rows.map((r) => JSON.parse(r.data) as T);

export interface ListedCarsQuery {
  dealershipIds: readonly number[];
  now: Date;
  soldVisibleDays?: number;
  carTypes?: readonly string[];
}

/** Stock, dealerships and locations as the platform stores them; callers never see SQL. */
export class StockRepository {
  constructor(private readonly db: PlatformDb) {}

  /** Cars a site lists (catalogue §9 listing rules), newest first. */
  async listedCars(query: ListedCarsQuery): Promise<Car[]> {
    if (!query.dealershipIds.length) return [];
    const cutoff = soldCutoff(query.now, query.soldVisibleDays ?? DEFAULT_SOLD_VISIBLE_DAYS);
    let q = this.db
      .selectFrom('cars')
      .select('data')
      .where('dealership_id', 'in', [...query.dealershipIds])
      .where('withdrawn_at', 'is', null)
      .where('show_on_dealer_website', '=', 1)
      .where((eb) => eb.or([eb('status', 'in', ['in_stock', 'coming_soon']), eb.and([eb('status', '=', 'sold'), eb('sold_at', '>=', cutoff)])]));
    if (query.carTypes?.length) q = q.where('car_type', 'in', [...query.carTypes]);
    return parse<Car>(await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute());
  }

  async carBySlug(slug: string, dealershipIds: readonly number[]): Promise<Car | undefined> {
    if (!dealershipIds.length) return undefined;
    const row = await this.db
      .selectFrom('cars')
      .select('data')
      .where('slug', '=', slug)
      .where('dealership_id', 'in', [...dealershipIds])
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return row ? (JSON.parse(row.data) as Car) : undefined;
  }

  async dealerships(ids: readonly number[]): Promise<Dealership[]> {
    if (!ids.length) return [];
    return parse<Dealership>(await this.db.selectFrom('dealerships').select('data').where('id', 'in', [...ids]).orderBy('name').execute());
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

  async counts(): Promise<{ dealerships: number; locations: number; cars: number }> {
    const count = async (table: 'dealerships' | 'locations' | 'cars') =>
      Number((await this.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return { dealerships: await count('dealerships'), locations: await count('locations'), cars: await count('cars') };
  }
}
