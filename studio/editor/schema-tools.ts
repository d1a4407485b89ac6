/**
 * Pieces of the Studio's bundled schema (schemas/studio.schema.json, written by `npm run gen`)
 * for the editor's forms: one tab's keys, one block's props, the block type picker. Pure and
 * client-safe. Every piece keeps the bundle's `definitions`, so its `$ref`s resolve inside it
 * (rjsf resolves references only within its one root schema).
 */
import type { BlockType, EditorIssue, JsonObject, SchemaNode } from './editor-types';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const definitionsOf = (bundle: SchemaNode): JsonObject => (isObject(bundle.definitions) ? bundle.definitions : {});

/** The schema of some of the root's keys, as one object form (a tab of the editor). */
export function sectionSchema(bundle: SchemaNode, keys: readonly string[]): SchemaNode {
  const all = isObject(bundle.properties) ? bundle.properties : {};
  const properties: JsonObject = {};
  for (const key of keys) if (key in all) properties[key] = all[key];
  return { type: 'object', properties, additionalProperties: false, definitions: definitionsOf(bundle) };
}

/** The branches of the blocks union (one per block type), as the bundle holds them. */
function blockBranches(bundle: SchemaNode): SchemaNode[] {
  const union = definitionsOf(bundle).blocks;
  return isObject(union) && Array.isArray(union.oneOf) ? union.oneOf.filter(isObject) : [];
}

const typeOfBranch = (branch: SchemaNode): string | undefined => {
  const properties = isObject(branch.properties) ? branch.properties : {};
  const type = properties.type;
  return isObject(type) && typeof type.const === 'string' ? type.const : undefined;
};

/** Every block type the registry has, for the picker: title, one-line description and palette group, by title. */
export function blockCatalogue(bundle: SchemaNode): BlockType[] {
  const out: BlockType[] = [];
  for (const branch of blockBranches(bundle)) {
    const type = typeOfBranch(branch);
    if (!type) continue;
    const properties = isObject(branch.properties) ? branch.properties : {};
    const props = isObject(properties.props) ? properties.props : {};
    out.push({
      type,
      title: typeof branch.title === 'string' ? branch.title : type,
      description: typeof branch.description === 'string' ? branch.description : '',
      category: typeof props['x-category'] === 'string' ? props['x-category'] : 'other',
    });
  }
  return out.sort((a, b) => a.title.localeCompare(b.title));
}

/** The schema of one block type's props (its schema.json), or undefined for a type the registry does not have. */
export function blockPropsSchema(bundle: SchemaNode, type: string): SchemaNode | undefined {
  const branch = blockBranches(bundle).find((b) => typeOfBranch(b) === type);
  const properties = branch && isObject(branch.properties) ? branch.properties : undefined;
  const props = properties && isObject(properties.props) ? properties.props : undefined;
  if (!props) return undefined;
  return { ...props, definitions: definitionsOf(bundle) };
}

/** `/a~1b/c` -> ['a/b', 'c']. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** ['a/b', 'c'] -> `/a~1b/c`. */
export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The issues at or under a pointer. */
export function issuesUnder(issues: readonly EditorIssue[], pointer: string): EditorIssue[] {
  return issues.filter((i) => i.pointer === pointer || i.pointer.startsWith(`${pointer}/`));
}

/** rjsf's extra errors: `{ a: { b: { __errors: [...] } } }`. */
export interface ErrorTree {
  __errors?: string[];
  [key: string]: ErrorTree | string[] | undefined;
}

/**
 * The issues under `base` as rjsf extra errors for a form whose data is the document at `base`, so
 * each message shows at its field. An issue about the whole form's object shows at its root.
 */
export function errorTreeFor(issues: readonly EditorIssue[], base: string): ErrorTree {
  const tree: ErrorTree = {};
  for (const issue of issuesUnder(issues, base)) {
    let node = tree;
    for (const segment of pointerSegments(issue.pointer.slice(base.length))) {
      const next = node[segment];
      const child: ErrorTree = next && !Array.isArray(next) ? next : {};
      node[segment] = child;
      node = child;
    }
    node.__errors = [...(node.__errors ?? []), issue.message];
  }
  return tree;
}

/** The page's "Page kind" field as the page schema words it: its title, help and each choice's label. */
export function pageKindField(bundle: SchemaNode): {
  title: string;
  description: string;
  choices: { value: string; label: string }[];
} {
  const page = definitionsOf(bundle)['page.page'];
  const properties = isObject(page) && isObject(page.properties) ? page.properties : {};
  const kind = isObject(properties.kind) ? properties.kind : {};
  const values = Array.isArray(kind.enum) ? kind.enum.filter((v): v is string => typeof v === 'string') : [];
  const labels = isObject(kind['x-enum-labels']) ? kind['x-enum-labels'] : {};
  return {
    title: typeof kind.title === 'string' ? kind.title : 'Page kind',
    description: typeof kind.description === 'string' ? kind.description : '',
    choices: values.map((value) => {
      const label = labels[value];
      return { value, label: typeof label === 'string' ? label : value };
    }),
  };
}
