import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blockReadsRequest, declaresReadsRequest, formProps, metadataSubject } from './block-facts';
import { pageMetadataSubject, pageReadsRequest } from './resolve-page';
import { loadTenantFile, loadTenantRegistry, templateNames, type TenantConfig } from './tenant-registry';
import { CURRENT_SCHEMA_VERSION } from './migrations';
import type { Block, Page } from '../schemas/types.generated';

const block = (type: string, props: Record<string, unknown> = {}): Block => ({ type, props }) as Block;

describe('x-reads-request: which blocks send their page to the per-request tree', () => {
  it.each([
    // Always: the URL is their state, or they show who is signed in.
    ['SearchResults', {}, true],
    ['PrintVehicle', {}, true],
    ['SignIn', {}, true],
    ['WatchlistCars', {}, true],
    ['AccountSummary', {}, true],
    ['OrderNowSummary', {}, true],
    // The body-type filter is on unless switched off.
    ['ModelsListing', {}, true],
    ['ModelsListing', { bodyFilter: true }, true],
    ['ModelsListing', { bodyFilter: false }, false],
    // A form about the car named by ?car_id=, or filled from the query string.
    ['EnquiryForm', { form: 'contact', car: 'query' }, true],
    ['EnquiryForm', { form: 'contact', car: 'page' }, false],
    ['EnquiryForm', { form: 'contact', car: 'none', prefill: { budget: 'vehiclePriceBudget' } }, true],
    ['EnquiryForm', { form: 'contact', prefill: {} }, false],
    ['EnquiryForm', { form: 'contact' }, false],
    ['FinanceCalculator', { car: 'query' }, true],
    ['FinanceCalculator', { car: 'page' }, false],
    ['FinanceCalculator', {}, false],
    ['TradeInValuation', { car: 'query' }, true],
    ['TradeInValuation', { car: 'none' }, false],
    ['ReserveCheckout', { car: 'query' }, true],
    ['ReserveCheckout', { car: 'page' }, false],
    // Everything else is cached.
    ['RichText', { html: '<p>x</p>' }, false],
    ['VehicleLayout', { main: [], aside: [] }, false],
    ['NoSuchBlock', {}, false],
  ])('%s %j reads the request: %s', (type, props, expected) => {
    expect(blockReadsRequest(block(type, props))).toBe(expected);
  });

  it('says which block types may read the request at all', () => {
    expect(declaresReadsRequest('EnquiryForm')).toBe(true);
    expect(declaresReadsRequest('RichText')).toBe(false);
    expect(declaresReadsRequest('NoSuchBlock')).toBe(false);
  });

  it('finds a request-reading block in a nested slot', () => {
    const page = {
      title: 'x',
      blocks: [block('Section', { content: [block('FinanceCalculator', { car: 'query' })] })],
    } as Page;
    expect(pageReadsRequest(page)).toBe(true);
  });
});

describe('x-form-props: which props name a tenant form', () => {
  it('names the form props of the form blocks, and none elsewhere', () => {
    expect(formProps('EnquiryForm')).toEqual(['form']);
    expect(formProps('FormModalButton')).toEqual(['form']);
    expect(formProps('LocationsListing')).toEqual(['enquiryForm']);
    expect(formProps('LocationDetail')).toEqual(['enquiryForm']);
    expect(formProps('Hero')).toEqual([]);
    expect(formProps('NoSuchBlock')).toEqual([]);
  });
});

describe('x-metadata: which pages take their title and description from their subject', () => {
  it('declares one block per subject', () => {
    expect(metadataSubject('VehicleLayout')).toBe('vehicle');
    expect(metadataSubject('LocationDetail')).toBe('location');
    expect(metadataSubject('ModelDetail')).toBe('model');
    expect(metadataSubject('ReserveCheckout')).toBeUndefined();
  });

  // The pages that named their metadata with a page-level `metadata` key before the blocks declared it.
  const SUBJECT_BY_ROUTE: Readonly<Record<string, string>> = {
    '/cars/:slug': 'vehicle',
    '/locations/:slug': 'location',
    '/contact-us/:slug': 'location',
    '/our-location/:slug': 'location',
    '/models/:slug': 'model',
  };
  const seen = new Set<string>();

  function expectSameMetadata(label: string, config: TenantConfig): void {
    const pages = Object.entries(config.pages ?? {});
    expect(pages.length, label).toBeGreaterThan(0);
    for (const [route, page] of pages) {
      if (!page) continue;
      seen.add(route);
      const derived = pageMetadataSubject(page);
      expect(derived, `${label} ${route}`).toBe(SUBJECT_BY_ROUTE[route]);
      // While a page still carries the old key, the blocks must say the same thing.
      const legacy = (page as unknown as Record<string, unknown>).metadata;
      if (legacy !== undefined) expect(derived ?? 'page', `${label} ${route} (page key)`).toBe(legacy);
    }
  }

  it('gives every page of every tenant the metadata its route had', () => {
    const registry = loadTenantRegistry();
    expect(registry.tenants.size).toBeGreaterThan(0);
    for (const entry of registry.tenants.values()) {
      if (!entry.ok) throw new Error(`${entry.file} does not load: ${JSON.stringify(entry.issues[0])}`);
      expectSameMetadata(entry.slug, entry.config);
    }
  });

  const dir = mkdtempSync(join(tmpdir(), 'metadata-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives every page of every template the metadata its route had', () => {
    const templates = templateNames(process.cwd());
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) {
      // The bare template: a site that overrides nothing.
      const slug = `bare-${template}`;
      const path = join(dir, `${slug}.json`);
      writeFileSync(path, JSON.stringify({ schemaVersion: CURRENT_SCHEMA_VERSION, slug, name: 'Bare', template }));
      const entry = loadTenantFile(path);
      if (!entry.ok) throw new Error(`template ${template} does not load: ${JSON.stringify(entry.issues[0])}`);
      expectSameMetadata(`template ${template}`, entry.config);
    }
  });

  it('saw every route that had its own metadata', () => {
    expect([...seen]).toEqual(expect.arrayContaining(Object.keys(SUBJECT_BY_ROUTE)));
  });
});
