import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { getDefaultFormState, retrieveSchema, withIdRefPrefix, type RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { describe, expect, it, vi } from 'vitest';
import studioSchema from '../../schemas/studio.schema.json';
import type { SchemaNode } from './editor-types';
import { blockPropsSchema, sectionSchema } from './schema-tools';
import { SECTIONS } from './sections';
import {
  StudioSchemaValidator,
  UNFOLLOWED_KEYWORDS,
  UnsupportedKeywordError,
  matchesSchema,
  schemaIssues,
} from './schema-validator';

/**
 * The Studio's validator without code generation (issue 30, L6) against rjsf's ajv validator, which
 * it replaces: every part of the Studio's schema with what the tenant and template documents hold
 * there (and near misses), and rjsf's own choices between alternatives as it draws each tab and
 * each block's form.
 */
const root = studioSchema as unknown as RJSFSchema;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}
const documents = [...jsonFiles('tenants'), ...jsonFiles('pages-json')].map((file) => ({
  file,
  json: JSON.parse(readFileSync(file, 'utf8')) as Json,
}));

// rjsf's ajv, as SchemaForm.client.tsx configured it before issue 30.
const ajv = createAjvInstance(undefined, undefined, { strict: false, allowUnionTypes: true }) as unknown as Ajv;
ajv.addSchema(root as object, '__rjsf_rootSchema');
const compiled = new WeakMap<object, ValidateFunction>();
function ajvAccepts(schema: RJSFSchema | boolean, data: unknown): boolean {
  if (typeof schema === 'boolean') return schema;
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(withIdRefPrefix(schema) as object)));
  return validate(data) as boolean;
}

function resolve(ref: string): RJSFSchema | boolean {
  let node: unknown = root;
  for (const segment of ref.replace(/^#\/?/, '').split('/').filter(Boolean))
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node as RJSFSchema | boolean;
}

/** Every (schema part, value) a document holds: the value at each place, against every schema that applies there. */
function pairs(
  schema: unknown,
  value: unknown,
  out: Array<[RJSFSchema | boolean, unknown]>,
  seen: WeakMap<object, Set<string>>,
) {
  if (typeof schema === 'boolean') return;
  if (!isRecord(schema)) return;
  const key = JSON.stringify(value) ?? 'undefined';
  const known = seen.get(schema) ?? new Set<string>();
  if (known.has(key)) return;
  known.add(key);
  seen.set(schema, known);
  out.push([schema as RJSFSchema, value]);
  const walk = (child: unknown, inner: unknown) => pairs(child, inner, out, seen);
  if (typeof schema.$ref === 'string') walk(resolve(schema.$ref), value);
  for (const keyword of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(schema[keyword])) for (const branch of schema[keyword] as unknown[]) walk(branch, value);
  for (const keyword of ['if', 'then', 'else', 'not']) walk(schema[keyword], value);
  if (isRecord(value)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    for (const [name, inner] of Object.entries(value)) {
      if (properties[name] !== undefined) walk(properties[name], inner);
      else walk(schema.additionalProperties, inner);
      if (isRecord(schema.patternProperties))
        for (const [pattern, child] of Object.entries(schema.patternProperties))
          if (new RegExp(pattern, 'u').test(name)) walk(child, inner);
    }
  }
  if (Array.isArray(value) && schema.items !== undefined)
    value.forEach((item, i) => walk(Array.isArray(schema.items) ? schema.items[i] : schema.items, item));
}

/** Values near one a document holds: a key gone, one too many, a wrong type, an empty or a long text... */
function nearMisses(value: unknown): unknown[] {
  if (isRecord(value)) {
    const keys = Object.keys(value);
    return [
      {},
      { ...value, notAKey: 1 },
      ...keys.slice(0, 4).map((k) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== k))),
      ...keys.slice(0, 2).flatMap((k) => [null, 'x', 12, [], {}].map((wrong) => ({ ...value, [k]: wrong }))),
    ];
  }
  if (Array.isArray(value)) return [[], [...value, value[0]], value.slice(1), [null], 'x'];
  if (typeof value === 'string')
    return [
      '',
      ' ',
      `${value} `,
      'x'.repeat(600),
      '//evil.example',
      'javascript:alert(1)',
      '#12',
      '2024-02-30',
      'a@b',
      5,
    ];
  if (typeof value === 'number') return [-1, 0, 0.5, 1e9, value + 1, 0.1 * 3, `${value}`, null];
  if (typeof value === 'boolean') return [!value, 'true', 1];
  return [0, '', false];
}

