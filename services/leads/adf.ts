import { TEST_DRIVE_EVENTS } from '../../domain/analytics-events';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, wallClock } from '../../domain/format';
import { unsubscribedOptIn } from '../../domain/consent/marketing-consent';
import { provenanceLabel } from '../../domain/forms/lead-extras';
import { LOCATION_FIELDS, type Lead, type LeadCar } from './types';

/**
 * ADF/XML (Auto-lead Data Format 1.0) for dealer CRMs. Many CRM importers match the prolog
 * byte for byte, so it is fixed text rather than something a serialiser decides.
 */
export const ADF_PROLOG = '<?xml version="1.0"?>\n<?adf version="1.0"?>\n';

export type AdfInterest = 'buy' | 'test-drive' | 'trade-in';

export interface AdfOptions {
  /** Zone the request date is written in; CRMs show the offset as local dealer time. */
  timeZone?: string;
}

type FieldValue = Lead['fields'][string];

/**
 * XML 1.0 §2.2 Char: anything else (C0 controls, lone surrogates, U+FFFE/U+FFFF) makes the
 * whole document unparseable, and a CRM then drops the lead, so such characters are removed.
 */
const ILLEGAL_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xmlText(value: string): string {
  return value
    .replace(ILLEGAL_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Attribute-value normalisation would turn raw tabs and newlines into spaces; references survive it. */
function xmlAttr(value: string): string {
  return xmlText(value).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

type Attrs = Record<string, string | undefined>;

function attrs(attributes: Attrs): string {
  return Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${xmlAttr(value)}"`)
    .join('');
}

/** One element per line; text content is written inline so whitespace in values is preserved. */
function leaf(depth: number, name: string, text: string, attributes: Attrs = {}): string {
  return `${'  '.repeat(depth)}<${name}${attrs(attributes)}>${xmlText(text)}</${name}>`;
}

function branch(depth: number, name: string, children: string[], attributes: Attrs = {}): string {
  const pad = '  '.repeat(depth);
  return [`${pad}<${name}${attrs(attributes)}>`, ...children, `${pad}</${name}>`].join('\n');
}

function fieldText(value: FieldValue | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map((item) => item.trim())
      .filter(Boolean)
      .join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).trim();
}

/** First non-empty field among several names, since tenant forms name the same thing differently. */
function field(lead: Lead, ...names: string[]): string {
  for (const name of names) {
    const text = fieldText(lead.fields[name]);
    if (text) return text;
  }
  return '';
}

export function adfInterest(lead: Pick<Lead, 'eventId' | 'form'>): AdfInterest {
  const form = lead.form.toLowerCase();
  if (TEST_DRIVE_EVENTS.has(lead.eventId) || form.includes('test-drive')) return 'test-drive';
  if (form.includes('trade-in')) return 'trade-in';
  return 'buy';
}

function vehicleStatus(carType: string | undefined): 'new' | 'used' | undefined {
  const type = carType?.trim().toLowerCase();
  if (type === 'new') return 'new';
  if (type === 'used' || type === 'demo') return 'used';
  return undefined;
}

/** ADF wants a plain decimal; `String` would give exponent notation for very large numbers. */
function priceText(price: number): string {
  return Number.isInteger(price) ? price.toFixed(0) : price.toFixed(2);
}

function carVehicle(lead: Lead, car: LeadCar): string {
  const depth = 2;
  const children = [leaf(depth + 1, 'id', String(car.id), { source: lead.siteName })];
  if (car.year !== undefined) children.push(leaf(depth + 1, 'year', String(car.year)));
  children.push(leaf(depth + 1, 'make', car.make), leaf(depth + 1, 'model', car.model));
  // ADF 1.0 DTD order: year, make, model, vin, stock, trim, ..., price, comments.
  if (car.vin) children.push(leaf(depth + 1, 'vin', car.vin));
  if (car.stocknum) children.push(leaf(depth + 1, 'stock', car.stocknum));
  if (car.badge) children.push(leaf(depth + 1, 'trim', car.badge));
  if (car.price !== undefined && Number.isFinite(car.price) && car.price > 0) {
    children.push(
      leaf(depth + 1, 'price', priceText(car.price), {
        type: 'asking',
        currency: lead.currency ?? DEFAULT_CURRENCY,
      }),
    );
  }
  // ADF has only new/used, so a demonstrator would otherwise read as an ordinary used car.
  const comments = [
    car.url ? `Vehicle page: ${car.url}` : '',
    car.car_type?.toLowerCase() === 'demo' ? 'Demonstrator' : '',
  ].filter(Boolean);
  if (comments.length > 0) children.push(leaf(depth + 1, 'comments', comments.join('\n')));
  return branch(depth, 'vehicle', children, { interest: adfInterest(lead), status: vehicleStatus(car.car_type) });
}

/** The shopper's own car on a trade-in form; only what they typed (rego, make, model...) is known. */
function tradeInVehicle(lead: Lead): string | undefined {
  const depth = 2;
  const year = field(lead, 'year', 'vehicle_year', 'Vehicle Year');
  const make = field(lead, 'make', 'vehicle_make', 'Vehicle Make');
  const model = field(lead, 'model', 'vehicle_model', 'Vehicle Model');
  const rego = field(lead, 'rego', 'registration');
  const regoState = field(lead, 'regoState', 'rego_state');
  const odometer = field(lead, 'odometer', 'kms', 'kilometres');
  const offer = Number(field(lead, 'offer_price'));
  if (!year && !make && !model && !rego) return undefined;
  const children: string[] = [];
  if (year) children.push(leaf(depth + 1, 'year', year));
  if (make) children.push(leaf(depth + 1, 'make', make));
  if (model) children.push(leaf(depth + 1, 'model', model));
  if (odometer) children.push(leaf(depth + 1, 'odometer', odometer, { units: 'km' }));
  if (Number.isFinite(offer) && offer > 0) {
    children.push(
      leaf(depth + 1, 'price', priceText(offer), {
        type: 'appraisal',
        currency: lead.currency ?? DEFAULT_CURRENCY,
      }),
    );
  }
  if (rego) children.push(leaf(depth + 1, 'comments', `Rego: ${rego}${regoState ? ` (${regoState})` : ''}`));
  return branch(depth, 'vehicle', children, { interest: 'trade-in', status: 'used' });
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** ISO 8601 local time with its UTC offset, which is how ADF examples write requestdate. */
function isoWithOffset(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  // The offset is how far the wall clock is ahead of UTC, both to the whole second.
  const local = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const offset = Math.round((local - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset);
  return `${clock.date}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function requestDate(createdAt: string, timeZone: string): string {
  const instant = new Date(createdAt);
  // A bad timestamp should not cost the dealer the lead; pass it through for a human to read.
  return Number.isNaN(instant.getTime()) ? createdAt : isoWithOffset(instant, timeZone);
}

const CONTACT_FIELDS = new Set(['name', 'first_name', 'last_name', 'email', 'phone', 'postcode', 'message', 'opt_in']);

function customer(lead: Lead, timeZone: string): string {
  const depth = 2;
  const first = field(lead, 'name', 'first_name');
  const last = field(lead, 'last_name');
  const email = field(lead, 'email');
  const phone = field(lead, 'phone');
  const postcode = field(lead, 'postcode');
  const names: string[] = [];
  if (first) names.push(leaf(depth + 2, 'name', first, { part: 'first' }));
  if (last) names.push(leaf(depth + 2, 'name', last, { part: 'last' }));
  // ADF requires a name; with one part (or none) the full name is what a CRM can still show.
  if (!first || !last) names.push(leaf(depth + 2, 'name', first || last, { part: 'full' }));
  const contact = [...names];
  if (email) contact.push(leaf(depth + 2, 'email', email));
  if (phone) contact.push(leaf(depth + 2, 'phone', phone, { type: 'voice' }));
  if (postcode) {
    contact.push(
      branch(depth + 2, 'address', [leaf(depth + 3, 'postalcode', postcode), leaf(depth + 3, 'country', 'AU')]),
    );
  }
  const children = [branch(depth + 1, 'contact', contact)];
  const comments = customerComments(lead, timeZone);
  if (comments) children.push(leaf(depth + 1, 'comments', comments));
  return branch(depth, 'customer', children);
}

/** CRMs show customer comments to the salesperson, so context that has no ADF element goes here too. */
function customerComments(lead: Lead, timeZone: string): string {
  const lines: string[] = [];
  const message = field(lead, 'message');
  if (message) lines.push(message);
  const context: string[] = [];
  const enquiry = [lead.category, lead.subcategory].filter((part): part is string => Boolean(part?.trim())).join(' / ');
  if (enquiry) context.push(`Enquiry: ${enquiry}`);
  if (lead.additionalServices.length > 0) context.push(`Additional services: ${lead.additionalServices.join(', ')}`);
  const optIn = lead.marketingUnsubscribedAt
    ? unsubscribedOptIn(lead.marketingUnsubscribedAt, timeZone)
    : fieldText(lead.fields.opt_in);
  if (optIn) context.push(`Marketing opt-in: ${optIn}`);
  for (const [name, value] of Object.entries(lead.fields)) {
    const text = fieldText(value);
    if (CONTACT_FIELDS.has(name) || !text) continue;
    // A location by its name for the salesperson, its id kept beside it for whatever reads the line.
    const location = LOCATION_FIELDS.has(name) ? lead.locations?.find((l) => String(l.id) === text) : undefined;
    if (location) {
      context.push(`${LOCATION_FIELDS.get(name) ?? name}: ${location.name} (${name} ${text})`);
      continue;
    }
    // The website's own figures and what the shopper supplied are told apart (issue 14).
    context.push(
      `${provenanceLabel(name, (plain) => plain.charAt(0).toUpperCase() + plain.slice(1)) ?? name}: ${text}`,
    );
  }
  context.push(`Sent from: ${lead.url}`);
  if (lines.length > 0) lines.push('');
  return [...lines, ...context].join('\n');
}

function vendor(lead: Lead): string {
  const depth = 2;
  const name = lead.dealership?.name || lead.siteName;
  const contact = [leaf(depth + 2, 'name', name, { part: 'full' })];
  if (lead.dealership?.email) contact.push(leaf(depth + 2, 'email', lead.dealership.email));
  if (lead.dealership?.phone) contact.push(leaf(depth + 2, 'phone', lead.dealership.phone, { type: 'voice' }));
  const children: string[] = [];
  if (lead.dealership) children.push(leaf(depth + 1, 'id', lead.dealership.slug, { source: lead.siteName }));
  children.push(leaf(depth + 1, 'vendorname', name), branch(depth + 1, 'contact', contact));
  return branch(depth, 'vendor', children);
}

function provider(lead: Lead): string {
  const depth = 2;
  return branch(depth, 'provider', [
    leaf(depth + 1, 'name', lead.siteName, { part: 'full' }),
    leaf(depth + 1, 'service', 'Website'),
  ]);
}

/**
 * A lead as an ADF 1.0 document for e-mailing to a CRM. Never throws on missing shopper data:
 * a partial lead in the CRM is worth more than none.
 */
export function leadToAdf(lead: Lead, options: AdfOptions = {}): string {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const vehicle = lead.car
    ? carVehicle(lead, lead.car)
    : adfInterest(lead) === 'trade-in'
      ? tradeInVehicle(lead)
      : undefined;
  const prospect = [
    leaf(2, 'id', String(lead.id), { sequence: '1', source: lead.siteName }),
    leaf(2, 'requestdate', requestDate(lead.createdAt, timeZone)),
    ...(vehicle ? [vehicle] : []),
    customer(lead, timeZone),
    vendor(lead),
    provider(lead),
  ];
  return `${ADF_PROLOG}${branch(0, 'adf', [branch(1, 'prospect', prospect, { status: 'new' })])}\n`;
}
