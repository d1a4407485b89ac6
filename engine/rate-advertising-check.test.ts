/**
 * NCC s164 (issue 20, "Spec completion"): "Make `npm run validate` (and the Studio) refuse any
 * tenant text that advertises an annual rate without a comparison rate in the same item, with a
 * clear message". The check runs over the merged document, so texts a site inherits from its
 * template count too.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTenantDocument, loadTenantFile, type TenantEntry } from './tenant-registry';
import { checkRateAdvertising } from './rate-advertising-check';
import { formatIssueAt } from '../schemas/validation-messages';

const dir = mkdtempSync(join(tmpdir(), 'tenant-rate-advertising-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = { schemaVersion: 2, name: 'Test Motors', template: 'franchise', contact: { phone: '(02) 9000 0000' } };

function load(slug: string, extra: Record<string, unknown>): TenantEntry {
  const path = join(dir, `${slug}.json`);
  writeFileSync(path, JSON.stringify({ ...base, slug, ...extra }, null, 2));
  return loadTenantFile(path);
}

const issuesOf = (entry: TenantEntry): string[] =>
  entry.ok ? [] : entry.issues.map((issue) => `${issue.pointer} ${issue.message}`);

const tile = (heading: string, text: string) => ({
  id: 'finance-tile',
  heading,
  text,
  href: '/finance',
  cta: 'Get a quote',
  position: 5,
});

describe('rates in tenant text need a comparison rate in the same item (NCC s164, issue 20)', () => {
  it('refuses the promo tile issue 20 found, at the heading, with the file, line and column', () => {
    const entry = load('tile', {
      search: { promoTiles: [tile('Finance from 6.99% p.a.', 'Fast approval. Comparison rate applies.')] },
    });
    expect(issuesOf(entry)).toEqual([
      // No finance fees: the comparison rate on the standard example equals the rate.
      '/search/promoTiles/0/heading advertises an annual rate (6.99% p.a.) without a comparison rate in the same item: add the comparison rate (National Credit Code s164), e.g. "6.99% p.a. (comparison rate 6.99% p.a.*)"',
    ]);
    if (!entry.ok)
      expect(formatIssueAt(entry.issues[0]!)).toMatch(/tile\.json:\d+:\d+: \/search\/promoTiles\/0\/heading: /);
  });

  it("suggests the comparison rate of the site's own finance fees", () => {
    const entry = load('fees', {
      finance: { fees: { establishment: 1360.5 } },
      search: { promoTiles: [tile('Finance from 6.99% p.a.', 'Fast approval.')] },
    });
    expect(issuesOf(entry)[0]).toContain('e.g. "6.99% p.a. (comparison rate 8.87% p.a.*)"');
  });

  it('accepts the tile once it states the comparison rate, and an offer whose terms state it', () => {
    const entry = load('fixed', {
      search: { promoTiles: [tile('Finance from 6.99% p.a.', 'Comparison rate 8.87% p.a. Fees apply.')] },
      offers: [
        {
          id: 'finance-offer',
          title: '0% p.a. finance on demonstrators',
          text: 'On selected demonstrators this month.',
          terms: 'Comparison rate 2.71% p.a. on a 5-year secured loan of $30,000.',
        },
      ],
    });
    expect(issuesOf(entry)).toEqual([]);
    expect(entry.ok).toBe(true);
  });

  it('counts a 0% rate, and takes no comparison rate from another item', () => {
    const entry = load('other-item', {
      offers: [
        { id: 'zero', title: '0% p.a. finance', text: 'On selected demonstrators.' },
        { id: 'other', title: 'Servicing', text: 'Comparison rate 7.5% p.a.' },
      ],
    });
    expect(issuesOf(entry).map((issue) => issue.split(' ')[0])).toEqual(['/offers/0/title']);
    expect(issuesOf(entry)[0]).toContain('advertises an annual rate (0% p.a.)');
  });

  it('reads HTML in a block on a page, and menus and promotion slides', () => {
    const entry = load('html', {
      pages: {
        '/finance-deals': {
          title: 'Finance deals | {site}',
          blocks: [{ type: 'RichText', props: { html: '<p>Rates from <strong>5.99%</strong> p.a.</p>' } }],
        },
      },
      menus: { header: [{ label: 'Finance 4.5% p.a.', href: '/finance' }] },
      promotions: [
        {
          id: 'slide',
          heading: 'Drive away today',
          text: 'Just 5.9% APR',
          image: { src: '/media/slide.webp', alt: 'A new hatchback' },
          position: 1,
        },
      ],
    });
    // In the merged document's key order (the template's keys first): compared as a set.
    expect(
      issuesOf(entry)
        .map((issue) => issue.split(' ')[0])
        .sort(),
    ).toEqual(['/menus/header/0/label', '/pages/~1finance-deals/blocks/0/props/html', '/promotions/0/text']);
  });

  it('does not mistake a deposit, a final payment or a discount for an annual rate', () => {
    const entry = load('not-rates', {
      offers: [
        {
          id: 'deposit',
          title: 'Save 20% on servicing',
          text: 'Drive away with a 10% deposit and a 30% final payment.',
        },
      ],
    });
    expect(entry.ok).toBe(true);
  });

  it('refuses the same in a document edited in the Studio', () => {
    const entry = loadTenantDocument(
      { ...base, slug: 'studio', offers: [{ id: 'o', title: 'Finance from 6.99%pa', text: 'Fast approval.' }] },
      { slug: 'studio', file: 'database: studio v1', edited: true },
    );
    expect(entry.ok).toBe(false);
    if (!entry.ok)
      expect(entry.issues.map((i) => `${i.pointer} ${i.message}`)[0]).toMatch(
        /^\/offers\/0\/title advertises an annual rate \(6\.99%pa\) without a comparison rate/,
      );
  });

  it("checks texts a site inherits from its template (through the merge), with no line in the site's file", () => {
    const root = join(dir, 'root');
    mkdirSync(join(root, 'tenants'), { recursive: true });
    cpSync(resolve('pages-json'), join(root, 'pages-json'), { recursive: true });
    mkdirSync(join(root, 'pages-json', 'rates'));
    writeFileSync(
      join(root, 'pages-json', 'rates', 'pages.json'),
      JSON.stringify({
        schemaVersion: 1,
        pages: {
          '/finance-deals': {
            title: 'Finance deals | {site}',
            blocks: [{ type: 'RichText', props: { heading: 'Finance from 6.99% p.a.', html: '<p>Ask us.</p>' } }],
          },
        },
      }),
    );
    const path = join(root, 'tenants', 'inherits.json');
    writeFileSync(path, JSON.stringify({ ...base, slug: 'inherits', template: 'rates' }, null, 2));
    const entry = loadTenantFile(path, { root, extraDirs: [] });
    expect(entry.ok).toBe(false);
    if (entry.ok) return;
    expect(entry.issues).toEqual([
      expect.objectContaining({
        file: 'tenants/inherits.json',
        pointer: '/pages/~1finance-deals/blocks/0/props/heading',
        message: expect.stringContaining('advertises an annual rate (6.99% p.a.)') as unknown,
      }),
    ]);
    expect(entry.issues[0]?.line).toBeUndefined();
  });
});

describe('checkRateAdvertising: what is one item', () => {
  it("takes an image's alt text and a block's props as part of the tile or block that shows them", () => {
    const config = {
      search: {
        promoTiles: [
          {
            heading: 'Low-rate finance',
            image: { src: '/a.webp', alt: 'Finance from 6.99% p.a.' },
            text: 'Comparison rate 8.87% p.a.',
          },
        ],
      },
      pages: {
        '/': {
          blocks: [
            { type: 'Hero', props: { heading: 'From 6.99% p.a.', intro: { text: 'Comparison rate 8.87% p.a.' } } },
          ],
        },
      },
    };
    expect(checkRateAdvertising('x.json', config)).toEqual([]);
  });

  it("treats each entry of a list as its own item, and a text outside any list as its object's", () => {
    const config = {
      pages: {
        '/': {
          title: 'Finance from 6.99% p.a.',
          blocks: [
            { type: 'Cards', props: { note: 'Comparison rate 8.87% p.a.', items: [{ title: 'From 5.99% p.a.' }] } },
          ],
        },
      },
      finance: { disclaimer: 'Comparison rate 8.87% p.a.' },
    };
    expect(checkRateAdvertising('x.json', config).map((issue) => issue.pointer)).toEqual([
      '/pages/~1/title',
      '/pages/~1/blocks/0/props/items/0/title',
    ]);
  });
});