describe("the Studio's validator follows rjsf's ajv (issue 30, L6)", () => {
  it("meets no keyword of ajv's it does not follow in the Studio's schema, and no reference outside it", () => {
    const found: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${path}/${i}`));
      if (!isRecord(node)) return;
      for (const [key, value] of Object.entries(node)) {
        if (UNFOLLOWED_KEYWORDS.has(key)) found.push(`${path}/${key}`);
        if (key === '$ref' && (typeof value !== 'string' || !value.startsWith('#'))) found.push(`${path}/$ref`);
        walk(value, `${path}/${key}`);
      }
    };
    walk(root, '#');
    expect(found).toEqual([]);
    expect(() => matchesSchema({ type: 'string', formatMaximum: '2020-01-01' }, 'x')).toThrow(UnsupportedKeywordError);
  });

  it('answers as ajv for every part of the schema, with what each tenant and template document holds there and near misses', () => {
    const all: Array<[RJSFSchema | boolean, unknown]> = [];
    const seen = new WeakMap<object, Set<string>>();
    for (const { json } of documents) pairs(root, json, all, seen);
    expect(all.length).toBeGreaterThan(2000);
    let accepted = 0;
    let refused = 0;
    let i = 0;
    for (const [schema, value] of all) {
      const values = i++ % 5 === 0 ? [value, ...nearMisses(value)] : [value];
      for (const data of values) {
        const expected = ajvAccepts(schema, data);
        const label = `${JSON.stringify(schema).slice(0, 300)}\nvalue ${JSON.stringify(data)?.slice(0, 300)}`;
        expect(matchesSchema(schema, data, root as SchemaNode), label).toBe(expected);
        if (expected) accepted++;
        else refused++;
      }
    }
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });

  it('collects issues exactly when the data does not match, each at its place', () => {
    const docs = documents.filter((d) => d.file.startsWith('tenants/') && !d.file.includes('groups'));
    for (const { file, json } of docs) {
      expect(schemaIssues(root as SchemaNode, json), file).toEqual([]);
      const broken: Record<string, unknown> = {
        ...(json as Record<string, unknown>),
        slug: 'Not A Slug',
        domains: 'x',
      };
      delete broken.schemaVersion;
      const issues = schemaIssues(root as SchemaNode, broken);
      expect(issues.map((issue) => `${issue.keyword} ${issue.instancePath}`)).toEqual(
        expect.arrayContaining(['required ', 'pattern /slug', 'type /domains']),
      );
      expect(issues.find((issue) => issue.keyword === 'required')?.params).toEqual({
        missingProperty: 'schemaVersion',
      });
      expect(ajvAccepts(root, broken)).toBe(false);
    }
  });

  it("makes rjsf draw each tab and each block's form as rjsf's ajv validator did (alternatives, conditions, defaults)", () => {
    const before = customizeValidator({ ajvOptionsOverrides: { strict: false, allowUnionTypes: true } });
    const now = new StudioSchemaValidator();
    const bundle = root as SchemaNode;
    const same = (schema: RJSFSchema, data: unknown, label: string) => {
      expect(getDefaultFormState(now, schema, data, schema), label).toEqual(
        getDefaultFormState(before, schema, data, schema),
      );
      expect(retrieveSchema(now, schema, schema, data), label).toEqual(retrieveSchema(before, schema, schema, data));
    };
    let forms = 0;
    const perType = new Map<string, number>();
    for (const { file, json } of documents) {
      if (!isRecord(json)) continue;
      // Each tab of the three demo sites and the base template (rjsf's ajv takes seconds to draw them).
      if (/^tenants\/[^/]+\.json$|base\/pages\.json$/.test(file))
        for (const section of SECTIONS) {
          const data = Object.fromEntries(section.keys.filter((key) => key in json).map((key) => [key, json[key]]));
          same(sectionSchema(bundle, section.keys) as RJSFSchema, data, `${file} ${section.id}`);
          forms++;
        }
      const blocks: Array<{ type: string; props: unknown }> = [];
      const collect = (node: unknown) => {
        if (Array.isArray(node)) node.forEach(collect);
        else if (isRecord(node)) {
          if (typeof node.type === 'string' && isRecord(node.props))
            blocks.push({ type: node.type, props: node.props });
          Object.values(node).forEach(collect);
        }
      };
      collect(json);
      for (const block of blocks) {
        const schema = blockPropsSchema(bundle, block.type);
        // A few of each block type: the drawing of one type's form differs only by its props.
        const count = perType.get(block.type) ?? 0;
        if (!schema || count >= 4) continue;
        perType.set(block.type, count + 1);
        same(schema as RJSFSchema, block.props, `${file} ${block.type}`);
        forms++;
      }
    }
    expect(forms).toBeGreaterThan(100);
  });

  it('gives rjsf errors in its own shape when asked to validate (the editor never asks: noValidate)', () => {
    const validator = new StudioSchemaValidator();
    const schema: RJSFSchema = {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' }, size: { type: 'integer', minimum: 1 } },
    };
    const { errors, errorSchema } = validator.validateFormData({ size: 0 }, schema);
    expect(errors.map((e) => [e.name, e.property, e.message])).toEqual([
      ['required', '.name', "must have required property 'name'"],
      ['minimum', '.size', 'must be >= 1'],
    ]);
    expect(errorSchema).toEqual({
      name: { __errors: ["must have required property 'name'"] },
      size: { __errors: ['must be >= 1'] },
    });
    expect(validator.validateFormData({ name: 'x', size: 2 }, schema).errors).toEqual([]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(validator.isValid({ $ref: 'other.json#/x' }, {}, schema)).toBe(false);
    warn.mockRestore();
  });
});
