/**
 * The anchor of the vehicle page's enquiry form (the block id in pages-json): Enquire buttons on a
 * vehicle page lead there, so the enquiry carries the car (conversion §3 Enquiry form defaults).
 */
export const VEHICLE_ENQUIRY_ANCHOR = '#enquire';

/**
 * Fills {slug}, {id}, {stocknum} and {dealership_slug} in a tenant button's href from a car; a
 * whole-href {file} becomes the car's history-report address.
 */
export function fillCarLink(
  href: string,
  car: { slug: string; id: number; stocknum?: string; dealership_slug?: string; file?: unknown },
): string {
  if (href.trim() === '{file}') return typeof car.file === 'string' ? car.file : '';
  const values: Record<string, string> = {
    slug: car.slug,
    id: String(car.id),
    stocknum: car.stocknum ?? '',
    dealership_slug: car.dealership_slug ?? '',
  };
  return href.replace(/\{(slug|id|stocknum|dealership_slug)\}/g, (_, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
}
