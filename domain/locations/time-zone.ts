/**
 * The time zone of a location whose feed record names none (issue 18): derived from its state or
 * region. Opening hours, special hours and dates given as date-times are read in it.
 *
 * Australia: NSW and ACT keep Sydney time, VIC Melbourne, TAS Hobart (all three the same offsets
 * and daylight saving), QLD Brisbane (no daylight saving), SA Adelaide, NT Darwin, WA Perth.
 * Every New Zealand region code is Pacific/Auckland (the Chatham Islands, with their own zone,
 * have no region code of their own in the feed).
 */
const AUSTRALIAN_ZONES: Readonly<Record<string, string>> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};

const NEW_ZEALAND_REGIONS = new Set([
  'NTL',
  'AUK',
  'WKO',
  'BOP',
  'GIS',
  'HKB',
  'TKI',
  'MWT',
  'WGN',
  'NSN',
  'MBH',
  'WTC',
  'CAN',
  'OTA',
  'STL',
  'CIT',
]);

/** The IANA zone of a state or region code, or undefined for a code that is neither. */
export function timeZoneOfState(state: string | null | undefined): string | undefined {
  if (!state) return undefined;
  const code = state.trim().toUpperCase();
  if (code === 'NZ' || NEW_ZEALAND_REGIONS.has(code)) return 'Pacific/Auckland';
  return AUSTRALIAN_ZONES[code];
}

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** One formatter per zone: making one is far slower than using it, and a feed has thousands of dates. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(zone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(zone, format);
  }
  return format;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The calendar date, YYYY-MM-DD, at `zone` of an ISO 8601 date-time with an offset
 * ('2027-06-11T16:33:44.000Z' is 12 June in Sydney). Undefined when `text` is not such a
 * date-time: a date-time without an offset names no instant, so it is not guessed at.
 */
export function dateInZone(text: string, zone: string): string | undefined {
  if (!ISO_DATE_TIME.test(text)) return undefined;
  const instant = new Date(text.replace(' ', 'T'));
  if (Number.isNaN(instant.getTime())) return undefined;
  const parts = dateFormat(zone)
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
