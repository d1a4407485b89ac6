/**
 * GET /api/similar-cars?slug=<car slug>: the tenant's similar cars (catalogue §9) as card data.
 * The tenant comes from the proxy's header, never from the request; the car must be one this
 * tenant lists (the vehicle page's own check: its dealerships, listing rule and sold window).
 * Cached briefly by browsers, since stock changes slowly.
 */
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { loadVehicle } from '@/server/page-data/vehicle-context';
import { getSearchService } from '@/services/search';
import { toCardCar } from '@/components/StockCard/card-settings';

export const dynamic = 'force-dynamic';

const problem = (status: number, message: string) =>
  Response.json({ error: message }, { status, headers: { 'cache-control': 'no-store' } });

export async function GET(request: Request) {
  const tenant = getTenant((await headers()).get(TENANT_HEADER) ?? '');
  if (!tenant) return problem(404, 'Unknown site');
  const slug = new URL(request.url).searchParams.get('slug');
  if (!slug || !/^[a-z0-9-]{1,200}$/.test(slug)) return problem(400, 'Give the car as ?slug=<car slug>');
  const now = new Date();
  const vehicle = await loadVehicle(tenant, slug, now);
  if (!vehicle) return problem(404, 'No such car on this site');
  const cars = await (await getSearchService()).similar(tenant, vehicle.car, now);
  return Response.json({ cars: cars.map(toCardCar) }, { headers: { 'cache-control': 'public, max-age=60' } });
}
