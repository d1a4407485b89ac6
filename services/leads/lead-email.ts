import { formatSlotStart } from '../../domain/appointments/slots';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, formatMoney } from '../../domain/format';
import { unsubscribedOptIn } from '../../domain/consent/marketing-consent';
import { provenanceLabel } from '../../domain/forms/lead-extras';
import { leadEmailHtml, type EmailRow, type EmailSection } from './lead-email-html';
import { LOCATION_FIELDS, type Lead, type LeadCar } from './types';

export interface LeadEmail {
  subject: string;
  text: string;
  html: string;
  /** The shopper's address, so the sales team can answer with one click; absent when it is not an e-mail. */
  replyTo?: string;
}

export interface LeadEmailOptions {
  /** The site's time zone; the sales team reads times as local. */
  timeZone?: string;
}

type FieldValue = Lead['fields'][string];

/** Labels for the fields every enquiry form shares (conversion §3 Stored user details). */
const KNOWN_FIELDS: ReadonlyArray<readonly [name: string, label: string]> = [
  ['name', 'First name'],
  ['last_name', 'Last name'],
  ['phone', 'Phone'],
  ['email', 'Email'],
  ['postcode', 'Postcode'],
  ['message', 'Message'],
  ['opt_in', 'Marketing opt-in'],
];
const KNOWN_LABELS: ReadonlyMap<string, string> = new Map(KNOWN_FIELDS);

/** Control characters (other than tab and newline) can break mail headers and confuse clients. */
function clean(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
}

