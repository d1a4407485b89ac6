// spec: catalogue §5 delivery calculator messages.
export const DELIVERY_POSTCODE_REQUIRED = 'Please enter a postcode.';
export const DELIVERY_UNKNOWN_POSTCODE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

export interface DeliveryRegion {
  /** catalogue §3 Delivery quote: name (region) and price. */
  name: string;
  price: number;
  /** Postcodes and ranges, e.g. "2000-2249" or "2555". */
  postcodes: string[];
}

export type DeliveryQuote = { ok: true; name: string; price: number } | { ok: false; message: string };

function inRange(postcode: number, spec: string): boolean {
  const [from, to] = spec.split('-').map((part) => Number(part.trim()));
  if (from === undefined || Number.isNaN(from)) return false;
  return to === undefined ? postcode === from : !Number.isNaN(to) && postcode >= from && postcode <= to;
}

/** The delivery price for a postcode: the first region that lists it (tenant data). */
export function deliveryQuote(input: string, regions: readonly DeliveryRegion[]): DeliveryQuote {
  const postcode = input.trim();
  if (!postcode) return { ok: false, message: DELIVERY_POSTCODE_REQUIRED };
  if (!/^\d{4}$/.test(postcode)) return { ok: false, message: DELIVERY_UNKNOWN_POSTCODE };
  const region = regions.find((r) => r.postcodes.some((spec) => inRange(Number(postcode), spec)));
  return region
    ? { ok: true, name: region.name, price: region.price }
    : { ok: false, message: DELIVERY_UNKNOWN_POSTCODE };
}
