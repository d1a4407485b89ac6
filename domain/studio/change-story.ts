/**
 * What changed between two versions of a tenant document, told the way a site editor did it
 * (issue 32, "History and safety"): one entry per action, in the editor's words. "Header menu:
 * added 'Special offers' (→ /special-offers)", "Home page: moved 'Text' above 'Featured stock'",
 * "Theme: primary colour #b71c1c → #0b6e4f", "Enquiry form 'General enquiry': Phone is now
 * required", "Switches: Compare cars is now off", "Added the page /special-offers".
 *
 * Lists (blocks, menu items, form fields, offers…) are compared by content, not by index: items
 * equal in both versions are matched along their longest common subsequence, so a block added at
 * the top of a page is one "added" entry and a block dragged elsewhere is one "moved" entry. The
 * items left over are matched by their anchor name (`id`), then by their name (label, title…),
 * then by their place (a block of the same type where one was); what still has no match was
 * added or removed.
 *
 * Labels come from the schema's titles (schemas/studio.schema.json, the bundle the editor's forms
 * show), blocks are named by their block title, values are shown in words: text quoted and cut
 * short, switches on or off, lists counted, records by their name. Never JSON, never a pointer.
 * Each entry carries the pointer-level changes behind it (`details`) for the power user's
 * "Details" disclosure: pointers into the newer version, except for what was removed (the older).
 *
 * Pure: no I/O; the schema bundle is a static import (it can be passed instead).
 */
import studioBundle from '../../schemas/studio.schema.json';
import { sameValue, segment, type FieldChange } from '../tenant-diff';
import { dateRangeText, itemName, itemNoun } from './item-summary';
import { enumLabels } from './enum-labels';

export type { FieldChange };

/** One action a person did, as a sentence, with the field changes behind it. */
export interface StoryEntry<Detail = FieldChange> {
  /** The sentence: "Header menu: renamed 'Cars' to 'Our cars'". */
  text: string;
  /** Where in the editor it happened: "Header menu", "Home page", "Theme", "Switches"… */
  area: string;
  /** The pointer-level changes behind the sentence. */
  details: Detail[];
}

/** A tab of the editor: the top-level keys it edits, for the area of a top-level value (the site's name). */
export interface StorySection {
  label: string;
  keys: readonly string[];
}

export interface DescribeOptions {
  /** The Studio's schema bundle (default: schemas/studio.schema.json). */
  schema?: Record<string, unknown>;
  /** Decides which dates need their year ("1 Dec – 31 Jan"); default now. */
  today?: Date;
  /** The editor's tabs, so a top-level value reads "Identity & domains: dealer name …". */
  sections?: readonly StorySection[];
  /**
   * What the template and dealer group supply beneath the newer version. A form or button set the
   * site takes from the template to change is told as its changes from the template's ("Enquiry form
   * 'Instant message': Phone is now required"), not as a whole new one.
   */
  inherited?: unknown;
}

type Json = Record<string, unknown>;
type SchemaNode = Json;

/** The longest a value is shown before it is cut with "…". */
export const STORY_VALUE_MAX_CHARS = 60;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys of both records: the older's first, then the ones only the newer has. */
function keysOf(before: Json | undefined, after: Json | undefined): string[] {
  const keys = Object.keys(before ?? {});
  for (const key of Object.keys(after ?? {})) if (!Object.hasOwn(before ?? {}, key)) keys.push(key);
  return keys;
}

/* Words. */

const capitalise = (words: string): string => (words ? words.charAt(0).toUpperCase() + words.slice(1) : words);

/** Lower-cases the first letter, unless the first word is an acronym ("CRM destinations") or a name ("AutoGrab"). */
function lowerFirst(words: string): string {
  const first = words.split(/[\s-]/)[0] ?? '';
  if (first.length > 1 && (first === first.toUpperCase() || /[A-Z]/.test(first.slice(1)))) return words;
  return words.charAt(0).toLowerCase() + words.slice(1);
}

/** `onPrimary` → `on primary`, `car_type` → `car type`, `general-enquiry` → `general enquiry`. */
const keyWords = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();

