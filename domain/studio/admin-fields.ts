/**
 * The fields of a tenant document that say who a site is and what it owns (issue 30): its id, its
 * web addresses, its dealer group, the dealerships whose stock and locations it shows, and where its
 * enquiries and chat messages go with the secrets that sign them. A site editor who could change
 * them could take another dealer's address, stock or customers, so only an admin changes them.
 *
 * The schema says which fields these are (`x-admin-only: true` on the property), so the Studio's
 * forms (read-only for other roles) and the server's check (a refused publish or restore) read the
 * same list and cannot drift apart.
 */

/** The schema keyword that marks a property only an admin may change. */
export const ADMIN_ONLY_KEYWORD = 'x-admin-only';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One admin-only field: where it is in a document, and its title in an editor's words. */
export interface AdminField {
  /** Property names from the document's root, e.g. ['messaging', 'endpoint']. */
  path: readonly string[];
  /** The field's title from the schema, e.g. "Web addresses". */
  title: string;
  /** The schema's default: a document without the field has this value (an editor's form may fill it in). */
  default?: unknown;
}

/** How deep the walk follows nested objects and references (the tenant schema nests 3 deep at most here). */
const MAX_DEPTH = 6;

function resolveLocal(node: JsonObject, root: JsonObject): JsonObject {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return node;
  const definitions = isObject(root.definitions) ? root.definitions : {};
  const target = definitions[decodeURIComponent(ref.slice('#/definitions/'.length))];
  return isObject(target) ? { ...target, ...node } : node;
}

/**
 * Every admin-only field of a schema (the tenant schema, or the Studio's bundle of it): the
 * properties marked `x-admin-only: true`, found through nested objects and `#/definitions`
 * references. A marked property is one field as a whole (a list of destinations, say).
 */
export function adminOnlyFields(schema: unknown): AdminField[] {
  if (!isObject(schema)) return [];
  const fields: AdminField[] = [];
  const walk = (node: JsonObject, path: string[], depth: number) => {
    if (depth > MAX_DEPTH) return;
    const resolved = resolveLocal(node, schema);
    if (!isObject(resolved.properties)) return;
    for (const [key, child] of Object.entries(resolved.properties)) {
      if (!isObject(child)) continue;
      if (child[ADMIN_ONLY_KEYWORD] === true) {
        fields.push({
          path: [...path, key],
          title: typeof child.title === 'string' ? child.title : key,
          ...(child.default !== undefined ? { default: child.default } : {}),
        });
        continue;
      }
      walk(child, [...path, key], depth + 1);
    }
  };
  walk(schema, [], 0);
  return fields;
}

function valueAt(document: unknown, path: readonly string[]): unknown {
  let value: unknown = document;
  for (const key of path) {
    if (!isObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

/** Equal as JSON values (key order of objects does not count). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    const other = Object.keys(b).filter((key) => b[key] !== undefined);
    return keys.length === other.length && keys.every((key) => sameJson(a[key], b[key]));
  }
  return false;
}

/** A JSON pointer for a path of property names (RFC 6901 escaping). */
export function pointerOf(path: readonly string[]): string {
  return path.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** An admin-only field a document changes, with the sentence that says so. */
export interface AdminFieldChange {
  pointer: string;
  title: string;
  message: string;
}

/**
 * The admin-only fields `after` changes from `before` (the site's document as it is served now):
 * a field added, removed or given another value. Empty when every such field is as it was.
 */
export function adminFieldChanges(fields: readonly AdminField[], before: unknown, after: unknown): AdminFieldChange[] {
  return fields
    .filter(
      (field) => !sameJson(valueAt(before, field.path) ?? field.default, valueAt(after, field.path) ?? field.default),
    )
    .map((field) => ({
      pointer: pointerOf(field.path),
      title: field.title,
      message: `only a platform admin can change “${field.title}”: put it back as it was, or ask an admin to change it`,
    }));
}
