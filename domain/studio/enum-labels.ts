/**
 * Choices in words (issue 32): a list of choices whose values are codes (`source-serif`, `A`,
 * `lowestKm`, `1`) shows each choice to a site editor by its label, never by its code. The schema
 * holds the labels beside the values: `"x-enum-labels": { "source-serif": "Source Serif: classic,
 * with serifs" }`. The Studio's forms read them (studio/editor/ui-schema.ts); the test beside
 * this file holds every choice list of the Studio's bundle to having a label for every value.
 */

/** The schema keyword holding a choice list's labels, by value (written as text). */
export const ENUM_LABELS_KEYWORD = 'x-enum-labels';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The schema keyword saying, in words, what an optional choice left empty does on the site: "A
 * plain link (the default)". The Studio shows it as the choice list's empty entry, which would
 * otherwise be blank.
 */
export const UNSET_LABEL_KEYWORD = 'x-unset-label';

/** What a schema node's choice left empty means, in words, or undefined when it does not say. */
export function unsetLabel(node: unknown): string | undefined {
  if (!isObject(node)) return undefined;
  const label = node[UNSET_LABEL_KEYWORD];
  return typeof label === 'string' && label.trim() ? label : undefined;
}

/** The labels of a schema node's choices in the order of its `enum`, or undefined when it has none. */
export function enumLabels(node: unknown): string[] | undefined {
  if (!isObject(node) || !Array.isArray(node.enum)) return undefined;
  const labels = node[ENUM_LABELS_KEYWORD];
  if (!isObject(labels)) return undefined;
  return node.enum.map((value) => {
    const label = labels[String(value)];
    return typeof label === 'string' && label ? label : String(value);
  });
}

/**
 * Calls `visit` with every object node under `schema` and its JSON pointer. The labels themselves
 * and the stock filter fields (`filter.*` definitions: data names written in stock filters, shown
 * only behind "More settings") are not visited.
 */
function eachSchemaNode(schema: unknown, visit: (node: JsonObject, pointer: string) => void): void {
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => walk(child, `${pointer}/${index}`));
      return;
    }
    if (!isObject(node)) return;
    visit(node, pointer);
    for (const [key, child] of Object.entries(node)) {
      if (key === ENUM_LABELS_KEYWORD) continue;
      if (pointer === '/definitions' && key.startsWith('filter.')) continue;
      walk(child, `${pointer}/${escapePointer(key)}`);
    }
  };
  walk(schema, '');
}

/**
 * Every choice list (two values or more) under `schema` with a value that has no label, by JSON
 * pointer and value. Stock filter fields are left as they are (`eachSchemaNode`).
 */
export function unlabelledChoices(schema: unknown): string[] {
  const problems: string[] = [];
  eachSchemaNode(schema, (node, pointer) => {
    if (!Array.isArray(node.enum) || node.enum.length < 2) return;
    const labels = isObject(node[ENUM_LABELS_KEYWORD]) ? (node[ENUM_LABELS_KEYWORD] as JsonObject) : {};
    for (const value of node.enum)
      if (typeof labels[String(value)] !== 'string') problems.push(`${pointer}: ${JSON.stringify(value)}`);
  });
  return problems;
}

/**
 * Every optional choice list (a property of two or more choices that its object does not require
 * and that has no default) under `schema` whose empty entry says nothing, by JSON pointer: the
 * Studio would show a blank entry. Lists of choices (ticked boxes, no empty entry), alternatives of
 * an anyOf/oneOf and stock filter fields are left out.
 */
export function unexplainedEmptyChoices(schema: unknown): string[] {
  const problems: string[] = [];
  eachSchemaNode(schema, (node, pointer) => {
    if (!isObject(node.properties)) return;
    const required = Array.isArray(node.required) ? node.required : [];
    for (const [key, child] of Object.entries(node.properties)) {
      if (
        isObject(child) &&
        Array.isArray(child.enum) &&
        child.enum.length > 1 &&
        !required.includes(key) &&
        child.default === undefined &&
        unsetLabel(child) === undefined
      )
        problems.push(`${pointer}/properties/${escapePointer(key)}`);
    }
  });
  return problems;
}
