/**
 * Liveness for load balancers and the test runner: answers on any host (the proxy skips it) and
 * says how many tenants are served, without naming them, and how the lead outbox is doing.
 */
import { loadTenantRegistry } from '@/engine/tenant-registry';
import { getDatabase } from '@/services/db/database';
import { outboxState } from '@/services/leads/outbox';

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
    leads = { error: error instanceof Error ? error.message : 'database unavailable' };
  }
  return Response.json(
    { ok: true, tenants: { served, invalid: entries.length - served, published }, leadOutbox: leads },
    { headers: { 'cache-control': 'no-store' } },
  );
}
