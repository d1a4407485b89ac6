import { setStockGeneration } from '../../engine/stock-generation';
import { getDatabase } from '../../services/db/database';
import { readStockGeneration } from '../../services/stock/stock-generation';

/**
 * Follows the stock generation (engine/stock-generation.ts) every STOCK_SYNC_INTERVAL_MS, so cached
 * pages of every process show a stock change made anywhere within about a second (issue 17).
 * A database that cannot be reached keeps the last generation (pages stay cached as they were) and
 * is tried again on the next tick, reported once per outage. STOCK_SYNC=off leaves pages to their
 * 60 s revalidation.
 */
export const STOCK_SYNC_INTERVAL_MS = 1_000;

const STARTED = Symbol.for('dealer-platform.stock-sync');
type Holder = { [STARTED]?: () => Promise<void> };

export async function startStockSync(log: Pick<Console, 'error' | 'info'> = console): Promise<void> {
  const holder = globalThis as Holder;
  if (process.env.STOCK_SYNC === 'off' || holder[STARTED]) return;
  let failing = false;
  let running: Promise<void> | undefined;
  const check = async () => {
    try {
      setStockGeneration(await readStockGeneration(await getDatabase()));
      if (failing) log.info('The stock generation is read from the database again');
      failing = false;
    } catch (error) {
      if (!failing)
        log.error('Reading the stock generation failed; cached pages keep their key until it can be read', error);
      failing = true;
    }
  };
  // A slow database never stacks checks up.
  const tick = () => (running ??= check().finally(() => (running = undefined)));
  holder[STARTED] = tick;
  setInterval(() => void tick(), STOCK_SYNC_INTERVAL_MS).unref();
  await tick();
}

/** Reads the generation now (after this process changed the stock), when the sync runs. Never throws. */
export async function refreshStockGeneration(): Promise<void> {
  await (globalThis as Holder)[STARTED]?.();
}
