/**
 * Ids a site editor never types (issue 32: ids sit behind "More settings"). Offers, banners, slides
 * and promo tiles each need an `id` that tells them apart; it is not shown on the site. A new item
 * ("Add special offer") or a copy ("Duplicate") would otherwise arrive with no id, or its original's,
 * and the draft would have a problem only the advanced settings can fix. The Studio gives each such
 * item a short, unique id of its own as it arrives, and never changes an id that is already unique.
 *
 * Which lists need ids is read from the schema: arrays whose items are objects that require an `id`
 * marked `x-studio: advanced`.
 */

type Json = unknown;
type Node = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A path from the document's root to a list of items with ids: property names, and '*' for "each item of a list". */
export type ListPath = readonly string[];

function resolve(root: Node, node: unknown): Node | undefined {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
    const name = current.$ref.replace(/^#\/(?:definitions|\$defs)\//, '');
    const defs = (root.definitions ?? root.$defs) as Record<string, unknown> | undefined;
    current = defs?.[name];
  }
  return isObject(current) ? current : undefined;
}

function needsId(item: Node | undefined): boolean {
  if (!item) return false;
  const required = Array.isArray(item.required) ? item.required : [];
  const id = isObject(item.properties) ? item.properties.id : undefined;
  return required.includes('id') && isObject(id) && id['x-studio'] === 'advanced';
}

/** Every list of items with ids in the schema, by its path (objects and lists followed, each definition once per path). */
export function listsWithIds(schema: Node): ListPath[] {
  const found: ListPath[] = [];
  const walk = (node: unknown, path: string[], seen: ReadonlySet<unknown>) => {
    const resolved = resolve(schema, node);
    if (!resolved || seen.has(resolved) || path.length > 8) return;
    const next = new Set(seen).add(resolved);
    if (resolved.type === 'array' || resolved.items !== undefined) {
      const item = resolve(schema, resolved.items);
      if (needsId(item)) found.push(path);
      walk(resolved.items, [...path, '*'], next);
      return;
    }
    if (isObject(resolved.properties))
      for (const [key, child] of Object.entries(resolved.properties)) walk(child, [...path, key], next);
  };
  walk(schema, [], new Set());
  return found;
}

/** The word an id is made from: the item's title or label, else the list's kind ("offer"). */
function idWord(item: Record<string, unknown>, fallback: string): string {
  const source = [item.title, item.label, item.name, item.heading].find((v) => typeof v === 'string' && v.trim());
  const slug = (typeof source === 'string' ? source : fallback)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The list's items, each with an id not used by an earlier item; the same array when none needed one. */
export function withUniqueIds(items: readonly Json[], fallback: string): readonly Json[] {
  const used = new Set<string>();
  const existing = new Set(items.flatMap((item) => (isObject(item) && typeof item.id === 'string' ? [item.id] : [])));
  let changed = false;
  const out = items.map((item) => {
    if (!isObject(item)) return item;
    const id = item.id;
    if (typeof id === 'string' && id !== '' && !used.has(id)) {
      used.add(id);
      return item;
    }
    const base = idWord(item, fallback);
    let candidate = base;
    // Every id in the list counts: a new item never takes an id a later item already has.
    for (let n = 2; used.has(candidate) || existing.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    changed = true;
    return { ...item, id: candidate };
  });
  return changed ? out : items;
}

/** The noun an id falls back to: the list's last property name made singular ("offers" → "offer"). */
const nounOf = (path: ListPath): string => {
  const last = [...path].reverse().find((p) => p !== '*') ?? 'item';
  return (
    last
      .replace(/([a-z])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/s$/, '') || 'item'
  );
};

function fill(value: Json, before: Json, path: ListPath, at: number, noun: string): Json {
  if (at === path.length) {
    // Only a list that grew (Add, Duplicate, a paste) gets ids: an id a site editor clears or retypes
    // in "More settings" is theirs to write, and an item they did not touch is never renamed.
    const grew = !Array.isArray(before) || (Array.isArray(value) && value.length > before.length);
    return Array.isArray(value) && grew ? withUniqueIds(value, noun) : value;
  }
  const step = path[at] ?? '';
  if (step === '*') {
    if (!Array.isArray(value)) return value;
    let changed = false;
    const out = value.map((item: Json, index) => {
      const next = fill(item, Array.isArray(before) ? before[index] : undefined, path, at + 1, noun);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  if (!isObject(value) || !(step in value)) return value;
  const child = value[step];
  const next = fill(child, isObject(before) ? before[step] : undefined, path, at + 1, noun);
  return next === child ? value : { ...value, [step]: next };
}

/**
 * The document with an id on every item of the lists that need one (`lists` from listsWithIds) and
 * grew since `before` (the document as it was: a list it lacked counts as grown); the same object
 * when nothing was missing, so a change that adds no item costs no copy.
 */
export function withItemIds<T>(document: T, lists: readonly ListPath[], before?: unknown): T {
  let out: Json = document;
  for (const path of lists) out = fill(out, before, path, 0, nounOf(path));
  return out as T;
}
