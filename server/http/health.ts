import { sql } from 'kysely';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import { getDatabase, type PlatformDb } from '../../services/db/database';
import { feedHealth, feedStatus } from '../../services/feeds/feed-status';
import { outboxState } from '../../services/leads/outbox';
import { getSearchService } from '../../services/search';
import { mayReadHealthDetails } from './health-token';

/**
 * GET /healthz (issue 30, L8). It answers on every host (the proxy skips it), so what anyone gets
 * is only whether this process can serve: `{"status":"ok"}` (200), or `{"status":"unavailable"}`
 * (503) when it cannot read its database. How many sites it serves, the lead outbox, the search
 * index's lag and which dealerships' feeds fail are platform-wide facts that are nobody else's
 * business: they come only with `Authorization: Bearer <HEALTH_TOKEN>`. A bearer token rather than
 * "requests from the loopback address": behind a reverse proxy on the same machine every request
 * comes from the loopback address, and forwarding headers are whatever the client wrote.
 */

type Env = Readonly<Record<string, string | undefined>>;

export interface HealthDeps {
  db: () => Promise<PlatformDb>;
  env: Env;
}

const NO_STORE = { 'cache-control': 'no-store' };

/** Whether the database answers a query that reads no table (so a write lock held elsewhere does not stall it). */
async function databaseAnswers(db: () => Promise<PlatformDb>): Promise<boolean> {
  try {
    await sql`select 1`.execute(await db());
    return true;
  } catch (error) {
    // The reason (a host, a port, a user name) goes to the log, never into the answer.
    console.error('/healthz: the database cannot be read', error);
    return false;
  }
}

/** What the holder of HEALTH_TOKEN reads: sites served (counts), the lead outbox, the search index, the feeds. */
async function details(db: () => Promise<PlatformDb>): Promise<Record<string, unknown>> {
  const entries = [...loadTenantRegistry().tenants.values()];
  const served = entries.filter((e) => e.ok).length;
  // How many sites are served from a version published in the database (issue 16), the rest from files.
  const published = entries.filter((e) => e.versionId !== undefined).length;
  // Lead delivery at a glance (counts only): a growing pending number means a destination is down.
  let leads: unknown;
  try {
    leads = await outboxState(await db());
  } catch (error) {
    console.error('/healthz: reading the lead outbox failed', error);
    leads = { error: 'database unavailable' };
  }
  // Search index lag (issue 17): changes not yet in the index, and how long the oldest has waited.
  // It reads positions only; it never refreshes or builds the index.
  let search: unknown;
  try {
    search = await (await getSearchService()).indexStatus();
  } catch (error) {
    console.error('/healthz: reading the search index state failed', error);
    search = { error: 'search index state unavailable' };
  }
  // Stock feeds (issue 18): counts, and for each failing feed its dealership and since when. A
  // feed's address may carry a token and its failure names hosts: both stay in the log and in
  // `npm run import -- --status`.
  let feeds: unknown;
  try {
    feeds = feedHealth(await feedStatus(await db(), new Date(), { history: false }));
  } catch (error) {
    console.error('/healthz: reading the feed pull log failed', error);
    feeds = { error: 'feed state unavailable' };
  }
  return { tenants: { served, invalid: entries.length - served, published }, leadOutbox: leads, search, feeds };
}

export async function healthResponse(
  request: Request,
  deps: HealthDeps = { db: () => getDatabase(), env: process.env },
): Promise<Response> {
  const up = await databaseAnswers(deps.db);
  const status = up ? 'ok' : 'unavailable';
  const body = mayReadHealthDetails(request.headers.get('authorization'), deps.env)
    ? { status, ok: up, ...(await details(deps.db)) }
    : { status };
  return Response.json(body, { status: up ? 200 : 503, headers: NO_STORE });
}
