import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import {
  absoluteSiteUrl,
  lastmod,
  parsePartFile,
  partFile,
  partRange,
  publicOrigin,
  readPageSize,
  sectionParts,
  sitemapIndexXml,
  SITEMAP_MAX_URLS,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlXml,
  xmlText,
} from './sitemap';

/** Parses XML strictly (jsdom's parser); a document that is not well-formed has a <parsererror>. */
function parseXml(text: string): Document {
  const doc = new new JSDOM().window.DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror').length, text.slice(0, 400)).toBe(0);
  return doc;
}

describe('xmlText', () => {
  it('escapes markup characters and drops characters XML cannot carry', () => {
    expect(xmlText(`Tom & Jerry's <"ute">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;ute&quot;&gt;');
    // A NUL, a form feed, a lone surrogate and U+FFFE would make the document unreadable.
    expect(xmlText('a\u0000b\u000cc\ud800d\ufffee')).toBe('abcde');
    // Line breaks, tabs and characters beyond the BMP stay.
    expect(xmlText('Line 1\nLine\t2 🚗')).toBe('Line 1\nLine\t2 🚗');
  });

  it('keeps a hostile feed value inside its element', () => {
    const doc = parseXml(
      `${URLSET_OPEN}${urlXml({ loc: 'https://x.example/cars/a?b=1&c=</loc><loc>https://evil.example/' })}${URLSET_CLOSE}`,
    );
    expect(doc.getElementsByTagName('loc')).toHaveLength(1);
    expect(doc.getElementsByTagName('loc')[0]?.textContent).toBe(
      'https://x.example/cars/a?b=1&c=</loc><loc>https://evil.example/',
    );
  });
});

describe('lastmod', () => {
  it('writes a W3C date-time in UTC to the second', () => {
    expect(lastmod('2026-11-21T03:04:05.678Z')).toBe('2026-11-21T03:04:05Z');
    expect(lastmod('2026-11-21T13:04:05+10:00')).toBe('2026-11-21T03:04:05Z');
    expect(lastmod(new Date(Date.UTC(2026, 0, 2)))).toBe('2026-01-02T00:00:00Z');
  });

  it('leaves out what is not a date', () => {
    expect(lastmod('yesterday')).toBeUndefined();
    expect(lastmod('')).toBeUndefined();
    expect(lastmod(null)).toBeUndefined();
    expect(lastmod(undefined)).toBeUndefined();
  });
});

describe('sitemap documents', () => {
  it('writes a urlset with loc and lastmod in the sitemaps.org namespace', () => {
    const text = `${URLSET_OPEN}${urlXml({ loc: 'https://d.example/cars/a', lastmod: '2026-11-21T03:04:05Z' })}${urlXml({ loc: 'https://d.example/' })}${URLSET_CLOSE}`;
    expect(text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://d.example/cars/a</loc><lastmod>2026-11-21T03:04:05Z</lastmod></url>\n' +
        '<url><loc>https://d.example/</loc></url>\n' +
        '</urlset>\n',
    );
    const doc = parseXml(text);
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  });

  it('writes a sitemap index naming each part', () => {
    const text = sitemapIndexXml([
      { loc: 'https://d.example/sitemaps/pages-1.xml' },
      { loc: 'https://d.example/sitemaps/stock-1.xml', lastmod: '2026-11-21T00:00:00Z' },
    ]);
    const doc = parseXml(text);
    expect(doc.documentElement.tagName).toBe('sitemapindex');
    expect([...doc.getElementsByTagName('loc')].map((n) => n.textContent)).toEqual([
      'https://d.example/sitemaps/pages-1.xml',
      'https://d.example/sitemaps/stock-1.xml',
    ]);
    expect(doc.getElementsByTagName('lastmod')).toHaveLength(1);
  });
});

describe('splitting into parts', () => {
  it('splits at 50,000 addresses, the protocol limit', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sectionParts('stock', 50_000)).toEqual([{ section: 'stock', part: 1 }]);
    expect(sectionParts('stock', 50_001)).toEqual([
      { section: 'stock', part: 1 },
      { section: 'stock', part: 2 },
    ]);
    expect(partRange(2)).toEqual({ offset: 50_000, limit: 50_000 });
  });

  it('splits at any size, and makes no part for an empty section', () => {
    expect(sectionParts('stock', 7, 3).map(partFile)).toEqual(['stock-1.xml', 'stock-2.xml', 'stock-3.xml']);
    expect(sectionParts('stock', 6, 3)).toHaveLength(2);
    expect(sectionParts('locations', 0, 3)).toEqual([]);
    expect(partRange(3, 3)).toEqual({ offset: 6, limit: 3 });
    expect(() => sectionParts('stock', 1, 0)).toThrow(RangeError);
  });

  it('reads a part in whole search pages that divide the part size', () => {
    expect(readPageSize(50_000)).toBe(1000);
    expect(readPageSize(3)).toBe(3);
    expect(readPageSize(2500)).toBe(625);
    expect(readPageSize(7, 5)).toBe(1);
    for (const size of [2, 3, 10, 999, 50_000]) expect(size % readPageSize(size)).toBe(0);
  });

  it('names parts strictly: anything else is no part', () => {
    expect(parsePartFile('stock-12.xml')).toEqual({ section: 'stock', part: 12 });
    expect(parsePartFile('pages-1.xml')).toEqual({ section: 'pages', part: 1 });
    for (const name of ['stock-0.xml', 'stock-01.xml', 'cars-1.xml', 'stock-1.xml.gz', 'stock-1', '..', 'STOCK-1.xml'])
      expect(parsePartFile(name), name).toBeUndefined();
  });
});

describe('publicOrigin', () => {
  const site = { slug: 'harbour-city-mazda', canonical: 'https://www.harbourcitymazda.com.au' };

  it('writes the canonical origin on a production domain, whatever port or spelling the Host has', () => {
    for (const host of ['www.harbourcitymazda.com.au', 'WWW.HarbourCityMazda.com.au:8443', 'harbourcitymazda.com.au'])
      expect(publicOrigin({ ...site, requestHost: host, allowLocalhost: false })).toBe(
        'https://www.harbourcitymazda.com.au',
      );
  });

  it("stays on the site's own <slug>.localhost address where those are served", () => {
    expect(publicOrigin({ ...site, requestHost: 'harbour-city-mazda.localhost:3100', allowLocalhost: true })).toBe(
      'http://harbour-city-mazda.localhost:3100',
    );
    expect(publicOrigin({ ...site, requestHost: 'harbour-city-mazda.localhost', allowLocalhost: true })).toBe(
      'http://harbour-city-mazda.localhost',
    );
  });

  it('never echoes another host: another site, a port out of range, or localhost where it is not served', () => {
    const canonical = 'https://www.harbourcitymazda.com.au';
    expect(publicOrigin({ ...site, requestHost: 'southern-cross-motors.localhost:3100', allowLocalhost: true })).toBe(
      canonical,
    );
    expect(publicOrigin({ ...site, requestHost: 'harbour-city-mazda.localhost:3100', allowLocalhost: false })).toBe(
      canonical,
    );
    expect(publicOrigin({ ...site, requestHost: 'harbour-city-mazda.localhost:99999', allowLocalhost: true })).toBe(
      'http://harbour-city-mazda.localhost',
    );
    expect(publicOrigin({ ...site, requestHost: 'evil.example', allowLocalhost: true })).toBe(canonical);
    expect(publicOrigin({ ...site, requestHost: null, allowLocalhost: true })).toBe(canonical);
    expect(
      publicOrigin({ ...site, canonical: 'https://dealer.example/', requestHost: null, allowLocalhost: false }),
    ).toBe('https://dealer.example');
  });
});

describe('absoluteSiteUrl', () => {
  it('makes a site path absolute, encoded as a browser sends it', () => {
    expect(absoluteSiteUrl('https://d.example', '/')).toBe('https://d.example/');
    expect(absoluteSiteUrl('https://d.example', '/cars/a b')).toBe('https://d.example/cars/a%20b');
    expect(absoluteSiteUrl('http://s.localhost:3100', '/locations/x')).toBe('http://s.localhost:3100/locations/x');
  });

  it('refuses anything that would leave the site', () => {
    expect(absoluteSiteUrl('https://d.example', '//evil.example/x')).toBeUndefined();
    expect(absoluteSiteUrl('https://d.example', 'https://evil.example/x')).toBeUndefined();
    expect(absoluteSiteUrl('https://d.example', 'cars/x')).toBeUndefined();
  });
});
