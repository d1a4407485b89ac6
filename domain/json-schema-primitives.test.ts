import { describe, expect, it } from 'vitest';
import {
  duplicateItems,
  equal,
  escapePointer,
  fullFormat,
  hasJsonType,
  NUMBER_LIMITS,
  patternRegExp,
  ucs2length,
  unescapePointer,
} from './json-schema-primitives';

const STRICT = { strictNumbers: true };
const LOOSE = { strictNumbers: false };

describe("ajv's run-time pieces shared by the browser's schema checks (issue 30, L6)", () => {
  it('compares JSON values deeply as fast-deep-equal does', () => {
    expect(equal({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] })).toBe(true);
    expect(equal(NaN, NaN)).toBe(true);
    expect(equal({ a: undefined }, { b: undefined })).toBe(false);
    expect(equal([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(equal([1, 2], [1, 2, 3])).toBe(false);
    expect(equal(0, -0)).toBe(true);
  });

  it('takes NaN and Infinity for numbers only without strictNumbers', () => {
    for (const value of [NaN, Infinity, -Infinity]) expect(hasJsonType('number', value, STRICT)).toBe(false);
    expect(hasJsonType('number', NaN, LOOSE)).toBe(true);
    expect(hasJsonType('integer', Infinity, LOOSE)).toBe(true);
    expect(hasJsonType('integer', Infinity, STRICT)).toBe(false);
    expect(hasJsonType('integer', NaN, LOOSE)).toBe(false);
    expect(hasJsonType('integer', 2.0, STRICT)).toBe(true);
    expect(hasJsonType('integer', 2.5, LOOSE)).toBe(false);
    expect(hasJsonType('object', [], LOOSE)).toBe(false);
    expect(hasJsonType('object', null, LOOSE)).toBe(false);
    expect(hasJsonType('null', null, STRICT)).toBe(true);
    expect(hasJsonType('date', '2024-01-01', LOOSE)).toBe(false);
  });

  it('counts a surrogate pair as one character, a lone surrogate as one', () => {
    expect(ucs2length('a😀b')).toBe(3);
    expect(ucs2length('\ud83d')).toBe(1);
    expect(ucs2length('')).toBe(0);
  });

  it('escapes JSON pointer segments both ways', () => {
    expect(escapePointer('a/b~c')).toBe('a~1b~0c');
    expect(unescapePointer('a~1b~0c')).toBe('a/b~c');
    expect(unescapePointer(escapePointer('~1'))).toBe('~1');
  });

  it('fails every numeric limit for NaN', () => {
    for (const { fails } of Object.values(NUMBER_LIMITS)) expect(fails(NaN, 0)).toBe(true);
    expect(NUMBER_LIMITS.maximum.fails(3, 3)).toBe(false);
    expect(NUMBER_LIMITS.exclusiveMaximum.fails(3, 3)).toBe(true);
    expect(NUMBER_LIMITS.minimum.fails(3, 3)).toBe(false);
    expect(NUMBER_LIMITS.exclusiveMinimum.fails(3, 3)).toBe(true);
  });

  it("gives ajv-formats' formats with the data type they apply to, and nothing for an unknown name", () => {
    expect(fullFormat('email')?.type).toBe('string');
    expect(fullFormat('email')?.test('a@b.co')).toBe(true);
    expect(fullFormat('email')?.test('nope')).toBe(false);
    expect(fullFormat('int32')?.type).toBe('number');
    expect(fullFormat('int32')?.test(2 ** 31)).toBe(false);
    expect(fullFormat('password')?.test('anything')).toBe(true);
    expect(fullFormat('colour')).toBeUndefined();
    expect(fullFormat('__proto__')).toBeUndefined();
  });

  it('compiles a pattern once, with the unicode flag', () => {
    expect(patternRegExp('^\\p{Lu}$')).toBe(patternRegExp('^\\p{Lu}$'));
    expect(patternRegExp('^\\p{Lu}$').test('É')).toBe(true);
    expect(() => patternRegExp('\\-[')).toThrow(SyntaxError);
  });

  it('finds the last item seen again, skipping items of other types when the items are scalars', () => {
    expect(duplicateItems([1, 2, 1, 2], [], LOOSE)).toEqual({ i: 3, j: 1 });
    expect(duplicateItems([1, 2, 1, 2], ['number'], LOOSE)).toEqual({ i: 1, j: 3 });
    expect(duplicateItems([{ a: 1 }, { a: 1 }], ['object'], STRICT)).toEqual({ i: 1, j: 0 });
    expect(duplicateItems(['x', { a: 1 }, { a: 1 }], ['string'], STRICT)).toBeUndefined();
    // With more than one type, a string is told apart from the number it spells.
    expect(duplicateItems(['1', 1], ['string', 'number'], STRICT)).toBeUndefined();
    expect(duplicateItems(['1', 1], [], STRICT)).toBeUndefined();
    expect(duplicateItems([NaN, NaN], ['number'], STRICT)).toBeUndefined();
    expect(duplicateItems([NaN, NaN], ['number'], LOOSE)).toEqual({ i: 0, j: 1 });
  });
});
