import { provenanceLabel } from '../../domain/forms/lead-extras';
import type { Lead, LeadCar } from './types';

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

const DEFAULT_TIME_ZONE = 'Australia/Sydney';

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

interface Row {
  label: string;
  value: string;
  /** The value is one URL per line; HTML turns the http(s) ones into links. */
  links?: boolean;
}

interface Section {
  heading: string;
  rows: Row[];
}

/** Control characters (other than tab and newline) can break mail headers and confuse clients. */
function clean(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
}

/** Words from a field name in any of the casings tenant forms use: snake, kebab, camel, spaced. */
export function fieldLabel(name: string): string {
  const known = KNOWN_LABELS.get(name);
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
  return String(value).trim();
}

function field(lead: Lead, name: string): string {
  return fieldText(name, lead.fields[name]);
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

const PRICE = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

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

function sections(lead: Lead, timeZone: string): Section[] {
  const result: Section[] = [];
  const nonEmpty = (rows: Row[]): Row[] => rows.filter((row) => row.value !== '');

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
    rows: names.map((name) => ({ label: fieldLabel(name), value: field(lead, name) || '—' })),
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
          value: car.price !== undefined && Number.isFinite(car.price) && car.price > 0 ? PRICE.format(car.price) : '',
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

function renderText(subject: string, parts: Section[]): string {
  const lines = [subject, ''];
  for (const section of parts) {
    lines.push(section.heading.toUpperCase());
    for (const row of section.rows) {
      const value = clean(row.value);
      if (value.includes('\n')) {
        lines.push(`${clean(row.label)}:`, ...value.split('\n').map((line) => `  ${line}`));
      } else {
        lines.push(`${clean(row.label)}: ${value}`);
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}

function escapeHtml(value: string): string {
  return clean(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only http(s) becomes a link: a `javascript:` or `data:` URL from the shopper must stay inert text. */
function linkHtml(line: string): string {
  let url: URL | undefined;
  try {
    url = new URL(line.trim());
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return escapeHtml(line);
  return `<a href="${escapeHtml(url.href)}">${escapeHtml(line)}</a>`;
}

function valueHtml(row: Row): string {
  const lines = clean(row.value).split('\n');
  return lines.map((line) => (row.links ? linkHtml(line) : escapeHtml(line))).join('<br>');
}

function renderHtml(subject: string, parts: Section[]): string {
  const cell = 'padding:6px 10px;border-bottom:1px solid #e2e2e2;vertical-align:top;text-align:left';
  const body: string[] = [];
  for (const section of parts) {
    body.push(
      `<tr><th colspan="2" style="padding:14px 10px 6px;text-align:left;font-size:15px;background:#f4f4f4">${escapeHtml(section.heading)}</th></tr>`,
    );
    for (const row of section.rows) {
      body.push(
        `<tr><th scope="row" style="${cell};white-space:nowrap;color:#555">${escapeHtml(row.label)}</th><td style="${cell}">${valueHtml(row)}</td></tr>`,
      );
    }
  }
  return [
    '<!DOCTYPE html>',
    '<html lang="en-AU">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#111">',
    `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(subject)}</h1>`,
    '<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;max-width:680px;width:100%">',
    ...body,
    '</table>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The notification the dealer's sales team receives for a lead: same content as text and HTML. */
export function leadEmail(lead: Lead, options: LeadEmailOptions = {}): LeadEmail {
  const subject = subjectFor(lead);
  const parts = sections(lead, options.timeZone ?? DEFAULT_TIME_ZONE);
  const email: LeadEmail = { subject, text: renderText(subject, parts), html: renderHtml(subject, parts) };
  const shopperEmail = field(lead, 'email');
  if (looksLikeEmail(shopperEmail)) email.replyTo = shopperEmail;
  return email;
}
