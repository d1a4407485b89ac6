/**
 * Liveness for load balancers and the test runner: answers on any host (the proxy skips it) and
 * says how many tenants are served, without naming them, how the lead outbox is doing, how
 * far this process's search index is behind the stock change log, and which dealerships' stock
 * feeds are failing (ids and times only).
 */
import { loadTenantRegistry } from '@/engine/tenant-registry';
import { getDatabase } from '@/services/db/database';
import { feedHealth, feedStatus } from '@/services/feeds/feed-status';
import { outboxState } from '@/services/leads/outbox';
import { getSearchService } from '@/services/search';

export const dynamic = 'force-dynamic';

export async function GET() {
  const entries = [...loadTenantRegistry().tenants.values()];
  const served = entries.filter((e) => e.ok).length;
  // How many sites are served from a version published in the database (issue 16), the rest from files.
  const published = entries.filter((e) => e.versionId !== undefined).length;
  // Lead delivery at a glance (counts only): a growing pending number means a destination is down.
  let leads: unknown;
  try {
    leads = await outboxState(await getDatabase());
  } catch (error) {
    // /healthz answers anyone: the reason (a host, a port, a user name) goes to the log, not the answer.
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
    feeds = feedHealth(await feedStatus(await getDatabase(), new Date(), { history: false }));
  } catch (error) {
    console.error('/healthz: reading the feed pull log failed', error);
    feeds = { error: 'feed state unavailable' };
  }
  return Response.json(
    {
      ok: true,
      tenants: { served, invalid: entries.length - served, published },
      leadOutbox: leads,
      search,
      feeds,
    },
    { headers: { 'cache-control': 'no-store' } },
  );
}
