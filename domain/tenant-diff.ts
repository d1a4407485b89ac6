/**
 * What changed between two versions of a JSON document (a tenant document in the Tenant Studio),
 * field by field, for a person: the Studio shows it when someone else published first, and the
 * history shows it per version.
 *
 * Objects are compared key by key; arrays that hold objects or arrays (blocks, menu items,
 * locations) are compared by index, so "/pages/~1/blocks/2/props/title" names the changed field;
 * arrays of plain values (domains, dealership ids) and every other value are leaves, reported
 * whole when they differ.
 */
export interface FieldChange {
  /** JSON pointer (RFC 6901) of the field; '' is the whole document. */
  pointer: string;
  kind: 'added' | 'removed' | 'changed';
  /** The value before (absent for 'added'). */
  before?: unknown;
  /** The value after (absent for 'removed'). */
  after?: unknown;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isContainer = (value: unknown): boolean => typeof value === 'object' && value !== null;

/** An RFC 6901 pointer segment: '~' and '/' are escaped. */
export function segment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Deep equality of JSON values. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
  }
  return false;
}

function walk(before: unknown, after: unknown, pointer: string, changes: FieldChange[]): void {
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) {
      const here = `${pointer}/${segment(key)}`;
      if (!Object.hasOwn(after, key)) changes.push({ pointer: here, kind: 'removed', before: before[key] });
      else walk(before[key], after[key], here, changes);
    }
    for (const key of Object.keys(after))
      if (!Object.hasOwn(before, key))
        changes.push({ pointer: `${pointer}/${segment(key)}`, kind: 'added', after: after[key] });
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && (before.some(isContainer) || after.some(isContainer))) {
    const shared = Math.min(before.length, after.length);
    for (let i = 0; i < shared; i++) walk(before[i], after[i], `${pointer}/${i}`, changes);
    for (let i = shared; i < before.length; i++)
      changes.push({ pointer: `${pointer}/${i}`, kind: 'removed', before: before[i] });
    for (let i = shared; i < after.length; i++)
      changes.push({ pointer: `${pointer}/${i}`, kind: 'added', after: after[i] });
    return;
  }
  if (!sameValue(before, after)) changes.push({ pointer, kind: 'changed', before, after });
}

/**
 * The changes that turn `before` into `after`, in document order (the fields of `before` first,
 * then the fields only `after` has). `undefined` stands for "no document": everything is added
 * or removed at ''.
 */
export function diffDocuments(before: unknown, after: unknown): FieldChange[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ pointer: '', kind: 'added', after }];
  if (after === undefined) return [{ pointer: '', kind: 'removed', before }];
  const changes: FieldChange[] = [];
  walk(before, after, '', changes);
  return changes;
}

/** The longest a value is shown in a change line before it is cut short. */
export const DESCRIBED_VALUE_MAX_CHARS = 80;

function show(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value === '' || value.trim() !== value
        ? JSON.stringify(value)
        : value
      : value === undefined
        ? 'nothing'
        : JSON.stringify(value);
  return text.length > DESCRIBED_VALUE_MAX_CHARS ? `${text.slice(0, DESCRIBED_VALUE_MAX_CHARS - 3)}...` : text;
}

/** One line for a person: "/theme/colors/primary changed from #123456 to #abcdef". */
export function describeChange(change: FieldChange): string {
  const where = change.pointer || 'the whole document';
  switch (change.kind) {
    case 'added':
      return `${where} added: ${show(change.after)}`;
    case 'removed':
      return `${where} removed (was ${show(change.before)})`;
    case 'changed':
      return `${where} changed from ${show(change.before)} to ${show(change.after)}`;
  }
}

/** `onPrimary` -> `on primary`: a key as words. */
const keyWords = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * Where a pointer points, in words for someone who does not read JSON pointers (the Studio's
 * history, conflicts and problem lists): `/pages/~1/blocks/0/props/heading` -> `page / › block 1 ›
 * heading`, `/offers/2/expiry` -> `offers › item 3 › expiry`. Lists count from 1.
 */
export function fieldWords(pointer: string): string {
  if (!pointer) return 'the whole document';
  const segments = pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const words: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] ?? '';
    const previous = segments[i - 1];
    if (segment === 'pages' && i === 0 && segments[1] !== undefined) {
      words.push(`page ${segments[1]}`);
      i++;
    } else if (/^\d+$/.test(segment)) words.push(`${previous === 'blocks' ? 'block' : 'item'} ${Number(segment) + 1}`);
    else if (segment === 'props' || (segment === 'blocks' && /^\d+$/.test(segments[i + 1] ?? ''))) continue;
    else words.push(keyWords(segment));
  }
  return words.join(' › ');
}
