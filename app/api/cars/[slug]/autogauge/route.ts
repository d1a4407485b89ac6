/**
 * GET /api/cars/<slug>/autogauge: the market gauge data for a car (catalogue §3, §7) as JSON, or
 * `null` when the provider has none (the browser then raises 'No data returned', §8). Only used
 * cars have it (conversion §6: the Autogauge report is for used cars only). The tenant comes from
 * the proxy's header and the car must be one this tenant lists. Rendered per request; answers are
 * cached by browsers and shared caches for 5 minutes since market data moves slowly; errors are
 * never cached.
 */
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { loadVehicle } from '@/server/page-data/vehicle-context';
import { marketDataFromEnv } from '@/services/market/market-data';
import { pluginRefusal } from '@/server/http/plugin-access';

export const dynamic = 'force-dynamic';

const problem = (status: number, message: string) =>
  Response.json({ error: message }, { status, headers: { 'cache-control': 'no-store' } });

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const tenant = getTenant((await headers()).get(TENANT_HEADER) ?? '');
  if (!tenant) return problem(404, 'Unknown site');
  const { slug } = await params;
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return problem(400, 'Malformed car slug');
  const vehicle = await loadVehicle(tenant, slug, new Date());
  if (!vehicle) return problem(404, 'No such car on this site');
  if (vehicle.car.car_type !== 'used') return problem(404, 'No market data for new or demo cars');
  // The tenant's plugin settings (conversion §6): off, everyone, or signed-in shoppers only.
  const refused = await pluginRefusal(tenant, 'autogauge', vehicle.car.car_type, request.headers);
  if (refused) return problem(refused.status, refused.error);
  try {
    const gauge = await marketDataFromEnv().autoGauge(vehicle.car, tenant.locale.currency);
    // An answer for signed-in shoppers only is never kept by shared caches.
    const cache = tenant.plugins.autogauge === 'signedIn' ? 'private, max-age=300' : 'public, max-age=300';
    return Response.json(gauge, { headers: { 'cache-control': cache, vary: 'cookie' } });
  } catch (error) {
    console.error('Market data lookup failed', error);
    return problem(502, 'Market data is unavailable');
  }
}
