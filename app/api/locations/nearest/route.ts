/**
 * GET /api/locations/nearest?postcode=2150: the site's locations nearest first (conversion §7 item 6,
 * §9: geocode the postcode, then haversine distance with Earth radius 6371 km). A postcode that
 * cannot be placed answers 400 with 'Invalid postcode' (conversion §8). Cached per postcode for a day.
 */
import { apiCaller } from '@/server/http/api-request';
import { distanceToLocation } from '@/domain/locations/distance';
import { INVALID_POSTCODE, InvalidPostcodeError, getGeocoder, locatePostcode } from '@/services/geocode';
import { getStockRepository } from '@/services/stock';

export const dynamic = 'force-dynamic';

const answer = (status: number, body: unknown, cacheable = false) =>
  Response.json(body, { status, headers: { 'cache-control': cacheable ? 'public, max-age=86400' : 'no-store' } });

export async function GET(request: Request) {
  const tenant = (await apiCaller())?.tenant;
  if (!tenant) return answer(404, { error: 'Unknown site' });
  const postcode = new URL(request.url).searchParams.get('postcode') ?? '';
  let from;
  try {
    from = await locatePostcode(getGeocoder(), postcode);
  } catch (error) {
    if (error instanceof InvalidPostcodeError) return answer(400, { error: INVALID_POSTCODE });
    console.error('Geocoding failed', error);
    return answer(503, {
      error: 'We cannot look up postcodes just now. Please try again shortly, or search the locations by name.',
    });
  }
  const locations = (await (await getStockRepository()).locations(tenant.dealerships)).filter(
    (l) => l.visible !== false,
  );
  const placed = locations
    .map((l) => ({ id: l.id, km: distanceToLocation(l, from) }))
    .filter((l): l is { id: number; km: number } => l.km !== undefined)
    .sort((a, b) => a.km - b.km)
    .map((l) => ({ id: l.id, km: Math.round(l.km * 10) / 10 }));
  return answer(200, { postcode, from, locations: placed }, true);
}
