import { describe, expect, it } from 'vitest';
import studioBundle from '../../schemas/studio.schema.json';
import {
  ADVANCED,
  ADVANCED_PATTERNS,
  STUDIO_KEYWORD,
  advancedProblems,
  advancedReason,
  isAdvanced,
  propertiesOf,
} from './advanced-fields';

describe('basic and advanced settings (issue 32)', () => {
  it('the keyword is x-studio, and "advanced" is its one value (the Studio’s form template reads exactly this)', () => {
    expect(STUDIO_KEYWORD).toBe('x-studio');
    expect(ADVANCED).toBe('advanced');
    expect(isAdvanced({ 'x-studio': 'advanced', type: 'string' })).toBe(true);
    expect(isAdvanced({ type: 'string' })).toBe(false);
    expect(isAdvanced({ 'x-studio': 'basic' })).toBe(false);
    expect(isAdvanced(undefined)).toBe(false);
  });

  it('schemas/studio.schema.json marks every id, switch condition, anchor, stock filter, event number, image path and technical setting advanced', () => {
    const properties = propertiesOf(studioBundle);
    // Guards against a walk that finds nothing and so passes vacuously.
    expect(properties.length).toBeGreaterThan(500);
    expect(advancedProblems(studioBundle)).toEqual([]);
    const advanced = properties.filter((p) => isAdvanced(p.schema));
    // Some, not all: most settings stay in view.
    expect(advanced.length).toBeGreaterThan(40);
    expect(advanced.length).toBeLessThan(properties.length / 4);
  });

  it('the Studio’s bundle keeps the keyword (npm run gen copies it)', () => {
    const definitions = studioBundle.definitions as Record<string, { properties?: Record<string, unknown> }>;
    expect(isAdvanced(definitions['tenant.offer']?.properties?.id)).toBe(true);
    expect(isAdvanced(definitions['tenant.menuItem']?.properties?.when)).toBe(true);
    expect(isAdvanced(definitions['tenant.search']?.properties?.baseFilter)).toBe(true);
    expect(isAdvanced(definitions['form.form']?.properties?.event)).toBe(true);
    expect(isAdvanced(definitions['tenant.offer']?.properties?.heading)).toBe(false);
  });
});

describe('the rule itself', () => {
  it('knows advanced properties by name, by parent for image addresses, and by a stock filter reference', () => {
    expect(advancedReason('id', {})).toMatch(/id/);
    expect(advancedReason('locationId', {})).toBeDefined();
    expect(advancedReason('when', {})).toBeDefined();
    expect(advancedReason('eventByCarType', {})).toBeDefined();
    expect(advancedReason('certifiedBadgeSrc', {})).toBeDefined();
    expect(advancedReason('url', {}, 'image')).toBeDefined();
    expect(advancedReason('url', {}, 'serviceBookingLinks')).toBeUndefined();
    expect(advancedReason('tradeIn', { $ref: '#/definitions/filter' })).toBeDefined();
    expect(advancedReason('heading', {})).toBeUndefined();
    expect(advancedReason('bodyFilter', { type: 'boolean' })).toBeUndefined();
    for (const pattern of ADVANCED_PATTERNS) expect(pattern.why.length, String(pattern.name)).toBeGreaterThan(10);
  });

  it('names each unmarked or wrongly marked property by its JSON pointer', () => {
    const schema = {
      properties: {
        id: { title: 'Id', description: 'X.' },
        heading: { title: 'Heading', description: 'X.', 'x-studio': 'basic' },
        image: {
          title: 'Image',
          description: 'X.',
          properties: { url: { title: 'Address', description: 'X.', 'x-studio': 'advanced' } },
        },
      },
      definitions: {
        'tenant.offer': { properties: { when: { title: 'Show when', description: 'X.' } } },
      },
    };
    expect(advancedProblems(schema)).toEqual([
      '/properties/id: mark it "x-studio": "advanced" (an id (of a tile, an offer, a location...) is set once and referenced elsewhere)',
      '/properties/heading: "x-studio" must be "advanced" (leave it out for a basic field), found "basic"',
      '/definitions/tenant.offer/properties/when: mark it "x-studio": "advanced" (a visibility expression: the feature switch that must be on for the item to show)',
    ]);
  });
});
