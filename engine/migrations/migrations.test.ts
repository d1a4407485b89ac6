import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, migrate } from './index';
import { getValidators } from '../../schemas/ajv';

describe('migrate', () => {
  it('turns a legacy flat site configuration (version 1) into the current format', () => {
    const before = {
      slug: 'legacy-motors',
      name: 'Legacy Motors',
      template: 'franchise',
      phone: '(02) 9000 1234',
      email: 'sales@legacy.example',
      address: { street: '1 Main Road', city: 'Penrith', state: 'NSW', postcode: '2750' },
      dealership_group: 'legacy-group',
      finance_provider: 'A',
      xtime_url: 'https://booking.example.com/legacy',
      url: 'https://www.legacy.example',
    };
    const { doc, applied } = migrate(before);
    expect(applied).toEqual(['001-structured-contact', '002-plugins', '003-page-metadata']);
    expect(doc).toEqual({
      schemaVersion: 4,
      slug: 'legacy-motors',
      name: 'Legacy Motors',
      template: 'franchise',
      dealershipGroup: 'legacy-group',
      finance: { provider: 'A' },
      contact: {
        phone: '(02) 9000 1234',
        email: 'sales@legacy.example',
        address: { street: '1 Main Road', city: 'Penrith', state: 'NSW', postcode: '2750' },
        serviceBookingUrl: 'https://booking.example.com/legacy',
        siteUrl: 'https://www.legacy.example',
      },
    });
    expect(getValidators().tenantLayer(doc)).toBe(true);
  });

  it('moves the version-2 autogauge switch into plugins with its audience (version 3)', () => {
    const { doc, applied } = migrate({
      schemaVersion: 2,
      slug: 'a',
      name: 'A',
      template: 'franchise',
      features: { offers: true, autogauge: true },
    });
    expect(applied).toEqual(['002-plugins', '003-page-metadata']);
    expect(doc).toEqual({
      schemaVersion: 4,
      slug: 'a',
      name: 'A',
      template: 'franchise',
      features: { offers: true },
      plugins: { autogauge: 'everyone' },
    });
    expect(migrate({ schemaVersion: 2, features: { autogauge: false } }).doc).toEqual({
      schemaVersion: 4,
      features: {},
      plugins: { autogauge: 'off' },
    });
    expect(getValidators().tenantLayer(doc)).toBe(true);
  });

  it('drops the page-level metadata: the blocks on the page now say where it comes from (version 4)', () => {
    const before = {
      schemaVersion: 3,
      slug: 'a',
      name: 'A',
      template: 'franchise',
      pages: {
        '/cars/:slug': { title: 'Car | {site}', metadata: 'vehicle', blocks: [] },
        '/stores/:slug': {
          title: 'Store',
          metadata: 'location',
          blocks: [{ type: 'LocationDetail', props: {} }],
        },
        '/about': { title: 'About', metadata: 'page', blocks: [] },
        '/contact': { title: 'Contact', blocks: [] },
        '/models': null,
      },
    };
    const { doc, applied } = migrate(before);
    expect(applied).toEqual(['003-page-metadata']);
    expect(doc).toEqual({
      schemaVersion: 4,
      slug: 'a',
      name: 'A',
      template: 'franchise',
      pages: {
        '/cars/:slug': { title: 'Car | {site}', blocks: [] },
        '/stores/:slug': { title: 'Store', blocks: [{ type: 'LocationDetail', props: {} }] },
        '/about': { title: 'About', blocks: [] },
        '/contact': { title: 'Contact', blocks: [] },
        '/models': null,
      },
    });
    expect(before.pages['/cars/:slug']).toEqual({ title: 'Car | {site}', metadata: 'vehicle', blocks: [] });
    expect(getValidators().tenantLayer(doc)).toBe(true);
    expect(migrate({ schemaVersion: 3, slug: 'b' }).doc).toEqual({ schemaVersion: 4, slug: 'b' });
  });

  it('leaves a current document alone', () => {
    const doc = { schemaVersion: CURRENT_SCHEMA_VERSION, slug: 'a', name: 'A', template: 'franchise' };
    expect(migrate(doc)).toEqual({ doc, applied: [] });
  });

  it('does not touch a document from a newer version it does not know', () => {
    const doc = { schemaVersion: 99, slug: 'a' };
    expect(migrate(doc).applied).toEqual([]);
  });

  it('is pure: the input object is not changed', () => {
    const input = { schemaVersion: 1, phone: '1300 000 000' };
    migrate(input);
    expect(input).toEqual({ schemaVersion: 1, phone: '1300 000 000' });
  });
});
