import { describe, expect, it } from 'vitest';
import { TranslatableString } from '@rjsf/utils';
import { sameData, studioWords } from './SchemaForm.client';

describe('sameData: what a form reported, as the editor hands it back (issue 32, typing under 50 ms a key)', () => {
  it('is the same data whatever the key order, and a key holding undefined is no key', () => {
    expect(sameData({ a: 1, b: { c: [1, { d: 'x' }] } }, { b: { c: [1, { d: 'x' }] }, a: 1 })).toBe(true);
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });
  it('tells any other difference apart: a value, a list item, its order, a type, a missing key', () => {
    expect(sameData({ a: 'Hello' }, { a: 'Hell' })).toBe(false);
    expect(sameData({ l: [1, 2] }, { l: [2, 1] })).toBe(false);
    expect(sameData({ l: [1, 2] }, { l: [1, 2, 3] })).toBe(false);
    expect(sameData({ a: [] }, { a: {} })).toBe(false);
    expect(sameData({ a: null }, { a: {} })).toBe(false);
    expect(sameData({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameData({ a: 1 }, undefined)).toBe(false);
  });
});

describe('rjsf’s words in the Studio’s (issue 32)', () => {
  it('names the entry of a named list by its short name, never “card Key”', () => {
    expect(studioWords(TranslatableString.KeyLabel, ['card'])).toBe('Short name of “card”');
  });
  it('leaves rjsf’s other words as they are', () => {
    expect(studioWords(TranslatableString.NewStringDefault)).toBe('New Value');
  });
});
