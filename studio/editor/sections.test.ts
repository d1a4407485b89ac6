import { describe, expect, it } from 'vitest';
import tenantSchema from '../../schemas/tenant.schema.json';
import studioSchema from '../../schemas/studio.schema.json';
import { READ_ONLY_KEYS, SECTIONS, STUDIO_KEPT_KEYS } from './sections';
import { sectionSchema } from './schema-tools';
import { uiSchemaFor } from './ui-schema';
import type { SchemaNode } from './editor-types';

const topLevelKeys = Object.keys(tenantSchema.properties);

describe('the editor tabs (issue 16: "sections as tabs"; "the uiSchema covers every top-level key of the tenant schema")', () => {
  it('names the twelve tabs of the issue, in its order', () => {
    expect(SECTIONS.map((s) => s.label)).toEqual([
      'Identity & domains',
      'Theme',
      'Menus & buttons',
      'Pages',
      'Forms',
      'Search',
      'Finance',
      'Offers & promotions',
      'Locations',
      'Accounts',
      'Lead delivery',
      'Switches',
    ]);
  });

  it('puts every top-level key of the tenant schema in exactly one tab, or keeps it in the Studio', () => {
    const placed = [...SECTIONS.flatMap((s) => s.keys), ...STUDIO_KEPT_KEYS];
    expect([...placed].sort()).toEqual([...topLevelKeys].sort());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it("cuts each tab's form from the bundled schema with every key's schema and the definitions they use", () => {
    for (const section of SECTIONS) {
      const schema = sectionSchema(studioSchema as SchemaNode, section.keys);
      expect(Object.keys(schema.properties as object)).toEqual(section.keys);
      expect(schema.definitions).toBe((studioSchema as SchemaNode).definitions);
      const refs = JSON.stringify(schema).match(/"\$ref":"#\/definitions\/[^"]+"/g) ?? [];
      for (const ref of refs) {
        const name = ref.slice('"$ref":"#/definitions/'.length, -1).split('/')[0] ?? '';
        expect((studioSchema as { definitions: Record<string, unknown> }).definitions).toHaveProperty([name]);
      }
    }
  });

  it('gives theme colours the colour picker, the logo the image field, offer dates a date picker, and keeps the slug read-only', () => {
    const theme = uiSchemaFor(sectionSchema(studioSchema as SchemaNode, ['logo', 'theme']));
    expect(theme.logo).toEqual({ 'ui:field': 'image' });
    expect((theme.theme as { colors: Record<string, unknown> }).colors.primary).toEqual({ 'ui:widget': 'colour' });
    const offers = uiSchemaFor(sectionSchema(studioSchema as SchemaNode, ['offers']));
    const item = (offers.offers as { items: Record<string, unknown> }).items;
    expect(item.start).toEqual({ 'ui:widget': 'date' });
    expect(item.expiry).toEqual({ 'ui:widget': 'date' });
    expect(item.image).toEqual({ 'ui:field': 'image' });
    const identity = uiSchemaFor(sectionSchema(studioSchema as SchemaNode, ['slug', 'name']), READ_ONLY_KEYS);
    expect(identity.slug).toEqual({ 'ui:readonly': true });
    expect(identity['ui:submitButtonOptions']).toEqual({ norender: true });
  });
});
