/**
 * A stored lead (conversion §3 Lead data) as the delivery side sees it: what the shopper sent,
 * where from, and the car it is about. The database row keeps fields and attributes as JSON.
 */
export interface LeadCar {
  id: number;
  slug: string;
  stocknum?: string;
  vin?: string;
  year?: number;
  make: string;
  model: string;
  badge?: string;
  car_type?: string;
  price?: number;
  /** Absolute address of the vehicle page. */
  url?: string;
}

export interface LeadDealership {
  id: number;
  slug: string;
  name: string;
  phone?: string;
  email?: string;
}

export interface LeadLocation {
  id: number;
  name: string;
}

/**
 * Form fields whose value is a location's id (the test drive's preferred location, catalogue §7;
 * the service centre of a service booking), with the words the dealer's e-mail shows for them.
 */
export const LOCATION_FIELDS: ReadonlyMap<string, string> = new Map([
  ['location_id', 'Location'],
  ['service_location_id', 'Service location'],
]);

export interface Lead {
  id: number;
  /** Tenant slug (the website the lead came from). */
  tenant: string;
  /** Site display name, used as ADF provider and e-mail subject. */
  siteName: string;
  /** ISO 4217 code of the site's prices (tenant.locale.currency: AUD or NZD); absent means AUD. */
  currency?: string;
  /** Form name in the tenant JSON, for example `used-car-enquiry`. */
  form: string;
  /** Analytics / enquiry event id: one of ANALYTICS_EVENTS' enquiry ids (conversion §7 item 12: 22 general, 14 new, 15 used, 17 test drive, 48 used test drive, 51 careers). */
  eventId: number;
  category: string;
  subcategory?: string;
  /** What the shopper typed, by field name (name, last_name, email, phone, postcode, message, ...). */
  fields: Record<string, string | number | boolean | string[]>;
  additionalServices: string[];
  car?: LeadCar;
  dealership?: LeadDealership;
  locationId?: number;
  /** The site's locations the lead's location fields (LOCATION_FIELDS) name, so people read names, not ids. */
  locations?: LeadLocation[];
  /** Page the form was sent from. */
  url: string;
  source: 'Website';
  userAgent?: string;
  visitedPages: string[];
  linkedQueryParams: Record<string, string>;
  /** ISO 8601 time the lead was stored. */
  createdAt: string;
  /**
   * When the shopper's address unsubscribed from the site's marketing (ISO 8601), if it has
   * (conversion §2.3 /pages/unsubscribe): fields.opt_in is then false, and the dealer is told since when.
   */
  marketingUnsubscribedAt?: string;
  /**
   * The signed unsubscribe links of the shopper's address on this site (issue 30 L7), for the
   * dealer's marketing e-mails to them: `page` for the e-mail's text, `oneClick` for its
   * List-Unsubscribe header (RFC 8058). An address is unsubscribed only through these.
   */
  unsubscribe?: { page: string; oneClick: string };
}
