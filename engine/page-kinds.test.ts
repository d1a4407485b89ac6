import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addableBlockTypes, kindRefusal, kindsAllowing, pageKind, pageKindProblems, routeKind } from './page-kinds';
import { loadTenantFile, loadTenantRegistry } from './tenant-registry';
import { blockFacts } from '../blocks/block-facts.generated';
import { registry as vehicleRegistry } from '../blocks/kinds/vehicle.generated';
import { registry as contentRegistry } from '../blocks/kinds/content.generated';
import { registry as layoutRegistry } from '../blocks/kinds/layout.generated';
import type { Block, Page } from '../schemas/types.generated';

const block = (type: string, props: Record<string, unknown> = {}) => ({ type, props }) as unknown as Block;
const page = (blocks: Block[], kind?: Page['kind']): Page => ({ title: 'T', blocks, ...(kind ? { kind } : {}) });

describe('page kinds (issue 34)', () => {
  it('takes the first kind that may show every block, nested ones included', () => {
    expect(pageKind(page([block('Hero'), block('BlogCards')]))).toBe('content');
    expect(pageKind(page([block('SearchResults')]))).toBe('search');
    expect(pageKind(page([block('RichText'), block('EnquiryForm', { form: 'contact' })]))).toBe('form');
    expect(pageKind(page([block('LocationDetail')]))).toBe('location');
    expect(pageKind(page([block('Section', { content: [block('VehicleGallery')] })]))).toBe('vehicle');
    expect(pageKind(page([]))).toBe('content');
  });

  it('keeps a declared kind, even over its blocks', () => {
    expect(pageKind(page([block('RichText')], 'account'))).toBe('account');
  });

  it("refuses a block its page's declared kind cannot show, in a site editor's words", () => {
    const problems = pageKindProblems(page([block('RichText'), block('VehicleGallery')], 'content'));
    expect(problems.map((p) => p.message)).toEqual([
      'Vehicle gallery cannot go on a content page: it needs a car (a page address with :slug, such as /cars/:slug).',
    ]);
    expect(kindRefusal('EnquiryForm', 'content')).toBe(
      'Enquiry form cannot go on a content page: it goes on a form page, location page, new-model page or vehicle page.',
    );
  });

  it('names the blocks no one kind shows together, and routes such a page to the content route', () => {
    const mixed = page([block('SearchResults'), block('VehicleGallery')]);
    expect(kindsAllowing(['SearchResults', 'VehicleGallery'])).toEqual([]);
    expect(pageKind(mixed)).toBeUndefined();
    expect(routeKind(mixed)).toBe('content');
    expect(pageKindProblems(mixed).map((p) => p.message)).toEqual([
      'Vehicle gallery cannot go on a search page: it needs a car (a page address with :slug, such as /cars/:slug). This page is a search page because of its Stock search results: put the Vehicle gallery on a page of its own.',
    ]);
  });

  it('offers in the block picker only blocks that leave the page a kind', () => {
    const all = Object.keys(blockFacts);
    const home = addableBlockTypes(page([block('Hero')]), all);
    expect(home).toContain('PromotionsSlider');
    expect(home).toContain('EnquiryForm'); // the page becomes a form page
    expect(home).not.toContain('VehicleGallery');
    expect(home).not.toContain('SearchResults');
    const declared = addableBlockTypes(page([block('Hero')], 'content'), all);
    expect(declared).not.toContain('EnquiryForm');
    const vehicle = addableBlockTypes(page([block('VehicleLayout')]), all);
    expect(vehicle).toContain('SimilarCars');
    expect(vehicle).not.toContain('Hero');
  });

  it("gives each kind's route only its own blocks, and the layout's the header and footer blocks", () => {
    expect(Object.keys(layoutRegistry).sort()).toEqual([
      'ChatBubble',
      'CompareTray',
      'RichText',
      'Section',
      'SiteFooter',
      'SiteHeader',
    ]);
    expect(Object.keys(vehicleRegistry)).toContain('VehicleGallery');
    expect(Object.keys(vehicleRegistry)).not.toContain('PromotionsSlider');
    expect(Object.keys(contentRegistry)).toContain('PromotionsSlider');
    expect(Object.keys(contentRegistry)).not.toContain('VehicleGallery');
    expect(Object.keys(contentRegistry)).not.toContain('EnquiryForm');
    // The header-only blocks render in the layout only; Section and Text go on pages too.
    for (const registry of [contentRegistry, vehicleRegistry]) {
      expect(Object.keys(registry)).not.toContain('SiteHeader');
      expect(Object.keys(registry)).not.toContain('ChatBubble');
      expect(Object.keys(registry)).toContain('Section');
    }
  });

  it('refuses a header-only block on any page, without letting it decide the page’s kind', () => {
    const stray = page([block('VehicleLayout'), block('ChatBubble')]);
    expect(pageKind(stray)).toBe('vehicle');
    expect(pageKindProblems(stray).map((p) => p.message)).toEqual([
      'Chat bubble cannot go on a page: it goes in the header or footer, which every page shows (Header and footer blocks, below the pages).',
    ]);
    expect(pageKindProblems(page([block('RichText'), block('SiteHeader')], 'content')).map((p) => p.message)).toEqual([
      'Site header cannot go on a page: it goes in the header or footer, which every page shows (Header and footer blocks, below the pages).',
    ]);
    expect(addableBlockTypes(page([]), Object.keys(blockFacts))).not.toContain('CompareTray');
  });

  it("gives every demo site's key pages the kind of their route", () => {
    for (const entry of loadTenantRegistry().tenants.values()) {
      if (!entry.ok) throw new Error(`${entry.slug} is invalid`);
      const kinds = Object.fromEntries(
        Object.entries(entry.config.pages ?? {}).flatMap(([path, p]) => (p ? [[path, pageKind(p)]] : [])),
      );
      expect(kinds, entry.slug).toMatchObject({
        '/': 'content',
        '/search/:refinement?/:model?': 'search',
        '/cars/:slug': 'vehicle',
        '/locations/:slug': 'location',
        '/models/:slug': 'model',
        '/contact': 'form',
        '/cars/:slug/checkout': 'checkout',
        '/my-garage': 'account',
      });
      expect(
        Object.values(kinds).every((k) => k !== undefined),
        entry.slug,
      ).toBe(true);
    }
  });
});