/** Words from a field name in any of the casings tenant forms use: snake, kebab, camel, spaced. */
export function fieldLabel(name: string): string {
  const known = KNOWN_LABELS.get(name) ?? LOCATION_FIELDS.get(name);
  if (known) return known;
  // The website's own figures and what the shopper supplied are told apart (issue 14).
  const provenance = provenanceLabel(name, fieldLabel);
  if (provenance) return provenance;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

function yesNo(value: FieldValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = String(value).trim().toLowerCase();
  if (['true', 'on', 'yes', '1'].includes(text)) return 'yes';
  if (['false', 'off', 'no', '0', ''].includes(text)) return 'no';
  return String(value);
}

function fieldText(name: string, value: FieldValue | undefined): string {
  if (value === undefined) return '';
  if (name === 'opt_in') return yesNo(value);
  if (Array.isArray(value))
    return value
      .map((item) => item.trim())
      .filter(Boolean)
      .join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  // A booked test-drive time (issue 20) reads in the location's local time, not as ISO text.
  if (typeof value === 'string') return formatSlotStart(value) ?? value.trim();
  return String(value).trim();
}

function field(lead: Lead, name: string): string {
  const text = fieldText(name, lead.fields[name]);
  // A location is named: the sales team knows 'Hobart', not location 17. An id the site no longer
  // has stays as it was sent.
  if (LOCATION_FIELDS.has(name) && text) return lead.locations?.find((l) => String(l.id) === text)?.name ?? text;
  return text;
}

function shopperName(lead: Lead): string {
  return [field(lead, 'name'), field(lead, 'last_name')].filter(Boolean).join(' ');
}

function carTitle(car: LeadCar): string {
  return [car.year === undefined ? '' : String(car.year), car.make, car.model].filter(Boolean).join(' ');
}

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(?:\.[^\s@<>()[\]\\,;:".]+)+$/;

function looksLikeEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/**
 * When the lead came in, for the sales team: 'Sunday 22 November 2026 at 11:00 am AEDT'. Not
 * domain/format's formatDateTime ('22 Nov 2026, 11:00 am'): a notification read later, perhaps
 * forwarded, names the weekday and the zone so the time cannot be misread.
 */
function receivedAt(createdAt: string, timeZone: string): string {
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime())) return createdAt;
  return new Intl.DateTimeFormat('en-AU', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}

function subjectFor(lead: Lead): string {
  const who = shopperName(lead) || field(lead, 'email') || field(lead, 'phone') || 'a website visitor';
  let subject = `New ${lead.category.trim() || 'enquiry'} from ${who}`;
  if (lead.car) {
    subject += ` — ${carTitle(lead.car)}`;
    if (lead.car.stocknum) subject += ` (${lead.car.stocknum})`;
  }
  // A subject is one header line; a newline typed by the shopper must not start another header.
  return clean(subject).replace(/\s+/g, ' ').trim();
}

function sections(lead: Lead, timeZone: string): EmailSection[] {
  const result: EmailSection[] = [];
  const nonEmpty = (rows: EmailRow[]): EmailRow[] => rows.filter((row) => row.value !== '');

  result.push({
    heading: 'Enquiry',
    rows: nonEmpty([
      { label: 'Category', value: lead.category },
      { label: 'Subcategory', value: lead.subcategory ?? '' },
      { label: 'Received', value: receivedAt(lead.createdAt, timeZone) },
      { label: 'Form', value: lead.form },
      { label: 'Additional services', value: lead.additionalServices.join(', ') },
    ]),
  });

  // Known fields first in a fixed order so every e-mail reads the same; the rest as the form sent them.
  const names = [
    ...KNOWN_FIELDS.map(([name]) => name).filter((name) => name in lead.fields),
    ...Object.keys(lead.fields).filter((name) => !KNOWN_LABELS.has(name)),
  ];
  result.push({
    heading: 'Customer',
    rows: names.map((name) => ({
      label: fieldLabel(name),
      value:
        name === 'opt_in' && lead.marketingUnsubscribedAt
          ? unsubscribedOptIn(lead.marketingUnsubscribedAt, timeZone)
          : field(lead, name) || '—',
    })),
  });

  const { car } = lead;
  if (car) {
    result.push({
      heading: 'Vehicle',
      rows: nonEmpty([
        { label: 'Vehicle', value: [carTitle(car), car.badge ?? ''].filter(Boolean).join(' ') },
        { label: 'Stock number', value: car.stocknum ?? '' },
        { label: 'VIN', value: car.vin ?? '' },
        { label: 'Condition', value: car.car_type ? car.car_type.charAt(0).toUpperCase() + car.car_type.slice(1) : '' },
        {
          label: 'Price',
          // Written as the site writes it (domain/format): $29,990 on an NZD site too, so prices agree everywhere.
          value:
            car.price !== undefined && Number.isFinite(car.price) && car.price > 0
              ? formatMoney(car.price, lead.currency ?? DEFAULT_CURRENCY)
              : '',
        },
        { label: 'Vehicle page', value: car.url ?? '', links: true },
      ]),
    });
  }

  const { dealership } = lead;
  if (dealership) {
    result.push({
      heading: 'Dealership',
      rows: nonEmpty([
        { label: 'Name', value: dealership.name },
        { label: 'Phone', value: dealership.phone ?? '' },
        { label: 'Email', value: dealership.email ?? '' },
      ]),
    });
  }

  result.push({
    heading: 'Where it came from',
    rows: nonEmpty([
      { label: 'Sent from page', value: lead.url, links: true },
      { label: 'Visited pages', value: lead.visitedPages.join('\n'), links: true },
      { label: 'Website', value: `${lead.siteName} (${lead.tenant})` },
      // For the dealer's marketing e-mails to this shopper: only this link unsubscribes them (issue 30 L7).
      { label: 'Unsubscribe link for this address', value: lead.unsubscribe?.page ?? '', links: true },
      { label: 'Browser', value: lead.userAgent ?? '' },
      { label: 'Lead ID', value: String(lead.id) },
    ]),
  });

  const campaign = Object.entries(lead.linkedQueryParams);
  if (campaign.length > 0) {
    // Parameter names (utm_source, gclid) are what marketing tools use, so they are not reworded.
    result.push({ heading: 'Campaign', rows: campaign.map(([name, value]) => ({ label: name, value: value || '—' })) });
  }
  return result;
}

/** Every text the e-mail shows, without control characters; both parts are written from this. */
function cleanSections(parts: EmailSection[]): EmailSection[] {
  return parts.map((section) => ({
    heading: clean(section.heading),
    rows: section.rows.map((row) => ({ ...row, label: clean(row.label), value: clean(row.value) })),
  }));
}

function renderText(subject: string, parts: EmailSection[]): string {
  const lines = [subject, ''];
  for (const section of parts) {
    lines.push(section.heading.toUpperCase());
    for (const row of section.rows) {
      if (row.value.includes('\n')) {
        lines.push(`${row.label}:`, ...row.value.split('\n').map((line) => `  ${line}`));
      } else {
        lines.push(`${row.label}: ${row.value}`);
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * The notification the dealer's sales team receives for a lead: same content as text and as HTML
 * (rendered by React from lead-email-html.tsx), prices in the lead's site's currency.
 */
export function leadEmail(lead: Lead, options: LeadEmailOptions = {}): LeadEmail {
  const subject = subjectFor(lead);
  const parts = cleanSections(sections(lead, options.timeZone ?? DEFAULT_TIME_ZONE));
  const email: LeadEmail = { subject, text: renderText(subject, parts), html: leadEmailHtml(subject, parts) };
  const shopperEmail = field(lead, 'email');
  if (looksLikeEmail(shopperEmail)) email.replyTo = shopperEmail;
  return email;
}
