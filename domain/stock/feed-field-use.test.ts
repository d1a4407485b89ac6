/**
 * Issue 18: every field of the feed is "either imported and used, or listed in the import report
 * as 'stored, not shown' — never dropped silently". This guard walks every field the feed schema
 * knows and checks that each one not listed in STORED_NOT_SHOWN is read somewhere in the product's
 * own code (not its tests, the schema's generated types or the importer, which only stores it).
 * A word search is a coarse check for common names such as `name`; for the specific field names it
 * catches a field added to the schema and then never shown, which must then be listed in
 * STORED_NOT_SHOWN with its reason, or used.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import feedSchema from '../../schemas/feed.schema.json';
import { STORED_NOT_SHOWN } from './adapt-feed';

type Node = {
  $ref?: string;
  properties?: Record<string, Node>;
  additionalProperties?: boolean | Node;
  items?: Node;
};
const definitions = (feedSchema as { definitions: Record<string, Node> }).definitions;
const resolve = (node: Node): Node =>
  node.$ref ? resolve(definitions[node.$ref.replace('#/definitions/', '')] ?? {}) : node;

/** Fields the importer itself keeps or acts on, rather than a page. */
const NOT_SHOWN_BY_DESIGN = new Set([
  'unmapped', // the unknown fields, kept as sent
  'feed', // where the scheduler pulls a dealership's feed from (services/feeds)
]);

function fieldPaths(node: Node, path: string, out: string[], depth = 0): void {
  const n = resolve(node);
  if (depth > 8) return;
  if (n.items) fieldPaths(n.items, `${path}/*`, out, depth + 1);
  if (typeof n.additionalProperties === 'object') fieldPaths(n.additionalProperties, `${path}/*`, out, depth + 1);
  for (const [key, child] of Object.entries(n.properties ?? {})) {
    if (NOT_SHOWN_BY_DESIGN.has(key)) continue;
    out.push(`${path}/${key}`);
    fieldPaths(child, `${path}/${key}`, out, depth + 1);
  }
}

const PRODUCT_DIRS = ['app', 'blocks', 'components', 'domain', 'engine', 'server', 'services', 'studio'];
const NOT_READING =
  /(\.test\.tsx?$|types\.generated\.ts$|\/testing\/|\/fixtures\/|adapt-feed\.ts$|import-feed\.ts$|test-feed\.ts$)/;

function productSource(): string {
  const root = new URL('../../', import.meta.url).pathname;
  const parts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry) && !NOT_READING.test(full)) parts.push(readFileSync(full, 'utf8'));
    }
  };
  for (const dir of PRODUCT_DIRS) walk(join(root, dir));
  return parts.join('\n');
}

describe('every feed field is used or reported as stored, not shown (issue 18)', () => {
  it('finds each field not listed in STORED_NOT_SHOWN read in the product code', () => {
    const paths: string[] = [];
    for (const name of ['dealerships', 'locations', 'cars', 'manufacturers', 'models']) {
      const items = (feedSchema as { properties: Record<string, Node> }).properties[name]?.items ?? {};
      fieldPaths(items, `/${name}/*`, paths);
    }
    expect(paths.length).toBeGreaterThan(150);
    const listed = STORED_NOT_SHOWN.map((s) => s.field);
    const source = productSource();
    const unread = paths.filter((path) => {
      if (listed.some((field) => path === field || path.startsWith(`${field}/`))) return false;
      const name = path.split('/').pop() ?? '';
      return name !== '*' && !new RegExp(`\\b${name}\\b`).test(source);
    });
    expect(unread).toEqual([]);
  });

  it('lists only fields the feed schema has, each with its reason', () => {
    const paths: string[] = [];
    for (const name of ['dealerships', 'locations', 'cars', 'manufacturers', 'models']) {
      const items = (feedSchema as { properties: Record<string, Node> }).properties[name]?.items ?? {};
      fieldPaths(items, `/${name}/*`, paths);
    }
    for (const { field, why } of STORED_NOT_SHOWN) {
      expect(paths, field).toContain(field);
      expect(why.length, field).toBeGreaterThan(5);
    }
  });
});
