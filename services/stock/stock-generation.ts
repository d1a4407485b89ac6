import type { PlatformDb } from '../db/database';

/**
 * The stock generation as the database has it: `<last import>.<last stock change>` (the imports
 * table and the stock change log of migration 014). Two indexed max() reads; it moves on every
 * change shoppers can see and never goes back.
 */
export async function readStockGeneration(db: PlatformDb): Promise<string> {
  const [imports, changes] = await Promise.all([
    db
      .selectFrom('imports')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirst(),
    db
      .selectFrom('stock_changes')
      .select((eb) => eb.fn.max('seq').as('last'))
      .executeTakeFirst(),
  ]);
  return `${Number(imports?.last ?? 0)}.${Number(changes?.last ?? 0)}`;
}
