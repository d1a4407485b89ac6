/**
 * `npm run search:sync`: pushes the listed stock of every dealership (every car not withdrawn) to
 * the Meilisearch index named by MEILISEARCH_HOST (MEILISEARCH_API_KEY, MEILISEARCH_INDEX; issue
 * 17, large groups), from the database named by DATABASE_URL.
 *   npm run search:sync                 bring the index up to date: the index settings and every car the first
 *                                       time and after each import, then only the cars changed since the last sync
 *   npm run search:sync -- --full       push the settings and every car again (e.g. after Meilisearch lost its data)
 *   npm run search:sync -- --watch      keep following the stock change log until stopped (Ctrl-C)
 * Where the index stands is recorded in the database (search_index_state), so servers running with
 * MEILISEARCH_HOST and this command share the work: one of them at a time writes to the index.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { getDatabase } from '../services/db/database';
import { LEASE_MS } from '../services/search/index-cursor';
import { meilisearchFromEnv } from '../services/search/meilisearch-engine';
import { meilisearchService, STOCK_POLL_MS, type RefreshResult } from '../services/search/search-service';
import { StockRepository } from '../services/stock/stock-repository';
import { runMain } from './run-main';

const USAGE = 'usage: npm run search:sync [-- --full] [-- --watch]';
/** After a failed round, --watch waits this long before the next (Meilisearch restarting, a network blip). */
const RETRY_MS = 5_000;

function describe(result: RefreshResult): string {
  const at = result.position ? `change ${result.position.seq}, import ${result.position.importId}` : 'nothing yet';
  if (result.mode === 'none') return `already up to date (${at})`;
  if (result.mode === 'busy') return `another process kept writing to the index; it is at ${at}`;
  const what =
    result.mode === 'full'
      ? `pushed the settings and all ${result.upserted} listed car(s)`
      : `pushed ${result.upserted} changed car(s)${result.removed ? `, removed ${result.removed}` : ''}`;
  return `${what}; the index is at ${at}`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--full' && a !== '--watch');
  if (unknown.length) {
    console.error(`unknown option(s): ${unknown.join(' ')}\n${USAGE}`);
    return 2;
  }
  const engine = meilisearchFromEnv();
  if (!engine) {
    console.error(
      'search:sync pushes stock to Meilisearch, and MEILISEARCH_HOST is not set. Set it to the server, e.g. MEILISEARCH_HOST=http://127.0.0.1:7700 (with MEILISEARCH_API_KEY when the server has a master key, MEILISEARCH_INDEX for an index other than "cars").',
    );
    return 2;
  }
  const db = await getDatabase();
  // This command may wait out another writer's whole lease; a search on a server waits less.
  const service = meilisearchService(engine, new StockRepository(db), db, { waitMs: LEASE_MS + 5_000 });
  try {
    const first = await service.refresh({ force: args.includes('--full') });
    console.log(describe(first));
    if (!args.includes('--watch')) return first.mode === 'busy' ? 1 : 0;

    let stopping = false;
    const stop = () => {
      stopping = true;
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    console.log(`following stock changes every ${STOCK_POLL_MS} ms (Ctrl-C stops)`);
    while (!stopping) {
      try {
        const result = await service.refresh();
        if (result.mode !== 'none') console.log(`${new Date().toISOString()} ${describe(result)}`);
        await sleep(STOCK_POLL_MS);
      } catch (error) {
        console.error(`${new Date().toISOString()} ${error instanceof Error ? error.message : String(error)}`);
        await sleep(RETRY_MS);
      }
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

runMain(main);
