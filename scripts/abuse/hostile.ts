/**
 * Generated hostile input for the abuse suite: values of the wrong type and size, prototype keys,
 * broken encodings, deep nesting. Seeded, so a failing request can be generated again from its
 * number and the seed the suite prints.
 */
import { Rng } from '../../demo-data/generate-feed';

/** The demo feed's seeded generator: the same seed gives the same requests. */
export class Random {
  private readonly rng: Rng;
  constructor(seed: number) {
    this.rng = new Rng(seed);
  }
  next(): number {
    return this.rng.next();
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
];

/** Strings that have broken parsers, lookups and renderers before. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '9'.repeat(400),
  '0x1F',
  '1:2:3',
  ':',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%',
  '%zz',
  '%00',
  '\u0000',
  '\u202e evil',
  'Crème brûlée 🚗',
  '漢字',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '${7*7}',
  'a,b,c',
  ...PROTOTYPE_KEYS,
];

export function hostileString(r: Random): string {
  if (r.chance(0.05)) return 'x'.repeat(8 * 1024);
  if (r.chance(0.05)) return String.fromCharCode(0xd800); // a lone surrogate
  return r.pick(HOSTILE_STRINGS);
}

/** encodeURIComponent, except that a lone surrogate becomes the bytes of one (invalid UTF-8). */
export function encode(text: string): string {
  return [...text].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
}

/** A string as it may appear in a URL: raw (only what HTTP cannot carry encoded), encoded, or double-encoded. */
export function hostileUrlValue(r: Random): string {
  const value = hostileString(r);
  const mode = r.int(4);
  if (mode === 0)
    return [...value].map((c) => (/[\x21-\x7e]/.test(c) && !'#&?+ '.includes(c) ? c : encode(c))).join('');
  if (mode === 1) return encodeURIComponent(encode(value.slice(0, 2000)));
  return encode(value);
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function nested(depth: number, leaf: Json, asArray: boolean): Json {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
}

/** A JSON value of any type and size. */
export function hostileJson(r: Random, depth = 0): Json {
  const kind = r.int(depth > 2 ? 6 : 11);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 123, 2000]);
    case 3:
    case 4:
    case 5:
      return hostileString(r);
    case 6:
      return Array.from({ length: r.int(4) }, () => hostileJson(r, depth + 1));
    case 7:
      return hostileObject(r, depth + 1);
    case 8:
      return nested(r.pick([40, 200]), hostileString(r), r.chance(0.5));
    case 9:
      return r.chance(0.2) ? 'y'.repeat(1024 * 1024) : Array.from({ length: 2000 }, (_, i) => i);
    default: {
      const out: { [key: string]: Json } = {};
      setOwn(out, r.pick(PROTOTYPE_KEYS), hostileJson(r, depth + 1));
      return out;
    }
  }
}

/**
 * Sets an own property, whatever the key: `object["__proto__"] = value` would set the object's
 * prototype instead (or, on Object.prototype itself, throw), and the generator must never pollute
 * its own process.
 */
function setOwn(object: { [key: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function getOwn(object: { [key: string]: Json }, key: string): Json | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

export function hostileObject(r: Random, depth = 0, keys: readonly string[] = []): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  const count = r.int(5);
  for (let i = 0; i < count; i++)
    setOwn(
      out,
      r.chance(0.3)
        ? r.pick(PROTOTYPE_KEYS)
        : keys.length && r.chance(0.7)
          ? r.pick(keys)
          : hostileString(r).slice(0, 40),
      hostileJson(r, depth + 1),
    );
  return out;
}

/**
 * JSON text for a body: usually a mutation of a valid body (a field of the wrong type or size,
 * a missing field, a prototype key), sometimes not an object at all or not JSON. `__proto__` is
 * written as a literal key, which JSON.stringify of an object would not do.
 */
export function hostileBody(r: Random, valid: { [key: string]: Json }): string {
  const roll = r.int(10);
  if (roll === 0) return JSON.stringify(hostileJson(r));
  if (roll === 1)
    return r.pick([
      '',
      '{',
      '{"a":',
      'not json',
      '\u0000',
      '[]',
      'null',
      '"text"',
      '1e999',
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    ]);
  const body: { [key: string]: Json } = JSON.parse(JSON.stringify(valid)) as { [key: string]: Json };
  const keys = Object.keys(body);
  const mutations = 1 + r.int(3);
  for (let i = 0; i < mutations; i++) {
    const key = keys.length && r.chance(0.8) ? r.pick(keys) : r.pick(PROTOTYPE_KEYS);
    const current = getOwn(body, key);
    if (r.chance(0.25)) delete body[key];
    else if (current && typeof current === 'object' && !Array.isArray(current) && r.chance(0.5)) {
      const innerKeys = Object.keys(current);
      setOwn(current, innerKeys.length && r.chance(0.7) ? r.pick(innerKeys) : r.pick(PROTOTYPE_KEYS), hostileJson(r));
    } else setOwn(body, key, hostileJson(r));
  }
  let text = JSON.stringify(body);
  if (r.chance(0.1)) text = text.replace(/^\{/, `{"__proto__":${JSON.stringify(hostileJson(r))},`);
  return text;
}
