import { getDatabase } from '../db/database';
import { StockRepository } from './stock-repository';

export { StockRepository } from './stock-repository';
export type { Car, Dealership, Location } from './stock-repository';

/** The stock repository on the process-wide database (DATABASE_URL). */
export async function getStockRepository(): Promise<StockRepository> {
  return new StockRepository(await getDatabase());
}
