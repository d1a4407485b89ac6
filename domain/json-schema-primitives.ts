/**
 * The run-time pieces of ajv 8 that a JSON Schema interpreter needs to answer as ajv does, for the
 * two that check schemas in the browser without generating code (issue 30, L6): a tenant form's
 * check (./forms/form-schema-check.ts) and the Studio editor's rjsf validator
 * (studio/editor/schema-validator.ts). One copy, so the two cannot drift apart from each other; each
 * is held to ajv by its own test. Where the two ajv instances they follow are configured
 * differently (strictNumbers, which formats, multipleOf's precision), the caller says which it
 * follows, or keeps that piece itself. Pure.
 */
import { fullFormats } from 'ajv-formats/dist/formats';

/** ajv's object: not null and not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** ajv's deep equality (fast-deep-equal) for JSON values: NaN equals NaN. */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => equal(item, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && equal(a[key], b[key]));
  }
  return a !== a && b !== b;
}

/** Which numbers ajv takes for a number: with strictNumbers only finite ones, without it NaN and Infinity too. */
export interface NumberRule {
  strictNumbers: boolean;
}

/** ajv's test of a JSON type name (false for a name that is none). */
export function hasJsonType(type: unknown, data: unknown, { strictNumbers }: NumberRule): boolean {
  switch (type) {
    case 'string':
      return typeof data === 'string';
    case 'number':
      return typeof data === 'number' && (!strictNumbers || Number.isFinite(data));
    case 'integer':
      return (
        typeof data === 'number' && !(data % 1) && !Number.isNaN(data) && (!strictNumbers || Number.isFinite(data))
      );
    case 'boolean':
      return typeof data === 'boolean';
    case 'null':
      return data === null;
    case 'array':
      return Array.isArray(data);
    case 'object':
      return isRecord(data);
    default:
      return false;
  }
}

/** Characters as ajv counts them for maxLength and minLength: a surrogate pair is one. */
export function ucs2length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    length++;
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return length;
}

/** A JSON pointer segment (RFC 6901): '~' and '/' escaped, as ajv writes instancePath. */
export const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
export const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

const patterns = new Map<string, RegExp>();
const MOST_PATTERNS = 500;

/** A schema's pattern as ajv runs it (unicode flag), compiled once. Throws a SyntaxError for an invalid one. */
export function patternRegExp(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    // A page meets few schemas, but this may run in a long-lived process: keep the cache bounded.
    if (patterns.size >= MOST_PATTERNS) patterns.clear();
    patterns.set(pattern, (compiled = new RegExp(pattern, 'u')));
  }
  return compiled;
}

type LimitKeyword = 'maximum' | 'minimum' | 'exclusiveMaximum' | 'exclusiveMinimum';

/** ajv's numeric limits, in its order: the sign its message shows, and whether data fails (NaN fails each). */
export const NUMBER_LIMITS: Readonly<
  Record<LimitKeyword, { sign: string; fails: (data: number, limit: number) => boolean }>
> = {
  maximum: { sign: '<=', fails: (d, l) => d > l || Number.isNaN(d) },
  minimum: { sign: '>=', fails: (d, l) => d < l || Number.isNaN(d) },
  exclusiveMaximum: { sign: '<', fails: (d, l) => d >= l || Number.isNaN(d) },
  exclusiveMinimum: { sign: '>', fails: (d, l) => d <= l || Number.isNaN(d) },
};

/** A format as ajv uses it: the data type it applies to (ajv checks it only for that type) and its test. */
export interface FormatTest {
  type: string;
  test: (data: unknown) => boolean;
}

/**
 * ajv-formats' format of this name (full mode), as ajv uses it; undefined where ajv-formats has no
 * test by that name. What an unknown format means is the caller's: ajv in strict mode refuses the
 * schema, with strict off it ignores the keyword.
 */
export function fullFormat(name: string): FormatTest | undefined {
  const format = (fullFormats as Record<string, unknown>)[name];
  const definition = isRecord(format) && !(format instanceof RegExp) ? format : undefined;
  const check = definition ? definition.validate : format;
  const type = typeof definition?.type === 'string' ? definition.type : 'string';
  if (check instanceof RegExp) return { type, test: (data) => check.test(data as string) };
  if (typeof check === 'function')
    return { type, test: (data) => Boolean((check as (data: unknown) => unknown)(data)) };
  if (check === true) return { type, test: () => true };
  return undefined;
}

/**
 * ajv's uniqueItems: from the end, the first item seen again, as the `i` and `j` of ajv's error.
 * When the items schema names only scalar types, ajv looks values up (and skips items of another
 * type): `i` is then the earlier item; otherwise it compares every pair and `i` is the later.
 */
export function duplicateItems(
  list: readonly unknown[],
  itemTypes: readonly unknown[],
  numbers: NumberRule,
): { i: number; j: number } | undefined {
  if (itemTypes.length && !itemTypes.some((type) => type === 'object' || type === 'array')) {
    const indices: Record<string, unknown> = {};
    for (let i = list.length; i--;) {
      let item = list[i];
      if (!itemTypes.some((type) => hasJsonType(type, item, numbers))) continue;
      if (itemTypes.length > 1 && typeof item === 'string') item = `${item}_`;
      const key = item as string;
      if (typeof indices[key] === 'number') return { i, j: indices[key] };
      indices[key] = i;
    }
    return undefined;
  }
  for (let i = list.length; i--;) for (let j = i; j--;) if (equal(list[i], list[j])) return { i, j };
  return undefined;
}
