/**
 * GET /api/cars/{slug}/view.json?photos_count&updated_at&website_id (catalogue §7): counts a view
 * of a car this site lists and answers { views, car_fields }. One view per address per car is
 * counted in VIEW_WINDOW_MS (reloads and scripts do not inflate the count); the answer always
 * carries the total. The query is checked first (domain/view-query): a malformed value answers 400
 * with a sentence and counts nothing. car_fields.updated_at is the car's stored last-update time and
 * car_fields.changed says whether it is later than the page's updated_at. Never cached.
 */
import { answer, apiCaller } from '@/server/http/api-request';
import { viewCounts } from '@/server/http/interaction-limits';
import { loadVehicle } from '@/server/page-data/vehicle-context';
import { getStockRepository } from '@/services/stock';
import { changedSincePage, parseViewQuery } from '@/domain/view-query';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const caller = await apiCaller();
  const { slug } = await params;
  if (!caller) return answer(404, { error: 'Unknown site' });
  if (!/^[a-z0-9-]{1,200}$/.test(slug)) return answer(400, { error: 'Malformed car slug' });
  const parsed = parseViewQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return answer(400, { error: parsed.error });
  const now = new Date();
  const vehicle = await loadVehicle(caller.tenant, slug, now);
  if (!vehicle) return answer(404, { error: 'No such car on this site' });
  const { car, updatedAt } = vehicle;
  const stock = await getStockRepository();
  const views = (await viewCounts(caller.tenant.slug, caller.ip, car.id, now.getTime()))
    ? await stock.countView(car.id, now)
    : await stock.views(car.id);
  return answer(200, {
    views,
    car_fields: {
      id: car.id,
      slug: car.slug,
      status: car.status,
      price: car.price,
      photos_count: car.images?.length ?? 0,
      updated_at: updatedAt ?? null,
      changed: changedSincePage(parsed.query.updatedAt, updatedAt),
    },
  });
}
