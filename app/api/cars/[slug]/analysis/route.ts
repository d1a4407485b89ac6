/**
 * GET /api/cars/<slug>/analysis: the car analysis download (conversion §6 plugins), a one-page PDF
 * comparing the car's advertised price and odometer with the similar cars this site lists
 * (domain/car-analysis). Who may have it is the tenant's plugin setting (engine/plugin-access).
 * Worked out on every request from the live stock and never cached: prices change, and the
 * download may be for signed-in shoppers only.
 */
import { answer, apiCaller } from '@/server/http/api-request';
import { pdfDownload } from '@/server/http/pdf-download';
import { pluginRefusal } from '@/server/http/plugin-access';
import { reportAllowed, REPORT_LIMIT_MESSAGE } from '@/server/http/report-limits';
import { loadVehicle } from '@/server/page-data/vehicle-context';
import { siteOrigin } from '@/server/page-data/site-origin';
import { analyseCar, comparablesFilter, COMPARABLES_LIMIT } from '@/domain/car-analysis';
import { getSearchService } from '@/services/search';
import { renderCarAnalysisPdf } from '@/services/print/analysis-pdf';

export const dynamic = 'force-dynamic';

const SLUG = /^[a-z0-9-]{1,200}$/;

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const [caller, { slug }] = await Promise.all([apiCaller(), params]);
  if (!caller) return answer(404, { error: 'Unknown site' });
  if (!SLUG.test(slug)) return answer(400, { error: 'A car slug is lower-case letters, digits and hyphens' });
  const { tenant } = caller;
  if (!(await reportAllowed('analysis', tenant.slug, caller.ip))) return answer(429, { error: REPORT_LIMIT_MESSAGE });
  try {
    const now = new Date();
    const vehicle = await loadVehicle(tenant, slug, now);
    if (!vehicle) return answer(404, { error: 'No such car on this site' });
    const refusal = await pluginRefusal(tenant, 'carAnalysis', vehicle.car.car_type, request.headers);
    if (refusal) return answer(refusal.status, { error: refusal.error });
    // The newest COMPARABLES_LIMIT similar listings, always within this site's own scope.
    const search = await getSearchService();
    const similar = await search.search(
      tenant,
      { filter: comparablesFilter(vehicle.car), sort: 'latest', page: 1, hitsPerPage: COMPARABLES_LIMIT, facets: [] },
      now,
    );
    const analysis = analyseCar(vehicle.car, similar.hits, now, tenant.locale.timeZone);
    const pdf = await renderCarAnalysisPdf({
      car: vehicle.car,
      tenant,
      analysis,
      siteUrl: `${siteOrigin(tenant)}/cars/${slug}`,
      now,
    });
    // Private: the download may be for a signed-in shopper only.
    return pdfDownload(pdf, `${slug}-analysis.pdf`, 'private, no-store');
  } catch (error) {
    console.error(`Car analysis for ${slug} on ${tenant.slug} failed`, error);
    return answer(503, { error: 'The car analysis could not be prepared just now. Please try again shortly.' });
  }
}
