/**
 * The Tenant Studio (issue 16) builds its forms from these schemas: a property's `title` is the
 * field's label and its `description` the help text under it, read by a dealer's marketing person.
 * So every property, at any depth (inside `definitions`, array `items`, `additionalProperties`,
 * `anyOf`/`oneOf` branches), needs both, and the title must read as a label, not a type name.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;

const FILES = ['tenant.schema.json', 'form.schema.json', 'page.schema.json', 'filter.schema.json'] as const;

/** Keywords whose values are data, not schemas: nothing below them is a property. */
const DATA_KEYWORDS = new Set(['default', 'enum', 'const', 'examples']);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 6901: "~" is written ~0 and "/" is ~1. */
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** A label in sentence case ("Primary colour"), not a TypeScript-style name ("ThemeColours"). */
const looksLikeTypeName = (title: string): boolean => /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/.test(title);

/**
 * Every property of a schema, as its JSON pointer and its schema. A property whose schema is the
 * boolean `true` (as in `"oneOf": [{ "properties": { "fields": true }, "required": ["fields"] }]`)
 * only constrains which keys appear; it is not a field of its own, so it is not listed.
 */
function propertiesOf(schema: unknown): { pointer: string; schema: Json }[] {
  const out: { pointer: string; schema: Json }[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`));
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key)) continue;
      const at = `${pointer}/${escape(key)}`;
      if (key === 'properties' && isObject(value)) {
        // Keys here are property names (a property may well be called "title" or "properties").
        for (const [name, property] of Object.entries(value)) {
          if (!isObject(property)) continue;
          const propertyPointer = `${at}/${escape(name)}`;
          out.push({ pointer: propertyPointer, schema: property });
          walk(property, propertyPointer);
        }
      } else walk(value, at);
    }
  };
  walk(schema, '');
  return out;
}

/** What is missing or wrong, one line per problem, each naming the file and JSON pointer. */
function labelProblems(file: string, schema: unknown): string[] {
  const problems: string[] = [];
  for (const { pointer, schema: property } of propertiesOf(schema)) {
    const where = `${file}#${pointer}`;
    if (!filled(property.title)) problems.push(`${where}: add a "title" (the field's label in the Studio)`);
    else if (looksLikeTypeName(property.title as string))
      problems.push(
        `${where}: the title "${String(property.title)}" reads as a type name; write a label in sentence case`,
      );
    if (!filled(property.description))
      problems.push(`${where}: add a "description" (help text for the person editing the site)`);
  }
  return problems;
}

const read = (file: string): unknown => JSON.parse(readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8'));

describe('platform schemas give the Studio a label and help text for every property', () => {
  for (const file of FILES)
    it(file, () => {
      const schema = read(file);
      // Guards against a walk that finds nothing and so passes vacuously.
      expect(propertiesOf(schema).length).toBeGreaterThan(5);
      expect(labelProblems(file, schema)).toEqual([]);
    });

  it("every feature switch explains itself, since its description is the switch's help text", () => {
    const tenant = read('tenant.schema.json') as { definitions: { features: { properties: Record<string, Json> } } };
    const switches = Object.entries(tenant.definitions.features.properties);
    expect(switches.length).toBeGreaterThan(0);
    for (const [name, property] of switches) {
      expect(property.type, name).toBe('boolean');
      // A sentence or two, not a bare phrase.
      expect(String(property.description).length, name).toBeGreaterThanOrEqual(40);
    }
  });
});

describe('the check itself', () => {
  it('finds properties at any depth and names each by its JSON pointer', () => {
    const schema = {
      properties: {
        'a/b': { title: 'A', description: 'Fine.', type: 'object', properties: { deep: { type: 'string' } } },
        list: { title: 'List', description: 'Items.', type: 'array', items: { properties: { x: { title: 'X' } } } },
        map: {
          title: 'Map',
          description: 'Values.',
          additionalProperties: { properties: { y: { description: 'No title.' } } },
        },
        typed: { title: 'ThemeColours', description: 'A type name as a label.' },
        withDefault: { title: 'D', description: 'D.', default: { properties: { notASchema: {} } } },
      },
      oneOf: [{ properties: { list: true }, required: ['list'] }],
      definitions: { d: { properties: { z: { title: ' ', description: '' } } } },
    };
    expect(labelProblems('x.json', schema)).toEqual([
      'x.json#/properties/a~1b/properties/deep: add a "title" (the field\'s label in the Studio)',
      'x.json#/properties/a~1b/properties/deep: add a "description" (help text for the person editing the site)',
      'x.json#/properties/list/items/properties/x: add a "description" (help text for the person editing the site)',
      'x.json#/properties/map/additionalProperties/properties/y: add a "title" (the field\'s label in the Studio)',
      'x.json#/properties/typed: the title "ThemeColours" reads as a type name; write a label in sentence case',
      'x.json#/definitions/d/properties/z: add a "title" (the field\'s label in the Studio)',
      'x.json#/definitions/d/properties/z: add a "description" (help text for the person editing the site)',
    ]);
  });
});
