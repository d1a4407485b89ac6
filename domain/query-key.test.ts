import { describe, expect, it } from 'vitest';
import { MAX_QUERY_KEY_LENGTH, decodeQueryKey, encodeQueryKey, normaliseQuery } from './query-key';

const q = (text: string) => normaliseQuery(new URLSearchParams(text));

describe('the query cache key (issue 19: search pages cached per normalised query)', () => {
  it('gives one key to the same search however the address spells it', () => {
    const a = q('sortBy=lowestPrice&refinementList%5Bmake%5D%5B0%5D=Mazda&page=2');
    const b = q('page=2&utm_source=news&refinementList[make][0]=Mazda&sortBy=lowestPrice&gclid=x&query=&_rsc=abc');
    expect(a).toBe(b);
    expect(a).toBe('page=2&refinementList%5Bmake%5D%5B0%5D=Mazda&sortBy=lowestPrice');
  });

  it('keeps the order of a repeated name and every search parameter', () => {
    expect(q('b=2&a=z&a=y')).toBe('a=z&a=y&b=2');
    expect(q('query=ford%20ranger&range[price]=15000:40000')).toBe('query=ford+ranger&range%5Bprice%5D=15000%3A40000');
  });

  it('round-trips through a path-safe key, Unicode included, and refuses other spellings', () => {
    for (const query of ['', 'query=c%C3%B4te', q('query=ūte 4×4&page=3')]) {
      const key = encodeQueryKey(query);
      expect(key).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(decodeQueryKey(key ?? '')).toBe(query);
    }
    expect(decodeQueryKey('cGFnZT0y')).toBe('page=2');
    expect(decodeQueryKey('cGFnZT0y==')).toBeUndefined();
    expect(decodeQueryKey('cGFnZT0y/')).toBeUndefined();
    expect(decodeQueryKey('_w')).toBeUndefined(); // not UTF-8
  });

  it('has no key for a query too long to cache (the page is then rendered per request)', () => {
    expect(encodeQueryKey(`query=${'a'.repeat(MAX_QUERY_KEY_LENGTH)}`)).toBeUndefined();
    expect(decodeQueryKey('a'.repeat(MAX_QUERY_KEY_LENGTH + 4))).toBeUndefined();
  });
});
