import type { PlatformDb } from '../db/database';
import { latestStockChange } from './stock-changes';

/**
 * The stock generation as the database has it: `<last import>.<last stock change>` (the imports
 * table and the stock change log of migration 014), from the same position the search index
 * follows. It moves on every change shoppers can see and never goes back.
 */
export async function readStockGeneration(db: PlatformDb): Promise<string> {
  const { importId, seq } = await latestStockChange(db);
  return `${importId}.${seq}`;
}