describe('npm run validate and page kinds (issue 34)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kinds-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const base = { schemaVersion: 2, name: 'Kind Motors', template: 'franchise', contact: { phone: '(02) 9000 0000' } };
  const messages = (slug: string, doc: Record<string, unknown>): string[] => {
    const path = join(dir, `${slug}.json`);
    writeFileSync(path, JSON.stringify({ ...base, slug, ...doc }, null, 2));
    const entry = loadTenantFile(path);
    return entry.ok ? [] : entry.issues.map((i) => `${i.pointer} ${i.message}`);
  };

  it('refuses a vehicle block on a content page, naming the block and its place', () => {
    expect(
      messages('kind-declared', {
        pages: {
          '/about': {
            title: 'About',
            kind: 'content',
            blocks: [block('RichText', { html: '<p>Hi</p>' }), block('VehicleGallery')],
          },
        },
      }),
    ).toEqual([
      '/pages/~1about/blocks/1 Vehicle gallery cannot go on a content page: it needs a car (a page address with :slug, such as /cars/:slug).',
    ]);
  });

  it('refuses a page whose blocks no one kind shows, and a page block in the header', () => {
    const problems = messages('kind-mixed', {
      pages: { '/mixed': { title: 'Mixed', blocks: [block('Hero', { heading: 'Hi' }), block('SearchResults')] } },
      layout: { header: [block('SiteHeader'), block('Hero', { heading: 'Hi' })] },
    });
    expect(problems).toContain(
      '/pages/~1mixed/blocks/1 Stock search results cannot go on a content page: it needs the search page’s address to choose its cars. This page is a content page because of its Hero banner: put the Stock search results on a page of its own.',
    );
    expect(problems).toContain(
      '/layout/header/1 Hero banner cannot go in the header: the header shows on every page, so it holds only chat bubble, compare tray, text, section, site footer and site header blocks. Put it on a page instead.',
    );
  });

  it('accepts every page of the demo sites', () => {
    for (const entry of loadTenantRegistry().tenants.values()) expect(entry.ok, entry.slug).toBe(true);
  });
});
