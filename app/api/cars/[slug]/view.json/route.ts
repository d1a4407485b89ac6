/**
 * GET /api/cars/{slug}/view.json?photos_count&updated_at&website_id (catalogue §7): counts a view
 * of a car this site lists and answers { views, car_fields }. One view per address per car is
 * counted in VIEW_WINDOW_MS (reloads and scripts do not inflate the count); the answer always
 * carries the total. Never cached.
 */
import { answer, apiCaller } from '@/server/http/api-request';
import { viewCounts } from '@/server/http/interaction-limits';
import { loadVehicle } from '@/server/page-data/vehicle-context';
import { getStockRepository } from '@/services/stock';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const caller = await apiCaller();
  const { slug } = await params;
  if (!caller) return answer(404, { error: 'Unknown site' });
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return answer(400, { error: 'Malformed car slug' });
  const now = new Date();
  const vehicle = await loadVehicle(caller.tenant, slug, now);
  if (!vehicle) return answer(404, { error: 'No such car on this site' });
  const { car } = vehicle;
  const stock = await getStockRepository();
  const views = (await viewCounts(caller.tenant.slug, caller.ip, car.id, now.getTime())) ? await stock.countView(car.id, now) : await stock.views(car.id);
  return answer(200, { views, car_fields: { id: car.id, slug: car.slug, status: car.status, price: car.price, photos_count: car.images?.length ?? 0 } });
}
