/**
 * The one line a collapsed list item shows in the Studio's editor (issue 32): what a site editor
 * would call the item, never "[object Object]", raw JSON or a schema's type name. A menu link reads
 * "Special offers → /special-offers", an offer "Summer Drive-Away · 1 Dec – 31 Jan", a form field
 * "Phone · phone number, required"; an item with nothing to name it by is "Menu item 3".
 *
 * Dates are en-AU short dates ("1 Dec"). The year is left out only where it cannot be mistaken:
 * a date in the current year, or a range that starts in the current year and ends in it or early
 * in the next (an end earlier in the calendar than its start, so "1 Dec – 31 Jan" can only mean
 * the coming January). Any other range shows its year: once at the end when both dates share it
 * ("1 Mar – 30 Jun 2027"), on both dates when they do not ("1 Dec 2025 – 31 Jan 2027").
 *
 * Pure: the list templates (studio/editor/widgets) call it with the item's data.
 */

type Json = Record<string, unknown>;

/** Longest text taken from a single property before it is cut with an ellipsis. */
const MAX_PART = 80;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A property's text, trimmed and cut to a line; undefined when it is not a non-empty string. */
function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = value.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  return line.length > MAX_PART ? `${line.slice(0, MAX_PART - 1).trimEnd()}…` : line;
}

/** A property's text or number, as text. */
function textOrNumber(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return text(value);
}

/** The properties an item is named by, in order of preference. */
const NAME_KEYS = ['label', 'title', 'name', 'heading', 'question', 'text'] as const;

const capitalise = (words: string) => (words ? words.charAt(0).toUpperCase() + words.slice(1) : words);

/**
 * What one item of a list is called, lower case unless it starts with an acronym: the item
 * schema's title ("Button" → "button"; a type name such as "MenuItem" → "menu item"), else the
 * list's title made singular when it is a plain plural ("Special offers" → "special offer",
 * "Web addresses" → "web address"), else "item".
 */
export function itemNoun(itemTitle: string | undefined, listTitle: string | undefined): string {
  const own = itemTitle?.trim();
  if (own) return lowerFirst(splitTypeName(own));
  const list = listTitle?.trim();
  if (list) {
    const singular = singularOf(list);
    if (singular) return lowerFirst(singular);
  }
  return 'item';
}

/** "MenuItem" → "Menu item"; anything with a space or not in PascalCase is left as it is. */
function splitTypeName(title: string): string {
  if (!/^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/.test(title)) return title;
  const words = title.split(/(?=[A-Z])/);
  return [words[0], ...words.slice(1).map((w) => w.toLowerCase())].join(' ');
}

