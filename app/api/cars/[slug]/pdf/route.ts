/**
 * GET /api/cars/<slug>/pdf: the car's printable PDF, downloaded as <slug>.pdf (catalogue §7 'Print
 * PDF by car slug'). Rendered on every request with pdf-lib (tens of milliseconds) and not cached
 * (no-store): price and availability change, and a stale printout would quote an old price. The
 * tenant comes from the proxy's header, never from the request; only a car this site lists is
 * printed (404 otherwise, as the vehicle page).
 */
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { pdfDownload } from '@/server/http/pdf-download';
import { loadVehicle } from '@/server/page-data/vehicle-context';
import { siteOrigin } from '@/server/page-data/site-origin';
import { pdfImageFor, renderVehiclePdf } from '@/services/print/vehicle-pdf';
import { printPhone } from '@/services/print/price-text';

export const dynamic = 'force-dynamic';

const SLUG = /^[a-z0-9-]{1,200}$/;

const problem = (status: number, message: string) =>
  Response.json({ error: message }, { status, headers: { 'cache-control': 'no-store' } });

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const tenant = getTenant((await headers()).get(TENANT_HEADER) ?? '');
  if (!tenant) return problem(404, 'Unknown site');
  const { slug } = await params;
  if (!SLUG.test(slug)) return problem(400, 'A car slug is lower-case letters, digits and hyphens');
  const vehicle = await loadVehicle(tenant, slug, new Date());
  if (!vehicle) return problem(404, 'No such car on this site');
  const { car, location } = vehicle;
  const pdf = await renderVehiclePdf({
    car,
    tenant,
    siteUrl: `${siteOrigin(tenant)}/cars/${slug}`,
    image: await pdfImageFor(car),
    phone: printPhone(car, tenant, location?.contact_detail?.phone),
  });
  return pdfDownload(pdf, `${slug}.pdf`, 'no-store');
}
