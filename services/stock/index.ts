import { getDatabase, type PlatformDb } from '../db/database';
import { StockRepository } from './stock-repository';

export { StockRepository } from './stock-repository';
export type { Car, Dealership, Location } from './stock-repository';

const repositories = new WeakMap<PlatformDb, StockRepository>();

/** The stock repository on the process-wide database (DATABASE_URL). */
export async function getStockRepository(): Promise<StockRepository> {
  const db = await getDatabase();
  let repo = repositories.get(db);
  if (!repo) {
    repo = new StockRepository(db);
    repositories.set(db, repo);
  }
  return repo;
}