/** Lower-cases the first letter, unless the first word is an acronym ("CRM destinations"). */
function lowerFirst(words: string): string {
  const first = words.split(/[\s-]/)[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return words;
  return words.charAt(0).toLowerCase() + words.slice(1);
}

/** Words after which a title is not a plain plural noun ("Makes without estimates", "Any of"). */
const NOT_A_NOUN = new Set(['of', 'for', 'by', 'per', 'to', 'in', 'from', 'with', 'without', 'shown', 'several']);

/** "Special offers" → "Special offer"; undefined when the title is not a plain plural. */
function singularOf(title: string): string | undefined {
  const words = title.split(/\s+/);
  if (words.some((w) => NOT_A_NOUN.has(w.toLowerCase()))) return undefined;
  const last = words.at(-1) ?? '';
  let singular: string | undefined;
  if (/[^aeiou]ies$/i.test(last)) singular = `${last.slice(0, -3)}y`;
  else if (/(?:ss|x|ch|sh)es$/i.test(last)) singular = last.slice(0, -2);
  else if (/[^su]s$/i.test(last)) singular = last.slice(0, -1);
  if (!singular) return undefined;
  return [...words.slice(0, -1), singular].join(' ');
}

/** The item's name for buttons and messages ("Move “Special offers” up"): its label, title… else "Menu item 3". */
export function itemName(data: unknown, noun: string, index: number): string {
  if (typeof data === 'string' || typeof data === 'number') {
    const own = textOrNumber(data);
    if (own) return own;
  }
  if (isRecord(data)) {
    for (const key of NAME_KEYS) {
      const own = text(data[key]);
      if (own) return own;
    }
    const special = specialName(data);
    if (special) return special;
  }
  return `${capitalise(noun)} ${index + 1}`;
}

/** Names of the records that have none of the usual name properties. */
function specialName(data: Json): string | undefined {
  if (typeof data.locationId === 'number' || typeof data.locationId === 'string')
    return `Location ${String(data.locationId)}`;
  if (typeof data.field === 'string' && text(data.field)) return conditionText(data);
  const destination = destinationText(data);
  if (destination) return destination;
  const lender = text(data.financeProvider);
  if (lender) return lender;
  return text(data.alt);
}

/** The words for each form field type (form.schema.json, field.type). */
const FIELD_TYPE_WORDS: Readonly<Record<string, string>> = {
  text: 'text',
  email: 'e-mail address',
  tel: 'phone number',
  textarea: 'long text',
  select: 'drop-down list',
  checkbox: 'tick box',
  checkboxes: 'tick boxes',
  datetime: 'date and time',
  appointment: 'test-drive time',
  date: 'date',
  number: 'number',
  postcode: 'postcode',
  hidden: 'hidden field',
};

/** A form field: "Phone · phone number, required". */
function formFieldSummary(data: Json): string | undefined {
  const type = typeof data.type === 'string' ? FIELD_TYPE_WORDS[data.type] : undefined;
  if (!type) return undefined;
  const name = text(data.label) ?? text(data.name);
  if (!name) return undefined;
  return `${name} · ${type}${data.required === true ? ', required' : ''}`;
}

/** Where leads go (form.schema.json, destination): "E-mail to sales@example.com.au". */
function destinationText(data: Json): string | undefined {
  const to = Array.isArray(data.to) ? data.to.map(text).filter((t): t is string => !!t) : [];
  const url = text(data.url);
  const where = to.length ? to.join(', ') : url;
  switch (data.type) {
    case 'email':
      return where ? `E-mail to ${where}` : 'E-mail';
    case 'webhook':
      return where ? `Web address ${where}` : 'Web address (webhook)';
    case 'adf':
      return where ? `Dealer CRM (ADF/XML) at ${where}` : 'Dealer CRM (ADF/XML)';
    default:
      return undefined;
  }
}

/** The words for a filter's test (filter.schema.json, condition). */
const CONDITION_WORDS: readonly (readonly [string, string])[] = [
  ['eq', 'is'],
  ['in', 'is one of'],
  ['gt', 'more than'],
  ['gte', 'at least'],
  ['lt', 'less than'],
  ['lte', 'at most'],
];

/** A stock filter's condition: "make is Mazda", "price at most 50000". */
function conditionText(data: Json): string {
  const field = text(data.field) ?? 'field';
  if (typeof data.exists === 'boolean') return `${field} ${data.exists ? 'has a value' : 'has no value'}`;
  for (const [key, words] of CONDITION_WORDS) {
    const value = data[key];
    if (Array.isArray(value)) {
      const values = value.map(scalarText).filter((v): v is string => !!v);
      if (values.length) return `${field} ${words} ${values.join(', ')}`;
    }
    const one = scalarText(value);
    if (one) return `${field} ${words} ${one}`;
  }
  return field;
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return textOrNumber(value);
}

/** A finance lender's record (feed.schema.json, lenderRecord): "Acme Finance · 7.99% p.a. over 5 years". */
function lenderSummary(data: Json): string | undefined {
  const rate = typeof data.interestRate === 'number' ? data.interestRate : undefined;
  const provider = text(data.financeProvider);
  if (rate === undefined && !provider) return undefined;
  const parts: string[] = [];
  if (rate !== undefined) parts.push(`${rate}% p.a.`);
  const years = typeof data.termYears === 'number' ? data.termYears : undefined;
  const months = typeof data.termMonths === 'number' ? data.termMonths : undefined;
  if (years !== undefined) parts.push(`over ${years} ${years === 1 ? 'year' : 'years'}`);
  else if (months !== undefined) parts.push(`over ${months} ${months === 1 ? 'month' : 'months'}`);
  const terms = parts.join(' ');
  return [provider, terms].filter(Boolean).join(' · ');
}

/* Dates. */

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A YYYY-MM-DD date (the schemas' `format: date`), or undefined for anything else. */
function parseDate(value: unknown): CalendarDate | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return undefined;
  return { year, month, day };
}

const DAY_MONTH = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function formatDate(date: CalendarDate, withYear: boolean): string {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return (withYear ? DAY_MONTH_YEAR : DAY_MONTH).format(at);
}

/** A date or a range in words: "1 Dec – 31 Jan", "from 1 Dec", "until 31 Jan 2027". Raw text when not a date. */
export function dateRangeText(start: unknown, end: unknown, today: Date = new Date()): string | undefined {
  const year = today.getFullYear();
  const from = parseDate(start);
  const to = parseDate(end);
  if (from && to) {
    const endsInCalendarBefore = to.month * 100 + to.day < from.month * 100 + from.day;
    const sameYear = from.year === to.year;
    const unmistakable = from.year === year && (to.year === year || (to.year === year + 1 && endsInCalendarBefore));
    if (unmistakable) return `${formatDate(from, false)} – ${formatDate(to, false)}`;
    if (sameYear) return `${formatDate(from, false)} – ${formatDate(to, true)}`;
    return `${formatDate(from, true)} – ${formatDate(to, true)}`;
  }
  if (from) return `from ${formatDate(from, from.year !== year)}`;
  if (to) return `until ${formatDate(to, to.year !== year)}`;
  // Not (yet) a date, e.g. while it is typed: shown as written rather than dropped.
  const rawStart = text(start);
  const rawEnd = text(end);
  if (rawStart && rawEnd) return `${rawStart} – ${rawEnd}`;
  if (rawStart) return `from ${rawStart}`;
  if (rawEnd) return `until ${rawEnd}`;
  return undefined;
}

/** How many of something: "3 links". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The item's one-line summary. `noun` is what an item of the list is called (itemNoun), used for
 * the fallback "Menu item 3"; `today` decides which dates need their year.
 */
export function itemSummary(data: unknown, noun: string, index: number, today: Date = new Date()): string {
  const fallback = `${capitalise(noun)} ${index + 1}`;
  if (typeof data === 'boolean') return data ? 'Yes' : 'No';
  if (!isRecord(data)) return itemName(data, noun, index);

  const field = formFieldSummary(data);
  if (field) return field;
  const destination = destinationText(data);
  if (destination) return destination;
  if (typeof data.field === 'string' && text(data.field)) return conditionText(data);

  const name = itemName(data, noun, index);
  const named = name !== fallback;
  const parts: string[] = [];

  // A button: its label (a button's link is one of its settings, not what it is called).
  const isButton = noun === 'button' || typeof data.style === 'string' || typeof data.cta === 'string';
  const label = text(data.label);
  const href = text(data.href) ?? text(data.url);

  if (label && !isButton && typeof data.value === 'string' && !href) {
    // A choice ("Sedan", saved as sedan) or a figure ("50+ Locations").
    const value = text(data.value);
    return value && value !== label ? `${label} (${value})` : label;
  }
  if (!text(data.label) && !text(data.title) && !text(data.heading) && !text(data.name)) {
    const lender = lenderSummary(data);
    if (lender) return lender;
  }
  const linkName = label ?? (typeof data.locationId !== 'undefined' ? name : undefined);
  if (linkName && href && !isButton) parts.push(`${linkName} → ${href}`);
  else parts.push(named ? name : fallback);

  const dates = dateRangeText(data.start, data.expiry, today) ?? dateRangeText(data.date, undefined, today);
  if (dates)
    parts.push(data.date !== undefined && data.start === undefined && data.expiry === undefined ? on(dates) : dates);
  if (data.display === false) parts.push('hidden');

  if (Array.isArray(data.children) && data.children.length && !href)
    parts.push(count(data.children.length, 'drop-down link', 'drop-down links'));
  if (Array.isArray(data.links)) parts.push(count(data.links.length, 'link', 'links'));
  if (Array.isArray(data.fields) && !field) parts.push(count(data.fields.length, 'field', 'fields'));
  return parts.join(' · ');
}

/** A single date (a blog card's): "3 Mar" rather than "from 3 Mar". */
function on(dates: string): string {
  return dates.startsWith('from ') ? dates.slice('from '.length) : dates;
}
