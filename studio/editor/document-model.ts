/**
 * Pure rules of the Studio's editor (issue 16) over the tenant document: which tab an issue
 * belongs to, how a tab's form writes back into the document, the JSON tab's text and its parse
 * errors, and the effective theme colours the contrast check reads. Client-safe, unit-tested.
 */
import type { EditorIssue, JsonObject, SchemaNode } from './editor-types';
import { pointerSegments } from './schema-tools';
import { SECTIONS, type Section } from './sections';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where a setting comes from: the template (or dealer group) as it has it, the site's own copy of the
 * template's ("customised"), or the site's alone.
 */
export type Origin = 'template' | 'customised' | 'own';

/** Words for where a setting comes from, as its marker says. */
export const ORIGIN_WORDS: Readonly<Record<Origin, string>> = {
  template: 'From the template',
  customised: 'This site’s own',
  own: 'This site’s own',
};

/** The document's keys a tab edits, as the tab's form data. */
export function pickKeys(document: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (document[key] !== undefined) out[key] = document[key];
  return out;
}

/**
 * The document with a tab's keys replaced by the form's data: a key the form left empty
 * (undefined) is removed, so the site inherits it again; keys of other tabs are untouched, and
 * the document's key order is kept (the JSON tab and the stored text stay readable).
 */
export function withKeys(document: JsonObject, keys: readonly string[], data: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(document)) {
    if (!keys.includes(key)) out[key] = value;
    else if (data[key] !== undefined) out[key] = data[key];
  }
  for (const key of keys) if (!(key in out) && data[key] !== undefined) out[key] = data[key];
  return out;
}

/** The tab an issue's pointer belongs to (by its top-level key); undefined for the document as a whole. */
export function sectionOfIssue(issue: EditorIssue): Section | undefined {
  const [top] = pointerSegments(issue.pointer);
  return top === undefined ? undefined : SECTIONS.find((s) => s.keys.includes(top));
}

/**
 * Whether two lists of issues say the same (each draft check answers with a new list, most often
 * the same as before): the editor keeps the list it has, so the forms, whose error trees are made
 * from it, are not all re-derived and re-rendered after every autosave (issue 32).
 */
export function sameIssues(a: readonly EditorIssue[], b: readonly EditorIssue[]): boolean {
  return (
    a === b ||
    (a.length === b.length &&
      a.every((x, i) => {
        const y = b[i];
        return (
          y !== undefined &&
          x.pointer === y.pointer &&
          x.message === y.message &&
          x.file === y.file &&
          x.line === y.line &&
          x.column === y.column
        );
      }))
  );
}

const isPlainObject = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** What JSON.stringify writes for a value in an array: nothing-values (undefined, functions, symbols) as null. */
const inArray = (value: unknown): unknown =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol' ? null : value;

/** The keys JSON.stringify writes for an object, in its order (nothing-values are left out). */
const jsonKeys = (object: Record<string, unknown>): string[] =>
  Object.keys(object).filter((key) => {
    const value = object[key];
    return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
  });

/**
 * Whether two documents have the same JSON text (`JSON.stringify(a) === JSON.stringify(b)`, key order
 * included), without writing either: parts that are the same object are not looked into. A change
 * of one field leaves the rest of the document's objects as they were, so a keystroke compares the
 * edited tab's keys, not the whole document twice over (issue 32).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return JSON.stringify(a) === JSON.stringify(b);
  const plain = (x: object) =>
    Array.isArray(x) || (isPlainObject(x) && typeof (x as { toJSON?: unknown }).toJSON !== 'function');
  if (!plain(a) || !plain(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(inArray(item), inArray(b[index])));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const leftKeys = jsonKeys(left);
  const rightKeys = jsonKeys(right);
  return (
    leftKeys.length === rightKeys.length &&
    leftKeys.every((key, index) => key === rightKeys[index] && sameJson(left[key], right[key]))
  );
}

/** How many issues each tab has, by tab id. */
export function issueCounts(issues: readonly EditorIssue[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const issue of issues) {
    const section = sectionOfIssue(issue);
    if (section) counts[section.id] = (counts[section.id] ?? 0) + 1;
  }
  return counts;
}

/** The document as the JSON tab shows it: the store's layout (2-space JSON with a final newline). */
export function documentText(document: JsonObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Line and column (1-based) of a character offset in a text. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

export type ParsedText = { ok: true; document: JsonObject } | { ok: false; message: string };

/** The JSON tab's text read back: a document, or a sentence saying where the text is not JSON. */
export function parseDocumentText(text: string): ParsedText {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(detail)?.[1];
    const where =
      at === undefined
        ? ''
        : (() => {
            const { line, column } = lineColumn(text, Number(at));
            return ` at line ${line}, column ${column}`;
          })();
    return {
      ok: false,
      message: `This is not valid JSON${where}: ${detail.replace(/ in JSON at position \d+.*$/, '')}. The form tabs keep the last valid document until it is fixed.`,
    };
  }
  if (!isObject(value))
    return { ok: false, message: 'The document must be one JSON object ({ ... }), as a tenant file is.' };
  return { ok: true, document: value };
}

/** The defaults of the theme's colours, from the bundled schema (`tenant.theme` -> colors -> each default). */
function colourDefaults(bundle: SchemaNode): Record<string, string> {
  const definitions = isObject(bundle.definitions) ? bundle.definitions : {};
  const theme = definitions['tenant.theme'];
  const colors = isObject(theme) && isObject(theme.properties) ? theme.properties.colors : undefined;
  const properties = isObject(colors) && isObject(colors.properties) ? colors.properties : {};
  const out: Record<string, string> = {};
  for (const [name, schema] of Object.entries(properties))
    if (isObject(schema) && typeof schema.default === 'string') out[name] = schema.default;
  return out;
}

const coloursOf = (document: JsonObject): Record<string, unknown> => {
  const theme = document.theme;
  return isObject(theme) && isObject(theme.colors) ? theme.colors : {};
};

/** The colours the site will show: the schema's defaults, under the template and group, under the site's own. */
export function effectiveColours(
  bundle: SchemaNode,
  inherited: JsonObject,
  document: JsonObject,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { ...colourDefaults(bundle) };
  for (const layer of [coloursOf(inherited), coloursOf(document)])
    for (const [name, value] of Object.entries(layer)) if (typeof value === 'string') out[name] = value;
  return out;
}

/** The concrete paths of pages a preview can open: routes without `:param` segments, home first. */
export function previewablePaths(routes: Iterable<string>): string[] {
  const paths = [...new Set(routes)].filter((route) => !route.includes(':'));
  return paths.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
}

/** How a tab's top-level key stands against what the site inherits from its template and group. */
export interface InheritedKey {
  key: string;
  /** `inherited`: the site uses the template's value as a whole; `own`: the site has its own, over the template's. */
  state: 'inherited' | 'own';
}

/**
 * Whether a value holds a list: lists replace the template's as a whole (objects merge key by
 * key, and a field left empty already shows what the template gives).
 */
const holdsList = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : isObject(value) && Object.values(value).some(holdsList);

/**
 * The keys of a tab whose lists the template or group supplies (the menus, the forms...):
 * a form over an empty key would start blank, so the editor offers to copy the template's value
 * to change it, and for a key the site has its own of, to go back to the template's.
 */
export function inheritedKeys(document: JsonObject, inherited: JsonObject, keys: readonly string[]): InheritedKey[] {
  return keys
    .filter((key) => holdsList(inherited[key]))
    .map((key) => ({ key, state: document[key] === undefined ? 'inherited' : 'own' }));
}