function cut(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > STORY_VALUE_MAX_CHARS ? `${line.slice(0, STORY_VALUE_MAX_CHARS - 1).trimEnd()}…` : line;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/** Text with its HTML tags taken out: what the shopper reads. */
function plainText(text: string): string {
  if (!/<[a-z/!][^>]*>/i.test(text)) return text;
  return text
    .replace(/<(?:br|\/p|\/h\d|\/li|\/div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
}

const quoted = (text: string): string => `'${cut(text)}'`;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');

const COLOUR = /^#[0-9a-f]{6}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ADDRESS = /^(?:\/|#|https?:\/\/|tel:|mailto:)/;

const DATE_WORDS = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function dateWords(value: string): string {
  const at = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? value : DATE_WORDS.format(at);
}

const enumOf = (schema: SchemaNode | undefined): readonly unknown[] =>
  schema && Array.isArray(schema.enum) ? schema.enum : [];

/** A choice's label as the Studio shows it (`x-enum-labels`), if the schema gives one. */
function choiceLabel(value: unknown, schema: SchemaNode | undefined): string | undefined {
  const index = enumOf(schema).indexOf(value);
  return index >= 0 ? enumLabels(schema)?.[index] : undefined;
}

/** A text value in words: a colour, address or date as it is, a choice as words, other text quoted. */
function textWords(value: string, schema: SchemaNode | undefined): string {
  const trimmed = value.trim();
  if (!trimmed) return 'empty';
  const label = choiceLabel(value, schema);
  if (label) return label;
  if (COLOUR.test(trimmed) || ADDRESS.test(trimmed)) return cut(trimmed);
  if (DATE.test(trimmed)) return dateWords(trimmed);
  if (enumOf(schema).includes(value) && /^[A-Za-z0-9_-]+$/.test(value)) return keyWords(value);
  return quoted(plainText(value));
}

/** Any value in words, never JSON: "On", "3 items", "'Spring sale'", "'Finance'" (a record by its name). */
function valueWords(value: unknown, schema: SchemaNode | undefined): string {
  if (value === undefined || value === null) return 'nothing';
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  if (typeof value === 'number') return choiceLabel(value, schema) ?? String(value);
  if (typeof value === 'string') return textWords(value, schema);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'no items';
    const itemSchema = schema && isObject(schema.items) ? schema.items : undefined;
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) {
      const words = value.map((v) =>
        typeof v === 'string' ? textWords(v, itemSchema).replace(/^'|'$/g, '') : String(v),
      );
      const joined = words.join(', ');
      if (joined.length <= STORY_VALUE_MAX_CHARS && !/[[\]{}]/.test(joined)) return joined;
    }
    return plural(value.length, 'item');
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return 'nothing';
    const name = itemName(value, 'item', -1);
    if (name !== 'Item 0') return quoted(name);
    return plural(keys.length, 'setting');
  }
  return 'a value';
}

/* The schema. */

interface SchemaIndex {
  definitions: Json;
  root: SchemaNode;
  /** Block type → its branch of the blocks union (title, props schema). */
  blocks: Map<string, SchemaNode>;
}

const indexes = new WeakMap<object, SchemaIndex>();

function indexOf(bundle: Json): SchemaIndex {
  const known = indexes.get(bundle);
  if (known) return known;
  const definitions = isObject(bundle.definitions) ? bundle.definitions : {};
  const blocks = new Map<string, SchemaNode>();
  const union = definitions.blocks;
  if (isObject(union) && Array.isArray(union.oneOf))
    for (const branch of union.oneOf) {
      if (!isObject(branch) || !isObject(branch.properties)) continue;
      const type = branch.properties.type;
      if (isObject(type) && typeof type.const === 'string') blocks.set(type.const, branch);
    }
  const index = { definitions, root: bundle, blocks };
  indexes.set(bundle, index);
  return index;
}

/** A node with its `$ref`s followed; the referring node's own keywords (its title) win. */
function resolve(index: SchemaIndex, node: unknown): SchemaNode | undefined {
  let current: unknown = node;
  let merged: Json = {};
  for (let hops = 0; hops < 16 && isObject(current); hops++) {
    const { $ref, ...rest } = current;
    merged = { ...rest, ...merged };
    if (typeof $ref !== 'string') return merged;
    const match = /^#\/definitions\/(.+)$/.exec($ref);
    current = match?.[1] === undefined ? undefined : index.definitions[match[1]];
  }
  return isObject(current) ? merged : Object.keys(merged).length ? merged : undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** How well a branch of a oneOf/anyOf fits a value: its type, then a constant it names, then the keys it knows. */
function fitOf(branch: SchemaNode, value: unknown): number {
  const type = jsonType(value);
  const want = branch.type;
  const types = Array.isArray(want) ? want : want === undefined ? [] : [want];
  if (types.length && !types.includes(type) && !(type === 'integer' && types.includes('number'))) return -1;
  let fit = types.length ? 1 : 0;
  if (isObject(value) && isObject(branch.properties)) {
    for (const [key, property] of Object.entries(branch.properties)) {
      if (!Object.hasOwn(value, key)) continue;
      if (isObject(property) && Object.hasOwn(property, 'const'))
        fit += sameValue(property.const, value[key]) ? 100 : -1000;
      else fit += 1;
    }
  }
  return fit;
}

/**
 * The schema that fits the value where a node offers choices (oneOf/anyOf): a block by its type, a
 * destination by its type, else the branch of the value's JSON type that knows most of its keys.
 * The node's own properties and title stay (a branch may only constrain them).
 */
function branchFor(index: SchemaIndex, node: SchemaNode | undefined, value: unknown): SchemaNode | undefined {
  if (!node) return undefined;
  const branches = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;
  if (!branches) return node;
  if (isObject(value) && typeof value.type === 'string') {
    const block = index.blocks.get(value.type);
    if (block && Array.isArray(node.oneOf) && node.oneOf.some((b) => isObject(b) && titleOf(b) === titleOf(block)))
      return block;
  }
  let best: SchemaNode | undefined;
  let bestFit = 0;
  for (const branch of branches) {
    const resolved = resolve(index, branch);
    if (!resolved) continue;
    const fit = fitOf(resolved, value);
    if (fit > bestFit) {
      best = resolved;
      bestFit = fit;
    }
  }
  if (!best) return node;
  const { oneOf: _oneOf, anyOf: _anyOf, ...own } = node;
  const ownProperties = isObject(own.properties) ? own.properties : {};
  const branchProperties = isObject(best.properties) ? best.properties : {};
  const properties: Json = { ...ownProperties };
  for (const [key, property] of Object.entries(branchProperties))
    if (isObject(property) && !isObject(properties[key])) properties[key] = property;
  return { ...best, ...own, properties, ...(titleOf(own) ? {} : titleOf(best) ? { title: titleOf(best) } : {}) };
}

/** The schema of `key` of an object whose schema is `node`, fitted to its value. */
function childSchema(index: SchemaIndex, node: SchemaNode | undefined, key: string, value: unknown) {
  if (!node) return undefined;
  const properties = isObject(node.properties) ? node.properties : {};
  const own = properties[key] ?? (isObject(node.additionalProperties) ? node.additionalProperties : undefined);
  return branchFor(index, resolve(index, own), value);
}

function itemSchemaOf(index: SchemaIndex, node: SchemaNode | undefined): SchemaNode | undefined {
  return node && isObject(node.items) ? resolve(index, node.items) : undefined;
}

const titleOf = (node: SchemaNode | undefined): string | undefined =>
  node && typeof node.title === 'string' && node.title.trim() ? node.title.trim() : undefined;

/** A field's label: its schema title, else its key in words. */
const labelOf = (node: SchemaNode | undefined, key: string): string => titleOf(node) ?? capitalise(keyWords(key));

/* Blocks. */

const isBlock = (value: unknown): value is Json & { type: string } =>
  isObject(value) && typeof value.type === 'string' && isObject(value.props);

/** A block type's title ("Hero banner"), else its type in words. */
function blockTitle(index: SchemaIndex, type: string): string {
  return titleOf(index.blocks.get(type)) ?? capitalise(keyWords(type));
}

/** The names of a list's blocks: their titles, told apart by heading (or anchor) when the list has two of a kind. */
function blockNames(index: SchemaIndex, blocks: readonly unknown[]): string[] {
  const counts = new Map<string, number>();
  for (const block of blocks) if (isBlock(block)) counts.set(block.type, (counts.get(block.type) ?? 0) + 1);
  const seen = new Map<string, number>();
  return blocks.map((block) => {
    if (!isBlock(block)) return 'Block';
    const title = blockTitle(index, block.type);
    const nth = (seen.get(block.type) ?? 0) + 1;
    seen.set(block.type, nth);
    if ((counts.get(block.type) ?? 0) < 2) return title;
    const props = isObject(block.props) ? block.props : {};
    const own = [props.heading, props.label, props.text, props.html].find((v) => typeof v === 'string' && v.trim());
    const words = typeof own === 'string' ? plainText(own).replace(/\s+/g, ' ').trim() : '';
    if (words) return cut(`${title}: ${words.length > 32 ? `${words.slice(0, 31).trimEnd()}…` : words}`);
    if (typeof block.id === 'string' && block.id) return cut(`${title} (${keyWords(block.id)})`);
    return `${title} ${nth}`;
  });
}

/* The story. */

interface Context {
  index: SchemaIndex;
  /** DescribeOptions.inherited, when it is an object. */
  inherited?: Record<string, unknown>;
  today: Date;
  sections: readonly StorySection[];
  out: StoryEntry[];
}

/** Where the walk is: the entry's area and the words before its colon, and the pointers of both versions. */
interface Where {
  area: string;
  /** "Home page, 'Hero banner' block"; empty when the sentence stands alone. */
  subject: string;
  /** Pointer in the newer version. */
  pointer: string;
  /** Pointer in the older version. */
  beforePointer: string;
  /** Labels of the records walked into below the subject ("Address"). */
  labels: readonly string[];
  /** Inside an enquiry form: its `fields` are form fields. */
  form?: boolean;
}

const down = (where: Where, key: string | number, beforeKey: string | number = key): Where => ({
  ...where,
  pointer: `${where.pointer}/${segment(key)}`,
  beforePointer: `${where.beforePointer}/${segment(beforeKey)}`,
});

function emit(ctx: Context, where: Where, phrase: string, details: FieldChange[]): void {
  ctx.out.push({
    text: where.subject ? `${where.subject}: ${phrase}` : capitalise(phrase),
    area: where.area,
    details,
  });
}

function leafChange(where: Where, before: unknown, after: unknown): FieldChange {
  if (before === undefined) return { pointer: where.pointer, kind: 'added', after };
  if (after === undefined) return { pointer: where.beforePointer, kind: 'removed', before };
  return { pointer: where.pointer, kind: 'changed', before, after };
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** The words of a label that say something, without a plural s: "Phone numbers by car type" → phone, number, car, type. */
const stems = (label: string): string[] =>
  label
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !SMALL_WORDS.has(w))
    .map((w) => w.replace(/s$/, ''));

/**
 * The label of a field below the subject: its own ("primary colour" in "Theme colours", "street"
 * in "Street address"), after its record's when the two share no word ("calculator limits ›
 * interest rate limits" would not; "phone numbers by car type › new cars" does).
 */
function fieldLabel(labels: readonly string[], own: string): string {
  const mine = lowerFirst(own);
  const parent = labels.at(-1);
  if (!parent) return mine;
  const parentWords = new Set(stems(parent));
  if (stems(own).some((w) => parentWords.has(w))) return mine;
  return `${lowerFirst(parent)} › ${mine}`;
}

/** One field that changed as a whole: a text, a number, a switch, a colour, a list of plain values. */
function leaf(ctx: Context, where: Where, label: string, before: unknown, after: unknown, schema?: SchemaNode) {
  const details = [leafChange(where, before, after)];
  const name = fieldLabel(where.labels, label);
  if (typeof after === 'boolean' || (after === undefined && typeof before === 'boolean')) {
    const now = typeof after === 'boolean' ? after : schema?.default === true;
    emit(ctx, where, `${capitalise(name)} is now ${now ? 'on' : 'off'}`, details);
    return;
  }
  const was = valueWords(before, schema);
  const now = valueWords(after, schema);
  if (after === undefined || after === null) {
    emit(ctx, where, `${name} removed (was ${was})`, details);
    return;
  }
  if (before === undefined || before === null) {
    emit(ctx, where, `${name} is now ${now}`, details);
    return;
  }
  const colour = (v: unknown) => typeof v === 'string' && COLOUR.test(v.trim());
  if (colour(before) && colour(after)) {
    emit(ctx, where, `${name} ${was} → ${now}`, details);
    return;
  }
  const freeText =
    typeof after === 'string' && now.startsWith("'") && typeof before === 'string' && was.startsWith("'");
  emit(ctx, where, freeText ? `${name} is now ${now}` : `${name} changed from ${was} to ${now}`, details);
}

/** Compares one value of a record; lists and records are walked into, the rest is a leaf. */
function compareNode(
  ctx: Context,
  where: Where,
  key: string,
  label: string,
  before: unknown,
  after: unknown,
  schema: SchemaNode | undefined,
): void {
  if (sameValue(before, after)) return;
  const list = (v: unknown) => Array.isArray(v) || v === undefined;
  const holdsItems = (v: unknown) => Array.isArray(v) && v.some(isObject);
  const itemSchema = itemSchemaOf(ctx.index, schema);
  const itemsAreRecords = itemSchema?.type === 'object' || isObject(itemSchema?.properties) || !!itemSchema?.oneOf;
  if (list(before) && list(after) && (holdsItems(before) || holdsItems(after) || itemsAreRecords)) {
    const b = Array.isArray(before) ? before : [];
    const a = Array.isArray(after) ? after : [];
    const blocks = [...b, ...a].every(isBlock);
    const main = blocks || (where.form === true && key === 'fields');
    const listWhere: Where = main
      ? where
      : { ...where, subject: `${where.subject}, ${fieldLabel(where.labels, label)}` };
    compareList(ctx, { ...listWhere, labels: [] }, b, a, itemSchema, label);
    return;
  }
  const record = (v: unknown) => isObject(v) || v === undefined || v === null;
  if (record(before) && record(after) && (isObject(before) || isObject(after))) {
    const told = ctx.out.length;
    compareRecord(
      ctx,
      { ...where, labels: [...where.labels, label] },
      isObject(before) ? before : {},
      isObject(after) ? after : {},
      schema,
    );
    if (ctx.out.length > told) return;
  }
  leaf(ctx, where, label, before, after, schema);
}

/** Compares every key of two records (the older's keys first). */
function compareRecord(ctx: Context, where: Where, before: Json, after: Json, schema: SchemaNode | undefined): void {
  for (const key of keysOf(before, after)) {
    const b = before[key];
    const a = after[key];
    if (sameValue(b, a)) continue;
    const child = childSchema(ctx.index, schema, key, a ?? b);
    compareNode(ctx, down(where, key), key, labelOf(child, key), b, a, child);
  }
}

/* Lists. */

interface Pair {
  i: number;
  j: number;
}

/** Pairs of equal items along the longest common subsequence. */
function commonSubsequence(before: readonly unknown[], after: readonly unknown[]): Pair[] {
  const n = before.length;
  const m = after.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const at = (i: number, j: number): number => table[i]?.[j] ?? 0;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) {
      const row = table[i];
      if (row) row[j] = sameValue(before[i], after[j]) ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  const pairs: Pair[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (sameValue(before[i], after[j])) {
      pairs.push({ i, j });
      i++;
      j++;
    } else if (at(i, j + 1) >= at(i + 1, j)) j++;
    else i++;
  }
  return pairs;
}

const NAME_KEYS = ['label', 'title', 'name', 'heading', 'question', 'text'] as const;

/** The key an item is named by: the first of label, title, name… that either version has as text. */
function nameKeyOf(before: unknown, after: unknown): string | undefined {
  for (const key of NAME_KEYS) {
    const b = isObject(before) ? before[key] : undefined;
    const a = isObject(after) ? after[key] : undefined;
    if ((typeof b === 'string' && b.trim()) || (typeof a === 'string' && a.trim())) return key;
  }
  return undefined;
}

/** What tells an item apart whatever else changes: its anchor name or id, else the saved name of a typed item (a form field). */
function idOf(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  if (typeof item.id === 'string' && item.id) return `id ${item.id}`;
  if (typeof item.type === 'string' && typeof item.name === 'string' && item.name) return `name ${item.name}`;
  return undefined;
}

/** Items that are the same thing edited: same block type, or records sharing at least one value. */
function akin(before: unknown, after: unknown): boolean {
  if (isBlock(before) || isBlock(after)) return isBlock(before) && isBlock(after) && before.type === after.type;
  if (!isObject(before) || !isObject(after)) return false;
  return Object.keys(before).some((k) => Object.hasOwn(after, k) && sameValue(before[k], after[k]));
}

/**
 * Matches the items of two versions of a list: equal items along the longest common subsequence
 * (`stays`), then equal items elsewhere, the same anchor name, the same name, the same place.
 */
function matchItems(before: readonly unknown[], after: readonly unknown[]) {
  const stays = commonSubsequence(before, after);
  const pairs: Pair[] = [...stays];
  const freeBefore = new Set(before.keys());
  const freeAfter = new Set(after.keys());
  for (const { i, j } of stays) {
    freeBefore.delete(i);
    freeAfter.delete(j);
  }
  const pairUp = (fits: (i: number, j: number) => boolean) => {
    for (const i of [...freeBefore])
      for (const j of freeAfter)
        if (fits(i, j)) {
          pairs.push({ i, j });
          freeBefore.delete(i);
          freeAfter.delete(j);
          break;
        }
  };
  // The gap between anchors an index falls in: items in the same gap of both versions are in place.
  const gapBefore = (i: number) => stays.filter((p) => p.i < i).length;
  const gapAfter = (j: number) => stays.filter((p) => p.j < j).length;
  pairUp((i, j) => sameValue(before[i], after[j]));
  pairUp((i, j) => {
    const id = idOf(before[i]);
    return id !== undefined && id === idOf(after[j]) && akin(before[i], after[j]);
  });
  pairUp((i, j) => {
    const b = before[i];
    const a = after[j];
    if (isBlock(b) || isBlock(a) || !isObject(b) || !isObject(a)) return false;
    const key = nameKeyOf(b, a);
    return key !== undefined && typeof b[key] === 'string' && b[key] === a[key];
  });
  pairUp((i, j) => gapBefore(i) === gapAfter(j) && akin(before[i], after[j]));
  const moved = (p: Pair) => !stays.includes(p) && gapBefore(p.i) !== gapAfter(p.j);
  return {
    pairs: pairs.map((p) => ({ ...p, moved: moved(p) })),
    removed: [...freeBefore].sort((x, y) => x - y),
    added: [...freeAfter].sort((x, y) => x - y),
  };
}

/** Compares two versions of a list item by item. `where` is the list's; `label` its title. */
function compareList(
  ctx: Context,
  where: Where,
  before: readonly unknown[],
  after: readonly unknown[],
  itemSchema: SchemaNode | undefined,
  label: string,
): void {
  const blocks = [...before, ...after].every(isBlock);
  const formFields = !blocks && where.form === true && /\/fields$/.test(where.pointer);
  const noun = itemNoun(titleOf(itemSchema), label);
  const namesOf = (items: readonly unknown[]) =>
    blocks ? blockNames(ctx.index, items) : items.map((item, k) => cut(itemName(item, noun, k)));
  const beforeNames = namesOf(before);
  const afterNames = namesOf(after);
  const { pairs, removed, added } = matchItems(before, after);

  for (const i of removed) {
    const name = beforeNames[i] ?? noun;
    const phrase = blocks
      ? `removed the '${name}' block`
      : formFields
        ? `removed the field '${name}'`
        : `removed '${name}'`;
    emit(ctx, where, phrase, [{ pointer: `${where.beforePointer}/${i}`, kind: 'removed', before: before[i] }]);
  }

  const place = (j: number): string => {
    const next = afterNames[j + 1];
    if (next !== undefined) return `above '${next}'`;
    const previous = afterNames[j - 1];
    return previous !== undefined ? `below '${previous}'` : 'to the top';
  };

  for (let j = 0; j < after.length; j++) {
    const name = afterNames[j] ?? noun;
    const item = after[j];
    if (added.includes(j)) {
      const details: FieldChange[] = [{ pointer: `${where.pointer}/${j}`, kind: 'added', after: item }];
      if (blocks) {
        const at = after.length > 1 ? (j === 0 ? ' at the top' : ` ${place(j)}`) : '';
        emit(ctx, where, `added ${article(name)} '${name}' block${at}`, details);
      } else if (formFields) emit(ctx, where, `added the field '${name}'`, details);
      else emit(ctx, where, `added '${name}'${addedSuffix(ctx, item)}`, details);
      continue;
    }
    const pair = pairs.find((p) => p.j === j);
    if (!pair) continue;
    const previous = before[pair.i];
    if (pair.moved) {
      const what = formFields ? `the field '${name}'` : `'${name}'`;
      emit(ctx, where, `moved ${what} ${place(j)}`, [
        { pointer: `${where.beforePointer}/${pair.i}`, kind: 'removed', before: previous },
        { pointer: `${where.pointer}/${j}`, kind: 'added', after: item },
      ]);
    }
    if (!sameValue(previous, item))
      compareItem(ctx, down(where, j, pair.i), previous, item, itemSchema, {
        blocks,
        formFields,
        name,
        beforeName: beforeNames[pair.i] ?? name,
      });
  }
}

/** What an added item is, after its name: "(→ /special-offers)", "(1 Dec – 31 Jan)". */
function addedSuffix(ctx: Context, item: unknown): string {
  if (!isObject(item)) return '';
  const start = item.start ?? item.startDate;
  const end = item.expiry ?? item.end ?? item.endDate;
  if (typeof start === 'string' || typeof end === 'string') {
    const range = dateRangeText(start, end, ctx.today);
    if (range) return ` (${range})`;
  }
  const href = typeof item.href === 'string' ? item.href : typeof item.url === 'string' ? item.url : undefined;
  return href?.trim() ? ` (→ ${cut(href.trim())})` : '';
}

interface ItemFacts {
  blocks: boolean;
  formFields: boolean;
  /** The item's name in the newer version. */
  name: string;
  beforeName: string;
}

/** Compares an item of a list that is in both versions: renamed, and each field that changed. */
function compareItem(
  ctx: Context,
  where: Where,
  before: unknown,
  after: unknown,
  listItemSchema: SchemaNode | undefined,
  facts: ItemFacts,
): void {
  const schema = branchFor(ctx.index, listItemSchema, after);
  if (!isObject(before) || !isObject(after)) {
    leaf(ctx, where, 'value', before, after, schema);
    return;
  }
  if (facts.blocks && isBlock(after)) {
    const block: Where = { ...where, subject: `${where.subject}, '${facts.name}' block`, labels: [] };
    const branch = ctx.index.blocks.get(after.type);
    for (const key of keysOf(before, after)) {
      if (key === 'type' || sameValue(before[key], after[key])) continue;
      if (key === 'props') {
        const props = branch && isObject(branch.properties) ? resolve(ctx.index, branch.properties.props) : undefined;
        const b = isObject(before.props) ? before.props : {};
        const a = isObject(after.props) ? after.props : {};
        compareRecord(ctx, down(block, 'props'), b, a, props);
        continue;
      }
      const child = childSchema(ctx.index, branch, key, after[key] ?? before[key]);
      compareNode(ctx, down(block, key), key, labelOf(child, key), before[key], after[key], child);
    }
    return;
  }

  const rest: Json = { ...after };
  const restBefore: Json = { ...before };
  if (facts.formFields) {
    const fieldName = facts.name;
    if (!sameValue(before.label, after.label)) {
      const change = leafChange(down(where, 'label'), before.label, after.label);
      const phrase =
        typeof before.label === 'string' && typeof after.label === 'string'
          ? `label '${cut(before.label)}' is now '${cut(after.label)}'`
          : typeof after.label === 'string'
            ? `the field '${facts.beforeName}' is now labelled '${cut(after.label)}'`
            : `the field '${fieldName}' has no label now`;
      emit(ctx, where, phrase, [change]);
    }
    if (!sameValue(before.required, after.required)) {
      const change = leafChange(down(where, 'required'), before.required, after.required);
      emit(ctx, where, `${fieldName} is ${after.required === true ? 'now' : 'no longer'} required`, [change]);
    }
    delete rest.label;
    delete restBefore.label;
    delete rest.required;
    delete restBefore.required;
    compareRecord(
      ctx,
      { ...where, subject: `${where.subject}, field '${fieldName}'`, labels: [] },
      restBefore,
      rest,
      schema,
    );
    return;
  }

  const nameKey = nameKeyOf(before, after);
  if (nameKey !== undefined) {
    const b = before[nameKey];
    const a = after[nameKey];
    if (typeof b === 'string' && typeof a === 'string' && b !== a) {
      emit(ctx, where, `renamed '${cut(b)}' to '${cut(a)}'`, [leafChange(down(where, nameKey), b, a)]);
      delete rest[nameKey];
      delete restBefore[nameKey];
    }
  }
  compareRecord(ctx, { ...where, subject: `${where.subject}, '${facts.name}'`, labels: [] }, restBefore, rest, schema);
}

/* Top level. */

const pageName = (route: string): string => (route === '/' ? 'Home page' : `Page ${route}`);

/** The site's pages, route by route: added, removed, or changed within. */
function comparePages(ctx: Context, before: unknown, after: unknown, schema: SchemaNode | undefined): void {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const root: Where = { area: 'Pages', subject: '', pointer: '/pages', beforePointer: '/pages', labels: [] };
  for (const route of keysOf(b, a)) {
    const was = b[route];
    const now = a[route];
    if (sameValue(was, now)) continue;
    const here = down(root, route);
    if (!isObject(now)) {
      emit(ctx, here, `removed the page ${route}`, [leafChange(here, was, now)]);
      continue;
    }
    if (!isObject(was)) {
      emit(ctx, here, `added the page ${route}`, [leafChange(here, was, now)]);
      continue;
    }
    const page = childSchema(ctx.index, schema, route, now);
    const name = pageName(route);
    compareRecord(ctx, { ...here, area: name, subject: name }, was, now, page);
  }
}

/** `general-enquiry` → `General enquiry`. */
const mapKeyWords = (key: string): string => capitalise(keyWords(key)) || key;

/** A record of named things (enquiry forms, button sets): each added, removed, or changed within. */
function compareMap(ctx: Context, key: string, before: Json, after: Json, schema: SchemaNode | undefined): void {
  const title = labelOf(schema, key);
  const noun = itemNoun(undefined, title);
  const root: Where = {
    area: title,
    subject: '',
    pointer: `/${segment(key)}`,
    beforePointer: `/${segment(key)}`,
    labels: [],
  };
  const layer = ctx.inherited?.[key];
  const template: Record<string, unknown> = isObject(layer) ? layer : {};
  for (const name of keysOf(before, after)) {
    let was = before[name];
    const now = after[name];
    if (sameValue(was, now)) continue;
    const here = down(root, name);
    const words = mapKeyWords(name);
    const theirs = template[name];
    if (now === undefined || now === null) {
      emit(
        ctx,
        here,
        now === undefined && isObject(theirs)
          ? `the ${noun} '${words}' follows the template again`
          : `removed the ${noun} '${words}'`,
        [leafChange(here, was, undefined)],
      );
      continue;
    }
    if ((was === undefined || was === null) && isObject(theirs) && isObject(now)) {
      // Customised for this site: told as its changes from the template's.
      if (sameValue(theirs, now)) {
        emit(ctx, here, `the ${noun} '${words}' is customised for this site (no changes yet)`, [
          leafChange(here, undefined, now),
        ]);
        continue;
      }
      was = theirs;
    } else if (was === undefined || was === null) {
      emit(ctx, here, `added the ${noun} '${words}'`, [leafChange(here, undefined, now)]);
      continue;
    }
    const area = `${capitalise(noun)} '${words}'`;
    const child = childSchema(ctx.index, schema, name, now);
    const within: Where = { ...here, area, subject: area, form: key === 'forms' };
    if (Array.isArray(was) && Array.isArray(now))
      compareList(ctx, within, was, now, itemSchemaOf(ctx.index, child), title);
    else if (isObject(was) && isObject(now)) compareRecord(ctx, within, was, now, child);
    else leaf(ctx, { ...within, subject: title }, words, was, now, child);
  }
}

const isMap = (schema: SchemaNode | undefined): boolean =>
  !!schema &&
  isObject(schema.additionalProperties) &&
  (!isObject(schema.properties) || Object.keys(schema.properties).length === 0);

/** The area a top-level key's changes are told under. */
const AREA_NAMES: Readonly<Record<string, string>> = { features: 'Switches' };

function compareTop(ctx: Context, key: string, before: unknown, after: unknown): void {
  const index = ctx.index;
  const properties = isObject(index.root.properties) ? index.root.properties : {};
  const schema = branchFor(index, resolve(index, properties[key]), after ?? before);
  const title = labelOf(schema, key);
  const area = AREA_NAMES[key] ?? title;
  const root: Where = {
    area,
    subject: area,
    pointer: `/${segment(key)}`,
    beforePointer: `/${segment(key)}`,
    labels: [],
  };
  if (key === 'pages') return comparePages(ctx, before, after, schema);
  if ((isObject(before) || isObject(after)) && isMap(schema))
    return compareMap(ctx, key, isObject(before) ? before : {}, isObject(after) ? after : {}, schema);
  const recordOrNone = (v: unknown) => isObject(v) || v === undefined || v === null;
  const told = ctx.out.length;
  if (recordOrNone(before) && recordOrNone(after) && (isObject(before) || isObject(after))) {
    const was = isObject(before) ? before : {};
    const now = isObject(after) ? after : {};
    // A record of lists (the menus, the header and footer blocks): each list is its own area.
    for (const child of keysOf(was, now)) {
      const b = was[child];
      const a = now[child];
      if (sameValue(b, a)) continue;
      const node = childSchema(index, schema, child, a ?? b);
      const label = labelOf(node, child);
      const here = down(root, child);
      const listOfRecords = [b, a].some((v) => Array.isArray(v) && v.some(isObject));
      if (listOfRecords) {
        const items = (v: unknown) => (Array.isArray(v) ? v : []);
        compareList(
          ctx,
          { ...here, area: label, subject: label },
          items(b),
          items(a),
          itemSchemaOf(index, node),
          label,
        );
      } else compareNode(ctx, here, child, label, b, a, node);
    }
    if (ctx.out.length > told) return;
  } else if (Array.isArray(before) || Array.isArray(after)) {
    const itemSchema = itemSchemaOf(index, schema);
    const holdsRecords = [before, after].some((v) => Array.isArray(v) && v.some(isObject));
    if (holdsRecords || itemSchema?.type === 'object') {
      compareList(ctx, root, Array.isArray(before) ? before : [], Array.isArray(after) ? after : [], itemSchema, title);
      if (ctx.out.length > told) return;
    }
  }
  // A value of the site itself (its name, web addresses): told under its tab when the tabs are known.
  const section = ctx.sections.find((s) => s.keys.includes(key));
  const where: Where = section
    ? { ...root, area: section.label, subject: section.label }
    : { ...root, area: title, subject: '' };
  leaf(ctx, where, title, before, after, schema);
}

/**
 * The story of the edits that turn `before` into `after`: one entry per action, in the order of
 * the document (its keys as the older version has them, then the new ones). `undefined` stands for
 * "no document".
 */
export function describeEdits(before: unknown, after: unknown, options: DescribeOptions = {}): StoryEntry[] {
  const index = indexOf(options.schema ?? (studioBundle as Json));
  const ctx: Context = {
    index,
    ...(isObject(options.inherited) ? { inherited: options.inherited } : {}),
    today: options.today ?? new Date(),
    sections: options.sections ?? [],
    out: [],
  };
  if (sameValue(before, after)) return [];
  if (!isObject(before) || !isObject(after)) {
    const kind = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    const text =
      kind === 'added'
        ? 'Created the site'
        : kind === 'removed'
          ? 'Removed the site'
          : 'Replaced the whole site document';
    const detail: FieldChange =
      kind === 'added'
        ? { pointer: '', kind, after }
        : kind === 'removed'
          ? { pointer: '', kind, before }
          : { pointer: '', kind, before, after };
    return [{ text, area: 'Site', details: [detail] }];
  }
  for (const key of keysOf(before, after))
    if (!sameValue(before[key], after[key])) compareTop(ctx, key, before[key], after[key]);
  return ctx.out;
}

/**
 * Where a field is, in the editor's words (issue 32: "validation messages name the field in words"):
 * the tab, then each step's title, list items by their names and blocks by their titles: the pointer
 * `/theme/colors/primary` of a document is "Theme › Colours › Primary colour", and
 * `/pages/~1/blocks/1/props/html` is "Pages › Home page › Text › Text". The pointer itself stays for
 * the JSON tab and the CLI.
 */
export function fieldName(document: unknown, pointer: string, options: DescribeOptions = {}): string {
  const index = indexOf(options.schema ?? (studioBundle as Json));
  if (!pointer) return 'The whole site';
  const segments = pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const first = segments[0] ?? '';
  const section = options.sections?.find((s) => s.keys.includes(first));
  const words: string[] = section ? [section.label] : [];
  let node: SchemaNode | undefined = resolve(index, index.root);
  let value: unknown = document;
  for (let i = 0; i < segments.length; i++) {
    const key = segments[i] ?? '';
    if (Array.isArray(value)) {
      const at = Number(key);
      const item: unknown = value[at];
      const blocks = value.every(isBlock);
      const itemNode = itemSchemaOf(index, node);
      words.push(
        blocks && Number.isInteger(at) && at >= 0 && at < value.length
          ? (blockNames(index, value)[at] ?? `Block ${at + 1}`)
          : cut(itemName(item, itemNoun(titleOf(itemNode), titleOf(node)), at)),
      );
      node = isBlock(item) ? index.blocks.get(item.type) : branchFor(index, itemNode, item);
      value = item;
      continue;
    }
    if (/^\d+$/.test(key)) {
      // An item of a list this document does not hold (the template's): its place in the list.
      const itemNode = itemSchemaOf(index, node);
      words.push(`${capitalise(itemNoun(titleOf(itemNode), titleOf(node)))} ${Number(key) + 1}`);
      node = itemNode;
      value = undefined;
      continue;
    }
    const child: unknown = isObject(value) ? value[key] : undefined;
    if (i === 1 && first === 'pages') words.push(pageName(key));
    else if (key === 'blocks' && /^\d+$/.test(segments[i + 1] ?? '')) {
      // The page's blocks: the block's own title follows.
    }
    // A block's props and its type are the block itself, already named.
    else if (!(key === 'props' && isBlock(value))) words.push(labelOf(childSchema(index, node, key, child), key));
    node = childSchema(index, isBlock(value) && key === 'props' ? index.blocks.get(value.type) : node, key, child);
    value = child;
  }
  // The tab's own title is the first key's title too ("Theme › Theme"): said once.
  return words.filter((word, k) => k === 0 || word !== words[k - 1]).join(' › ');
}
