import { describe, expect, it } from 'vitest';
import { deepMerge } from './merge';

// DESIGN.md: schema defaults -> template -> dealer group -> tenant; objects merge deeply, arrays replace.
describe('deepMerge', () => {
  it('lets later layers win and merges objects key by key', () => {
    const template = { theme: { font: 'inter', colors: { primary: '#111111', accent: '#222222' } }, name: 'T' };
    const group = { theme: { colors: { accent: '#333333' } } };
    const tenant = { theme: { colors: { primary: '#444444' } }, name: 'Dealer' };
    expect(deepMerge(template, group, tenant)).toEqual({
      theme: { font: 'inter', colors: { primary: '#444444', accent: '#333333' } },
      name: 'Dealer',
    });
  });

  it('replaces arrays instead of concatenating them', () => {
    expect(
      deepMerge({ menus: { header: [{ label: 'A' }, { label: 'B' }] } }, { menus: { header: [{ label: 'C' }] } }),
    ).toEqual({ menus: { header: [{ label: 'C' }] } });
  });

  it('lets an explicit null replace a page', () => {
    expect(deepMerge({ pages: { '/a': { title: 'A' }, '/b': { title: 'B' } } }, { pages: { '/a': null } })).toEqual({
      pages: { '/a': null, '/b': { title: 'B' } },
    });
  });

  it('does not share objects with its inputs', () => {
    const template = { menus: { header: [{ label: 'A' }] } };
    const merged = deepMerge(template);
    (merged.menus as { header: Array<{ label: string }> }).header[0]!.label = 'changed';
    expect(template.menus.header[0]!.label).toBe('A');
  });

  it('skips missing layers', () => {
    expect(deepMerge(undefined, { a: 1 }, undefined)).toEqual({ a: 1 });
  });
});
