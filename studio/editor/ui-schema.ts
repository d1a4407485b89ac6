/**
 * The uiSchema of an editor form (issue 16), derived from the schema so that every colour, image
 * and date anywhere in the document gets its widget without listing paths by hand: a colour
 * (`tenant.colour`) gets the colour picker, an image (`tenant.image`, `tenant.logo`) the upload
 * field with alt text, a `format: date` string a date picker, and the read-only keys are shown but
 * cannot be changed. Help texts are the schemas' `description`s (rjsf shows them under each field).
 */
import type { JsonObject, SchemaNode } from './editor-types';
import { ADMIN_ONLY_KEYWORD } from '../../domain/studio/admin-fields';
import { enumLabels, unsetLabel } from '../../domain/studio/enum-labels';

export type UiSchema = Record<string, unknown>;

const COLOUR_REF = '#/definitions/tenant.colour';
const IMAGE_REFS = new Set(['#/definitions/tenant.image', '#/definitions/tenant.logo']);
const BLOCK_LIST_REF = '#/definitions/page.blockList';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** How deep the walk goes through references (block slots nest blocks inside blocks). */
const MAX_DEPTH = 8;

function resolve(node: SchemaNode, definitions: JsonObject): SchemaNode {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return node;
  const target = definitions[decodeURIComponent(ref.slice('#/definitions/'.length))];
  return isObject(target)
    ? { ...target, ...Object.fromEntries(Object.entries(node).filter(([k]) => k !== '$ref')) }
    : node;
}

/** The help under a field only an admin may change, for anyone else (issue 30). */
export const ADMIN_ONLY_HELP = 'Only a platform admin can change this.';

/** The labels of the one choice list among a node's anyOf/oneOf branches (a list to write, or choices). */
function branchLabels(schema: SchemaNode, definitions: JsonObject): string[] | undefined {
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
  for (const branch of branches ?? []) {
    const labels = isObject(branch) ? enumLabels(resolve(branch, definitions)) : undefined;
    if (labels) return labels;
  }
  return undefined;
}

function walk(node: SchemaNode, definitions: JsonObject, depth: number, lockAdmin: boolean): UiSchema | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (lockAdmin && node[ADMIN_ONLY_KEYWORD] === true) return { 'ui:readonly': true, 'ui:help': ADMIN_ONLY_HELP };
  const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
  if (ref === COLOUR_REF) return { 'ui:widget': 'colour' };
  if (ref && IMAGE_REFS.has(ref)) return { 'ui:field': 'image' };
  // A block's slot (a section's blocks, the vehicle page's columns): cards, as a page's blocks (issue 33).
  if (ref === BLOCK_LIST_REF) return { 'ui:field': 'blocks' };
  const schema = resolve(node, definitions);
  if (schema.type === 'string' && schema.format === 'date') return { 'ui:widget': 'date' };
  // Choices in words, never codes (issue 32): the schema's labels, or a branch's for "choose or write".
  const labels = enumLabels(schema) ?? branchLabels(schema, definitions);
  // An optional choice's empty entry says what leaving it empty does (`x-unset-label`), never blank.
  const unset = unsetLabel(schema) ?? unsetLabel(node);
  if (labels) return { 'ui:enumNames': labels, ...(unset ? { 'ui:placeholder': unset } : {}) };
  // HTML (issue 33): written in the rich-text editor, never as tags.
  if (schema.type === 'string' && schema.contentMediaType === 'text/html') return { 'ui:widget': 'richText' };
  if (
    schema.type === 'string' &&
    typeof schema.maxLength !== 'number' &&
    /html|terms|text$/i.test(String(schema.title ?? ''))
  )
    return { 'ui:widget': 'textarea' };
  const ui: UiSchema = {};
  if (isObject(schema.properties))
    for (const [key, child] of Object.entries(schema.properties)) {
      if (!isObject(child)) continue;
      const childUi = walk(child, definitions, depth + 1, lockAdmin);
      if (childUi) ui[key] = childUi;
    }
  if (isObject(schema.items)) {
    const itemsUi = walk(schema.items, definitions, depth + 1, lockAdmin);
    if (itemsUi) ui.items = itemsUi;
  }
  if (isObject(schema.additionalProperties)) {
    const valuesUi = walk(schema.additionalProperties, definitions, depth + 1, lockAdmin);
    if (valuesUi) ui.additionalProperties = valuesUi;
  }
  return Object.keys(ui).length ? ui : undefined;
}

/**
 * The uiSchema for a form over `schema` (a section or a block's props cut from the bundle).
 * `lockAdminFields`: the staff member is not an admin, so the fields only an admin may change
 * (`x-admin-only`) are shown read-only with a sentence saying why.
 */
export function uiSchemaFor(
  schema: SchemaNode,
  readOnlyKeys: readonly string[] = [],
  lockAdminFields = false,
): UiSchema {
  const definitions = isObject(schema.definitions) ? schema.definitions : {};
  const ui: UiSchema = walk(schema, definitions, 0, lockAdminFields) ?? {};
  for (const key of readOnlyKeys) ui[key] = { ...(isObject(ui[key]) ? ui[key] : {}), 'ui:readonly': true };
  return { ...ui, 'ui:submitButtonOptions': { norender: true } };
}
