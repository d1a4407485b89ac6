/**
 * Liveness for load balancers and the test runner: answers on any host (the proxy skips it) and
 * says how many tenants are served, without naming them.
 */
import { loadTenantRegistry } from '@/engine/tenant-registry';

export const dynamic = 'force-dynamic';

export function GET() {
  const entries = [...loadTenantRegistry().tenants.values()];
  const served = entries.filter((e) => e.ok).length;
  return Response.json({ ok: true, tenants: { served, invalid: entries.length - served } }, { headers: { 'cache-control': 'no-store' } });
}
