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
 * Every choice list (two values or more) under `schema` with a value that has no label, by JSON
 * pointer and value. Stock filter fields (`filter.*` definitions) are data names written in stock
 * filters, shown only behind "More settings", and are left as they are.
 */
export function unlabelledChoices(schema: unknown): string[] {
  const problems: string[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => walk(child, `${pointer}/${index}`));
      return;
    }
    if (!isObject(node)) return;
    if (Array.isArray(node.enum) && node.enum.length > 1) {
      const labels = isObject(node[ENUM_LABELS_KEYWORD]) ? (node[ENUM_LABELS_KEYWORD] as JsonObject) : {};
      for (const value of node.enum)
        if (typeof labels[String(value)] !== 'string') problems.push(`${pointer}: ${JSON.stringify(value)}`);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === ENUM_LABELS_KEYWORD) continue;
      if (pointer === '/definitions' && key.startsWith('filter.')) continue;
      walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(schema, '');
  return problems;
}
