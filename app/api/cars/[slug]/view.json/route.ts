/**
 * GET /api/cars/{slug}/view.json?photos_count&updated_at&website_id (catalogue §7): counts one view
 * of a car this site lists and answers { views, car_fields }. Never cached: every call is a view.
 */
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { loadVehicle } from '@/blocks/vehicle-context';
import { getStockRepository } from '@/services/stock';

export const dynamic = 'force-dynamic';

const answer = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const tenant = getTenant((await headers()).get(TENANT_HEADER) ?? '');
  const { slug } = await params;
  if (!tenant) return answer(404, { error: 'Unknown site' });
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return answer(400, { error: 'Malformed car slug' });
  const vehicle = await loadVehicle(tenant, slug, new Date());
  if (!vehicle) return answer(404, { error: 'No such car on this site' });
  const views = await (await getStockRepository()).countView(vehicle.car.id, new Date());
  const { car } = vehicle;
  return answer(200, { views, car_fields: { id: car.id, slug: car.slug, status: car.status, price: car.price, photos_count: car.images?.length ?? 0 } });
}
