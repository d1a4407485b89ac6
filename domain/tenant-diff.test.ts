import { describe, expect, it } from 'vitest';
import { describeChange, diffDocuments, fieldWords } from './tenant-diff';

describe('diffDocuments', () => {
  it('finds nothing between equal documents, whatever their key order', () => {
    const doc = { slug: 'a', theme: { colors: { primary: '#123456' } }, domains: ['a.example'] };
    expect(diffDocuments(doc, structuredClone(doc))).toEqual([]);
    expect(diffDocuments({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
  });

  it('reports a changed leaf with its JSON pointer and both values', () => {
    expect(
      diffDocuments({ theme: { colors: { primary: '#123456' } } }, { theme: { colors: { primary: '#abcdef' } } }),
    ).toEqual([{ pointer: '/theme/colors/primary', kind: 'changed', before: '#123456', after: '#abcdef' }]);
  });

  it('reports added and removed fields, the removed ones first (document order of before, then after)', () => {
    expect(diffDocuments({ name: 'A', legal: { abn: '1' } }, { name: 'A', contact: { phone: '02' } })).toEqual([
      { pointer: '/legal', kind: 'removed', before: { abn: '1' } },
      { pointer: '/contact', kind: 'added', after: { phone: '02' } },
    ]);
  });

  it('compares arrays of objects by index: a changed block prop, an added block, a removed block', () => {
    const before = {
      pages: {
        '/': {
          blocks: [
            { type: 'Hero', props: { title: 'Hi' } },
            { type: 'Text', props: { body: 'x' } },
          ],
        },
      },
    };
    const after = { pages: { '/': { blocks: [{ type: 'Hero', props: { title: 'Hello' } }] } } };
    expect(diffDocuments(before, after)).toEqual([
      { pointer: '/pages/~1/blocks/0/props/title', kind: 'changed', before: 'Hi', after: 'Hello' },
      { pointer: '/pages/~1/blocks/1', kind: 'removed', before: { type: 'Text', props: { body: 'x' } } },
    ]);
    expect(diffDocuments({ menu: [] }, { menu: [{ label: 'Stock' }] })).toEqual([
      { pointer: '/menu/0', kind: 'added', after: { label: 'Stock' } },
    ]);
  });

  it('treats an array of plain values as one value', () => {
    expect(diffDocuments({ domains: ['a.example', 'b.example'] }, { domains: ['a.example', 'c.example'] })).toEqual([
      { pointer: '/domains', kind: 'changed', before: ['a.example', 'b.example'], after: ['a.example', 'c.example'] },
    ]);
    expect(diffDocuments({ dealerships: [1, 2] }, { dealerships: [1, 2] })).toEqual([]);
  });

  it('reports a change of type (object to text, null to a value) as a changed leaf', () => {
    expect(diffDocuments({ logo: { src: '/a.svg' } }, { logo: 'a.svg' })).toEqual([
      { pointer: '/logo', kind: 'changed', before: { src: '/a.svg' }, after: 'a.svg' },
    ]);
    expect(diffDocuments({ note: null }, { note: 'x' })).toEqual([
      { pointer: '/note', kind: 'changed', before: null, after: 'x' },
    ]);
  });

  it('escapes ~ and / in keys as RFC 6901 says', () => {
    expect(diffDocuments({ 'a/b': { 'c~d': 1 } }, { 'a/b': { 'c~d': 2 } })).toEqual([
      { pointer: '/a~1b/c~0d', kind: 'changed', before: 1, after: 2 },
    ]);
  });

  it('treats a missing document as everything added or removed at the root', () => {
    expect(diffDocuments(undefined, { slug: 'a' })).toEqual([{ pointer: '', kind: 'added', after: { slug: 'a' } }]);
    expect(diffDocuments({ slug: 'a' }, undefined)).toEqual([{ pointer: '', kind: 'removed', before: { slug: 'a' } }]);
    expect(diffDocuments(undefined, undefined)).toEqual([]);
  });
});

describe('describeChange', () => {
  it('writes one readable line per change', () => {
    expect(
      describeChange({ pointer: '/theme/colors/primary', kind: 'changed', before: '#123456', after: '#abcdef' }),
    ).toBe('/theme/colors/primary changed from #123456 to #abcdef');
    expect(describeChange({ pointer: '/contact/email', kind: 'added', after: 'sales@example.com' })).toBe(
      '/contact/email added: sales@example.com',
    );
    expect(describeChange({ pointer: '/features/finance', kind: 'removed', before: true })).toBe(
      '/features/finance removed (was true)',
    );
    expect(describeChange({ pointer: '/domains', kind: 'changed', before: ['a.example'], after: [] })).toBe(
      '/domains changed from ["a.example"] to []',
    );
  });

  it('quotes empty text and text with outer spaces, and cuts long values short', () => {
    expect(describeChange({ pointer: '/name', kind: 'changed', before: '', after: ' A ' })).toBe(
      '/name changed from "" to " A "',
    );
    const line = describeChange({ pointer: '/legal/text', kind: 'added', after: 'x'.repeat(500) });
    expect(line.length).toBeLessThan(120);
    expect(line.endsWith('...')).toBe(true);
  });

  it('names the whole document when the pointer is the root', () => {
    expect(describeChange({ pointer: '', kind: 'added', after: {} })).toBe('the whole document added: {}');
  });
});

describe('fieldWords (issue 16: "a readable per-field diff")', () => {
  it('names a place in a tenant document in words, counting list items from 1', () => {
    expect(fieldWords('/pages/~1/blocks/0/props/heading')).toBe('page / › block 1 › heading');
    expect(fieldWords('/pages/~1about-us/title')).toBe('page /about-us › title');
    expect(fieldWords('/theme/colors/onPrimary')).toBe('theme › colors › on primary');
    expect(fieldWords('/offers/2/expiry')).toBe('offers › item 3 › expiry');
    expect(fieldWords('/layout/header/1/props/links')).toBe('layout › header › item 2 › links');
    expect(fieldWords('')).toBe('the whole document');
  });
});
