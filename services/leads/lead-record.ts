import { parseRowId } from '../../domain/ids';
import { shownPrice } from '../../domain/price-display';
import { unsubscribedAt } from '../consent';
import type { PlatformDb } from '../db/database';
import type { StockRepository } from '../stock';
import type { FormValue } from '../../domain/forms/compile-form';
import { LOCATION_FIELDS, type Lead } from './types';

/** What a lead needs to know about the site it came from. */
export interface LeadSite {
  name: string;
  /** Public origin for car page links. */
  origin: string;
  dealershipIds: readonly number[];
  phone?: string;
  email?: string;
  /** ISO 4217 code the site's prices are in (tenant.locale.currency); AUD when absent. */
  currency?: string;
  /** The signed unsubscribe links of an address on this site (services/unsubscribe-token), when it can sign them. */
  unsubscribeLinks?: (email: string) => { page: string; oneClick: string } | undefined;
}

function parse<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const toText = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/** A stored lead in the shape the delivery formats take (ADF, e-mail, webhook). */
export async function loadLead(
  db: PlatformDb,
  stock: StockRepository,
  site: (tenant: string) => LeadSite | undefined,
  leadId: number,
): Promise<Lead | undefined> {
  const row = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst();
  if (!row) return undefined;
  const info = site(row.tenant);
  const fields = parse<Record<string, FormValue>>(row.fields, {});
  const extras = parse<Record<string, string>>(row.extras, {});
  const attributes = parse<{ visited_pages?: string[]; linked_query_params?: Record<string, string> }>(
    row.lead_attributes,
    {},
  );
  // Checked at delivery too: an address that unsubscribed after sending is reported as opted out.
  const unsubscribed = await unsubscribedAt(db, row.tenant, fields.email);
  if (unsubscribed) fields.opt_in = false;
  // The dealer's marketing e-mails to this address carry its signed links (issue 30 L7).
  const unsubscribe = typeof fields.email === 'string' ? info?.unsubscribeLinks?.(fields.email) : undefined;
  // The locations the lead names, by id: only this site's (another id stays an id).
  const locationIds = new Set(
    [row.location_id, ...[...LOCATION_FIELDS.keys()].map((name) => parseRowId(fields[name]))].filter(
      (id): id is number => typeof id === 'number',
    ),
  );
  const [[car], dealers, siteLocations] = await Promise.all([
    row.car_id ? stock.carsByIds([row.car_id]) : Promise.resolve([]),
    info ? stock.dealerships(info.dealershipIds) : Promise.resolve([]),
    info && locationIds.size > 0 ? stock.locations(info.dealershipIds) : Promise.resolve([]),
  ]);
  const locations = siteLocations.filter((l) => locationIds.has(l.id)).map((l) => ({ id: l.id, name: l.name }));
  const dealer =
    dealers.find((d) => d.id === (car?.dealership_id ?? row.car_dealership_id)) ??
    dealers.find((d) => d.slug === (row.dealership_slug ?? toText(fields.dealership_slug))) ??
    (dealers.length === 1 ? dealers[0] : undefined);
  return {
    id: row.id,
    tenant: row.tenant,
    siteName: info?.name ?? row.tenant,
    ...(info?.currency ? { currency: info.currency } : {}),
    form: row.form,
    eventId: row.event_id,
    category: row.category,
    ...(row.subcategory ? { subcategory: row.subcategory } : {}),
    fields: { ...extras, ...fields },
    additionalServices: parse<string[]>(row.additional_services, []),
    ...(car
      ? {
          car: {
            id: car.id,
            slug: car.slug,
            ...(car.stocknum ? { stocknum: car.stocknum } : {}),
            ...(car.vin ? { vin: car.vin } : {}),
            year: car.year,
            make: car.make,
            model: car.model,
            ...(car.badge ? { badge: car.badge } : {}),
            car_type: car.car_type,
            ...(shownPrice(car) > 0 ? { price: shownPrice(car) } : {}),
            ...(info ? { url: `${info.origin}/cars/${car.slug}` } : {}),
          },
        }
      : {}),
    ...(dealer
      ? {
          dealership: {
            id: dealer.id,
            slug: dealer.slug,
            name: dealer.name,
            ...(info?.phone ? { phone: info.phone } : {}),
            ...(info?.email ? { email: info.email } : {}),
          },
        }
      : {}),
    ...(row.location_id !== null ? { locationId: row.location_id } : {}),
    ...(locations.length > 0 ? { locations } : {}),
    url: row.url,
    source: 'Website',
    ...(row.user_agent ? { userAgent: row.user_agent } : {}),
    visitedPages: attributes.visited_pages ?? [],
    linkedQueryParams: attributes.linked_query_params ?? {},
    createdAt: row.created_at,
    ...(unsubscribed ? { marketingUnsubscribedAt: unsubscribed } : {}),
    ...(unsubscribe ? { unsubscribe } : {}),
  };
}

/** One text field of a stored lead's fields JSON ('' when absent or not text), for reports. */
export function leadFieldText(fields: string | null, name: string): string {
  if (!fields) return '';
  const value = parse<Record<string, unknown>>(fields, {})[name];
  return typeof value === 'string' ? value : '';
}
