import { describe, expect, it } from 'vitest';
import studio from '../../schemas/studio.schema.json';
import { listsWithIds, withItemIds, withUniqueIds } from './item-ids';

describe('ids a site editor never types (issue 32)', () => {
  it('finds every list whose items need an id in the Studio schema', () => {
    const paths = listsWithIds(studio as Record<string, unknown>).map((p) => p.join('/'));
    expect(paths).toEqual(expect.arrayContaining(['banners', 'offers', 'promotions', 'search/promoTiles']));
    // Lists whose items have no id (menus, blog cards) are left alone.
    expect(paths).not.toContain('blog');
    expect(paths.some((p) => p.startsWith('menus'))).toBe(false);
  });

  it('gives a new item an id from its title, else from the list’s kind, unique in the list', () => {
    const lists = listsWithIds(studio as Record<string, unknown>);
    const document = {
      name: 'Harbour City Mazda',
      offers: [{ id: 'offer', title: 'Old' }, { title: 'Summer Drive-Away!' }, {}],
    };
    const out = withItemIds(document, lists);
    expect(out.offers.map((o) => (o as { id?: string }).id)).toEqual(['offer', 'summer-drive-away', 'offer-2']);
    // Nothing else changes, and the original is not changed.
    expect(out.name).toBe('Harbour City Mazda');
    expect(document.offers[1]).toEqual({ title: 'Summer Drive-Away!' });
  });

  it('gives a duplicate a new id and keeps the original’s', () => {
    const items = [
      { id: 'summer', title: 'Summer' },
      { id: 'summer', title: 'Summer' },
      { id: 'summer-2', title: 'Other' },
    ];
    expect(withUniqueIds(items, 'offer').map((o) => (o as { id: string }).id)).toEqual([
      'summer',
      'summer-3',
      'summer-2',
    ]);
  });

  it('returns the same objects when every id is there and unique (typing costs no copy)', () => {
    const lists = listsWithIds(studio as Record<string, unknown>);
    const document = { offers: [{ id: 'a', title: 'A' }], search: { promoTiles: [{ id: 't' }] }, banners: [] };
    expect(withItemIds(document, lists)).toBe(document);
  });

  it('fills ids in lists inside other settings (search promo tiles)', () => {
    const lists = listsWithIds(studio as Record<string, unknown>);
    const out = withItemIds({ search: { perPage: 12, promoTiles: [{ title: 'EOFY' }] } }, lists);
    expect(out.search).toEqual({ perPage: 12, promoTiles: [{ title: 'EOFY', id: 'eofy' }] });
  });

  it('fills ids only in a list that grew: a cleared or retyped id is the editor’s, and no other item is renamed', () => {
    const lists = listsWithIds(studio as Record<string, unknown>);
    const before = {
      offers: [
        { id: 'summer', title: 'Summer' },
        { id: 'winter', title: 'Winter' },
      ],
    };
    // The id field cleared, or typed part-way to another item's id: left as typed (the validator names it).
    const cleared = { offers: [{ title: 'Summer' }, { id: 'winter', title: 'Winter' }] };
    expect(withItemIds(cleared, lists, before)).toBe(cleared);
    const clash = {
      offers: [
        { id: 'winter', title: 'Summer' },
        { id: 'winter', title: 'Winter' },
      ],
    };
    expect(withItemIds(clash, lists, before)).toBe(clash);
    // Duplicate: the list grew, so the copy gets its own id and the original keeps its own.
    const duplicated = { offers: [before.offers[0], { ...before.offers[0] }, before.offers[1]] };
    expect(withItemIds(duplicated, lists, before).offers.map((o) => o?.id)).toEqual(['summer', 'summer-2', 'winter']);
  });
});
