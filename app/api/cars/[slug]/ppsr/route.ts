/**
 * GET /api/cars/<slug>/ppsr: the car's PPSR certificate (conversion §6 plugins), fetched from the
 * PPSR provider by VIN and passed on as a PDF download. Who may have it is the tenant's plugin
 * setting (engine/plugin-access); without a provider (PPSR_URL) there are no reports, never a
 * made-up one. Never cached: the register's answer is for this shopper, at this moment.
 */
import { answer, apiCaller } from '@/server/http/api-request';
import { pdfDownload } from '@/server/http/pdf-download';
import { pluginRefusal } from '@/server/http/plugin-access';
import { reportAllowed, REPORT_LIMIT_MESSAGE } from '@/server/http/report-limits';
import { loadVehicle } from '@/server/page-data/vehicle-context';
import { cachedPpsrReport, getPpsrProvider } from '@/services/ppsr/ppsr-provider';
import type { ResolvedTenant } from '@/schemas/types.generated';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { error: 'Unknown site' });
  const { slug } = await params;
  if (!/^[a-z0-9-]{1,200}$/.test(slug))
    return answer(400, { error: 'A car slug is lower-case letters, digits and hyphens' });
  if (!(await reportAllowed('ppsr', caller.tenant.slug, caller.ip)))
    return answer(429, { error: REPORT_LIMIT_MESSAGE });
  try {
    return await ppsrDownload(request, caller.tenant, slug);
  } catch (error) {
    console.error(`PPSR download for ${slug} on ${caller.tenant.slug} failed`, error);
    return answer(503, { error: 'PPSR reports are not available on this site just now. Please try again shortly.' });
  }
}

/** The download once the site and slug are known; the register's own failures answer 502. */
async function ppsrDownload(request: Request, tenant: ResolvedTenant, slug: string): Promise<Response> {
  const vehicle = await loadVehicle(tenant, slug, new Date());
  if (!vehicle) return answer(404, { error: 'No such car on this site' });
  const refusal = await pluginRefusal(tenant, 'ppsr', vehicle.car.car_type, request.headers);
  if (refusal) return answer(refusal.status, { error: refusal.error });
  const provider = getPpsrProvider();
  if (!provider) return answer(404, { error: 'PPSR reports are not available on this site just now.' });
  const vin = vehicle.car.vin?.trim();
  if (!vin) return answer(422, { error: 'This car has no VIN, so there is no PPSR report for it.' });
  let pdf: Uint8Array;
  try {
    pdf = await cachedPpsrReport(tenant.slug, { vin, slug }, provider);
  } catch (error) {
    console.error(`PPSR report for ${slug} on ${tenant.slug} failed`, error);
    return answer(502, { error: 'The PPSR register could not be reached. Please try again later.' });
  }
  // Private: the certificate may be for a signed-in shopper only.
  return pdfDownload(pdf, `${slug}-ppsr.pdf`, 'private, no-store');
}
