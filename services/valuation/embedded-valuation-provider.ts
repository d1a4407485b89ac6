/**
 * The default valuation provider: no network and no setup, the rule of thumb of
 * domain/trade-in/valuation-rule.ts over comparable cars in the platform database.
 */
import { getDatabase, type PlatformDb } from '../db/database';
import { normaliseMake, normaliseModel } from '../../domain/normalise-vehicle';
import { shownPrice, type PricedCar } from '../../domain/price-display';
import { valueFromComparables, type Comparable } from '../../domain/trade-in/valuation-rule';
import type { Valuation, ValuationInput, ValuationProvider } from './valuation-provider';

/** Sold and withdrawn cars count as comparables for this long: older sales describe an older market. */
export const COMPARABLE_SALES_WINDOW_DAYS = 365;

/** New-car prices say nothing about what a used car is worth. */
const COMPARABLE_CAR_TYPES = ['used', 'demo'];

const DAY_MS = 86_400_000;

export interface EmbeddedValuationOptions {
  /** The database, or how to get it; the process-wide one (DATABASE_URL) by default. */
  db?: PlatformDb | (() => Promise<PlatformDb>);
  /**
   * The dealerships whose stock a tenant's valuations compare with. Without it every dealership on
   * the platform counts; with it an unknown tenant (undefined) or one without dealerships gets no
   * estimate.
   */
  dealershipsOf?: (tenant: string) => readonly number[] | undefined;
  now?: () => Date;
  /** The site's time zone: decides the current year, as the online-estimate rule does. */
  timeZone?: string;
  /** The site's currency (tenant.locale.currency), for the amounts in the basis the shopper reads. */
  currency?: string;
}

export class EmbeddedValuationProvider implements ValuationProvider {
  readonly #options: EmbeddedValuationOptions;

  constructor(options: EmbeddedValuationOptions = {}) {
    this.#options = options;
  }

  async #db(): Promise<PlatformDb> {
    const { db } = this.#options;
    if (db === undefined) return getDatabase();
    return typeof db === 'function' ? db() : db;
  }

  /**
   * Same make and model (after the import normalisations, ignoring case), every year; used and
   * demo cars with a price above 0, any status, sold or withdrawn within the last year included
   * so recent sales count. The price read is the one shoppers saw (offer price above 10, else price).
   */
  async comparables(input: Pick<ValuationInput, 'tenant' | 'make' | 'model'>): Promise<Comparable[]> {
    return (await this.#rows(input)).comparables;
  }

  /** The comparables, and the make and model as the stock spells them (for the basis the shopper reads). */
  async #rows(
    input: Pick<ValuationInput, 'tenant' | 'make' | 'model'>,
  ): Promise<{ comparables: Comparable[]; make?: string; model?: string }> {
    const make = normaliseMake(input.make);
    const model = normaliseModel(input.make, input.model);
    if (!make || !model) return { comparables: [] };
    const dealerships = this.#options.dealershipsOf ? this.#options.dealershipsOf(input.tenant) : undefined;
    if (this.#options.dealershipsOf && !dealerships?.length) return { comparables: [] };

    const now = (this.#options.now ?? (() => new Date()))();
    const cutoff = new Date(now.getTime() - COMPARABLE_SALES_WINDOW_DAYS * DAY_MS);
    const db = await this.#db();
    let query = db
      .selectFrom('cars')
      .select(['make', 'model', 'year', 'price', 'data'])
      .where((eb) => eb(eb.fn<string>('lower', ['make']), '=', make.toLowerCase()))
      .where((eb) => eb(eb.fn<string>('lower', ['model']), '=', model.toLowerCase()))
      .where('price', '>', 0)
      .where('car_type', 'in', COMPARABLE_CAR_TYPES)
      .where((eb) => eb.or([eb('sold_at', 'is', null), eb('sold_at', '>=', Math.floor(cutoff.getTime() / 1000))]))
      .where((eb) => eb.or([eb('withdrawn_at', 'is', null), eb('withdrawn_at', '>=', cutoff.toISOString())]));
    if (dealerships) query = query.where('dealership_id', 'in', [...dealerships]);
    // In id order: the first row spells the make and model for the shopper, and without an ORDER BY
    // PostgreSQL may return the rows in any order (SQLite happens to give them by id).
    const rows = await query.orderBy('id').execute();
    const comparables = rows.map((row) => {
      let offer: number | null | undefined;
      try {
        offer = (JSON.parse(row.data) as PricedCar).offer_price;
      } catch {
        // The column price is still a real advertised price.
      }
      return { year: row.year, price: shownPrice({ price: row.price, offer_price: offer }) };
    });
    const first = rows[0];
    return first ? { comparables, make: first.make, model: first.model } : { comparables };
  }

  async value(input: ValuationInput): Promise<Valuation | null> {
    const found = await this.#rows(input);
    const now = (this.#options.now ?? (() => new Date()))();
    const subject = {
      make: found.make ?? normaliseMake(input.make),
      model: found.model ?? normaliseModel(input.make, input.model),
      year: input.year,
      km: input.km,
    };
    return valueFromComparables(subject, found.comparables, now, this.#options.timeZone, this.#options.currency);
  }
}
