/**
 * Sitemaps (sitemaps.org protocol 0.9) for a dealer site: pure text builders, the split into
 * parts of at most 50,000 addresses, and which origin the addresses are written on. No I/O: the
 * service (services/seo) reads the site's pages, locations, models and cars and streams these
 * strings out one part at a time.
 */
import { normaliseHost } from './host-name';

/** The protocol's limit: at most 50,000 addresses in one sitemap file (and 50 MB; a car's entry is ~150 bytes). */
export const SITEMAP_MAX_URLS = 50_000;

/** The sections of a site's sitemap, in the order the index lists them. */
export const SITEMAP_SECTIONS = ['pages', 'locations', 'models', 'stock'] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** One part of a section: `stock-2` holds cars 50,001 to 100,000. */
export interface SitemapPart {
  section: SitemapSection;
  /** 1-based. */
  part: number;
}

/**
 * Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF):
 * a feed's text with one of them would make the whole document unreadable, so they are dropped.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text safe inside an XML element or a quoted attribute: markup characters escaped, impossible characters dropped. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * A W3C date-time for <lastmod> (seconds, UTC), or undefined for a value that is not a date. The
 * database keeps ISO-8601 UTC text; anything unreadable is left out rather than guessed.
 */
export function lastmod(value: string | Date | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (!Number.isFinite(time)) return undefined;
  return new Date(Math.floor(time / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

export interface SitemapEntry {
  /** An absolute address. */
  loc: string;
  lastmod?: string;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The start of one sitemap file; entries follow, then URLSET_CLOSE. */
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
export const URLSET_CLOSE = '</urlset>\n';

function entryXml(tag: 'url' | 'sitemap', entry: SitemapEntry): string {
  const modified = entry.lastmod ? `<lastmod>${xmlText(entry.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${xmlText(entry.loc)}</loc>${modified}</${tag}>\n`;
}

/** One <url> of a sitemap file. */
export function urlXml(entry: SitemapEntry): string {
  return entryXml('url', entry);
}

/** The sitemap index: one <sitemap> per part. */
export function sitemapIndexXml(entries: readonly SitemapEntry[]): string {
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.map((e) => entryXml('sitemap', e)).join('')}</sitemapindex>\n`;
}

/** The parts `count` addresses of a section take at `size` per part; none for an empty section (the protocol wants at least one <url> per file). */
export function sectionParts(section: SitemapSection, count: number, size: number = SITEMAP_MAX_URLS): SitemapPart[] {
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError(`sitemap part size must be a positive integer, not ${size}`);
  const parts = count > 0 ? Math.ceil(count / size) : 0;
  return Array.from({ length: parts }, (_, i) => ({ section, part: i + 1 }));
}

/** The addresses of a part within its section: [offset, offset + limit). */
export function partRange(part: number, size: number = SITEMAP_MAX_URLS): { offset: number; limit: number } {
  return { offset: (part - 1) * size, limit: size };
}

/** The file name of a part under /sitemaps/: `stock-2.xml`. */
export function partFile({ section, part }: SitemapPart): string {
  return `${section}-${part}.xml`;
}

const PART_FILE = /^(pages|locations|models|stock)-([1-9][0-9]{0,6})\.xml$/;

/** `stock-2.xml` -> its part; anything else names no part (the route answers 404). */
export function parsePartFile(name: string): SitemapPart | undefined {
  const match = PART_FILE.exec(name);
  if (!match?.[1] || !match[2]) return undefined;
  return { section: match[1] as SitemapSection, part: Number(match[2]) };
}

/**
 * A page size for reading a part's cars that divides the part size, at most `most`, so each page
 * of a part is a whole page of the search (which pages by page number, not by offset).
 */
export function readPageSize(partSize: number, most = 1000): number {
  for (let size = Math.min(most, partSize); size > 1; size--) if (partSize % size === 0) return size;
  return 1;
}

/**
 * The origin a site's sitemap, robots.txt and feeds write their addresses on. A crawler must be
 * told the canonical addresses (the same origin as the pages' <link rel=canonical>), so this is
 * the site's canonical origin, never a Host header echoed back: a request with a forged Host that
 * still resolves to this site (its domain with any port, say) cannot make the sitemap point a
 * crawler, or a cache, anywhere else. The one exception is a developer's or the test suite's
 * `<slug>.localhost:<port>` address, answered only where such addresses are served
 * (`allowLocalhost`) and only for this very site: there the addresses stay on that host, so they
 * can be opened, and `.localhost` names never leave the machine they are typed on.
 */
export function publicOrigin(input: {
  slug: string;
  /** The site's canonical origin (server/page-data/site-origin.ts), e.g. https://www.dealer.com.au. */
  canonical: string;
  requestHost: string | null | undefined;
  allowLocalhost: boolean;
}): string {
  const host = input.requestHost?.trim() ?? '';
  if (input.allowLocalhost && normaliseHost(host) === `${input.slug}.localhost`) {
    const port = /:([0-9]{1,5})$/.exec(host)?.[1];
    const valid = port !== undefined && Number(port) >= 1 && Number(port) <= 65_535;
    return `http://${input.slug}.localhost${valid ? `:${Number(port)}` : ''}`;
  }
  return input.canonical.replace(/\/+$/, '');
}

/** An absolute address on `origin` for a site path (encoded the way a browser would send it), or undefined when it is not one. */
export function absoluteSiteUrl(origin: string, path: string): string | undefined {
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  try {
    const url = new URL(path, `${origin}/`);
    return url.origin === new URL(origin).origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}
