/**
 * The Pages tab's model (issue 16): pure functions over a tenant's own `pages` and the pages it
 * inherits from its template and dealer group. The engine deep-merges template -> group -> tenant
 * (engine/merge.ts), so a tenant page at an inherited route changes only the keys it sets, its
 * `blocks` replace the template's (arrays replace), and `null` removes the template's page.
 *
 * Every function returns new objects and never changes its arguments, so the editor can hand the
 * result straight to React. An `own` that ends up empty comes back as `undefined`, so the caller can
 * drop the tenant's `pages` key instead of saving `"pages": {}`. Client-safe: no server imports.
 */
import type { BlockDoc, JsonObject, PageDoc } from '../editor-types';
import { pointerOf } from '../schema-tools';

/** The tenant's own pages: route pattern -> page, or null for a template page removed from this site. */
export type OwnPages = Record<string, PageDoc | null>;
/** The pages the template and dealer group supply (already merged, removed ones left out). */
export type InheritedPages = Readonly<Record<string, PageDoc>>;

/**
 * Where a page of the merged list comes from: the template's as it is (`inherited`), the template's
 * with this site's changes (`overridden`), this site's alone (`own`), or the template's switched off
 * for this site (`removed`).
 */
export type PageStatus = 'inherited' | 'overridden' | 'own' | 'removed';

export interface PageEntry {
  route: string;
  /** The page's title as written (with `{site}`), or its route when it has none. */
  title: string;
  status: PageStatus;
  /**
   * The page the site serves at this route: the tenant's copy merged over the template's as the
   * engine merges it. For a removed page, the template's page (what Restore brings back).
   */
  page: PageDoc;
}

/** The route pattern of a page (page.schema.json, definitions.pages.propertyNames; pages-model.test.ts holds them equal). */
export const ROUTE_PATTERN =
  /^\/(?:[a-z0-9][a-z0-9._-]*|:[a-zA-Z][a-zA-Z0-9]*\??)?(?:\/(?:[a-z0-9][a-z0-9._-]*|:[a-zA-Z][a-zA-Z0-9]*\??))*$/;

const STATIC_SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;
const PARAM_SEGMENT = /^:[a-zA-Z][a-zA-Z0-9]*\??$/;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `over` merged onto `base` the way engine/merge.ts merges layers (objects key by key, everything
 * else replaced), reusing `over`'s values rather than copying them: a block the tenant did not touch
 * keeps its identity, so the editor re-renders only the block that changed.
 */
function mergeOnto(base: JsonObject, over: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isObject(current) && isObject(value) ? mergeOnto(current, value) : value;
  }
  return out;
}

const mergePage = (base: PageDoc, over: PageDoc): PageDoc => mergeOnto(base, over) as PageDoc;

/** A deep copy of plain JSON (a page the tenant takes over must not share objects with the template's). */
function copyJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyJson) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyJson(v)])) as T;
  return value;
}

/** `own` without `route`, or undefined when nothing is left. */
function without(own: OwnPages | undefined, route: string): OwnPages | undefined {
  const next: OwnPages = { ...own };
  delete next[route];
  return Object.keys(next).length ? next : undefined;
}

/** '/' first, then by route (code-point order, so the list does not move with the browser's locale). */
function compareRoutes(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '/') return -1;
  if (b === '/') return 1;
  return a < b ? -1 : 1;
}

/** The merged page list: every inherited and every own route, '/' first, then by route. */
export function pageList(own: OwnPages | undefined, inherited: InheritedPages): PageEntry[] {
  const routes = new Set([...Object.keys(inherited), ...Object.keys(own ?? {})]);
  const entries: PageEntry[] = [];
  for (const route of routes) {
    const base = Object.hasOwn(inherited, route) ? inherited[route] : undefined;
    const mine = own && Object.hasOwn(own, route) ? own[route] : undefined;
    let status: PageStatus;
    let page: PageDoc;
    if (mine === null) {
      status = 'removed';
      // A null left over from a template page that no longer exists: shown so it can be cleared.
      page = base ?? { title: route, blocks: [] };
    } else if (mine && base) {
      status = 'overridden';
      page = mergePage(base, mine);
    } else if (mine) {
      status = 'own';
      page = mine;
    } else if (base) {
      status = 'inherited';
      page = base;
    } else continue;
    entries.push({ route, title: typeof page.title === 'string' && page.title ? page.title : route, status, page });
  }
  return entries.sort((a, b) => compareRoutes(a.route, b.route));
}

/**
 * `own` with a complete copy of the page at `route`, ready to change: the first edit of an inherited
 * page copies the template's page into the tenant's pages (a removed page comes back as that copy).
 * A page the tenant already has stays as it is, filled in from the template where it leaves keys out.
 */
export function withOwnCopy(own: OwnPages | undefined, inherited: InheritedPages, route: string): OwnPages {
  const base = Object.hasOwn(inherited, route) ? inherited[route] : undefined;
  const mine = own && Object.hasOwn(own, route) ? own[route] : undefined;
  const next: OwnPages = { ...own };
  if (base) next[route] = mine ? mergePage(copyJson(base), mine) : copyJson(base);
  else if (mine) next[route] = mine;
  else next[route] = { title: route, blocks: [] };
  return next;
}

/** `own` with the page at `route` changed by `change` (given the page as the site serves it, copied in first if inherited). */
export function updatePage(
  own: OwnPages | undefined,
  inherited: InheritedPages,
  route: string,
  change: (page: PageDoc) => PageDoc,
): OwnPages {
  const next = withOwnCopy(own, inherited, route);
  next[route] = change(next[route] as PageDoc);
  return next;
}

/** Drops this site's copy of an inherited page: the template's page shows again. */
export function resetToTemplate(own: OwnPages | undefined, route: string): OwnPages | undefined {
  return without(own, route);
}

/** Removes a page: an inherited route is switched off with null (it can be restored), an own page is deleted. */
export function removePage(own: OwnPages | undefined, inherited: InheritedPages, route: string): OwnPages | undefined {
  if (Object.hasOwn(inherited, route)) return { ...own, [route]: null };
  return without(own, route);
}

/** Brings back a removed template page (as the template has it). */
export function restorePage(own: OwnPages | undefined, route: string): OwnPages | undefined {
  return own && own[route] === null ? without(own, route) : own && { ...own };
}

/** The shape of a route for comparing: `/cars/:slug` and `/cars/:id` answer the same addresses. */
const routeShape = (route: string): string =>
  route
    .split('/')
    .map((s) => (s.startsWith(':') ? (s.endsWith('?') ? ':?' : ':') : s))
    .join('/');

/** Why `route` cannot be a page's route pattern, as a sentence for the person typing it; undefined when it can. */
export function routeProblem(route: string): string | undefined {
  if (route === '') return 'Enter the page’s address, e.g. /about-us.';
  if (!route.startsWith('/')) return 'The address starts with /, e.g. /about-us.';
  if (route === '/') return undefined;
  const segments = route.slice(1).split('/');
  if (segments.some((s) => s === ''))
    return route.endsWith('/') ? 'Remove the / at the end of the address.' : 'The address has // in it: remove one /.';
  for (const segment of segments) {
    if (STATIC_SEGMENT.test(segment) || PARAM_SEGMENT.test(segment)) continue;
    if (/\s/.test(segment)) return 'An address cannot have spaces: use - between words, e.g. /about-us.';
    if (STATIC_SEGMENT.test(segment.toLowerCase())) return `Use lower-case letters: ${segment.toLowerCase()}.`;
    return `“${segment}” cannot be part of an address: use lower-case letters, digits, '-', '_' and '.', or :name for a part that changes (e.g. /offers/:slug).`;
  }
  const params = segments.filter((s) => s.startsWith(':')).map((s) => s.replace(/^:|\?$/g, ''));
  if (new Set(params).size !== params.length) return 'Each :name can appear only once in an address.';
  const firstOptional = segments.findIndex((s) => s.endsWith('?'));
  if (firstOptional >= 0 && segments.slice(firstOptional).some((s) => !s.endsWith('?')))
    return 'Only the last parts of an address can be optional (:name?).';
  // The schema's own pattern has the last word, should the checks above ever disagree with it.
  if (!ROUTE_PATTERN.test(route)) return 'This is not a valid page address.';
  return undefined;
}

export type AddPageResult = { ok: true; own: OwnPages } | { ok: false; field: 'route' | 'title'; problem: string };

/**
 * A new page of this site only, with no blocks yet; or the problem with the route (bad, taken, or
 * the same addresses as another page) or the title, as a sentence to show next to its field.
 */
export function addPage(
  own: OwnPages | undefined,
  inherited: InheritedPages,
  route: string,
  title: string,
): AddPageResult {
  const problem = routeProblem(route);
  if (problem) return { ok: false, field: 'route', problem };
  const entries = pageList(own, inherited);
  const taken = entries.find((e) => e.route === route);
  if (taken?.status === 'removed')
    return {
      ok: false,
      field: 'route',
      problem: `The template’s page ${route} is removed from this site: choose it in the list and restore it.`,
    };
  if (taken) return { ok: false, field: 'route', problem: `This site already has a page at ${route}.` };
  const same = entries.find((e) => e.status !== 'removed' && routeShape(e.route) === routeShape(route));
  if (same) return { ok: false, field: 'route', problem: `The page ${same.route} already answers the same addresses.` };
  if (!title.trim()) return { ok: false, field: 'title', problem: 'Enter the page’s title.' };
  return { ok: true, own: { ...own, [route]: { title: title.trim(), blocks: [] } } };
}

/**
 * A path the preview can open for a route: the route itself, with optional `:name?` parts left out;
 * undefined when the route needs a value (`/cars/:slug`), since the editor cannot choose one.
 */
export function previewPath(route: string): string | undefined {
  const segments = route.split('/').filter(Boolean);
  if (segments.some((s) => s.startsWith(':') && !s.endsWith('?'))) return undefined;
  return `/${segments.filter((s) => !s.startsWith(':')).join('/')}`;
}

/** The JSON pointer of a page in the tenant document (`/` is `/pages/~1`). */
export const pagePointer = (route: string): string => pointerOf(['pages', route]);

/** The JSON pointer of a block of a page in the tenant document. */
export const blockPointer = (route: string, index: number): string => pointerOf(['pages', route, 'blocks', index]);

/* Block lists. Generic, so the editor moves its own keys for the blocks with the same functions. */

const clampIndex = (index: number, length: number): number => Math.max(0, Math.min(length, Math.trunc(index)));

/** The list with the item at `from` moved to `to` (its index afterwards); a copy unchanged when `from` is out of range. */
export function moveBlock<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= items.length) return next;
  const [item] = next.splice(from, 1) as [T];
  next.splice(clampIndex(to, next.length), 0, item);
  return next;
}

/** The list with `item` inserted at `index` (clamped to the list). */
export function insertBlock<T>(items: readonly T[], index: number, item: T): T[] {
  const next = [...items];
  next.splice(clampIndex(index, items.length), 0, item);
  return next;
}

/** The list without the item at `index`. */
export function removeBlock<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/** The list with the item at `index` replaced. */
export function replaceBlock<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, i) => (i === index ? item : current));
}

/**
 * What the Pages tab does to a site's pages, as actions (issue 32: the document operations as reducer
 * actions). Each names its page by route and its block by position; `reducePages` applies one.
 */
export type PageAction =
  | { type: 'add-page'; route: string; title: string }
  | { type: 'set-title'; route: string; title: string }
  | { type: 'set-description'; route: string; text: string }
  /** `kind` undefined: chosen from the page's blocks (the declared kind is dropped). */
  | { type: 'set-kind'; route: string; kind: string | undefined }
  | { type: 'reset-page'; route: string }
  | { type: 'remove-page'; route: string }
  | { type: 'restore-page'; route: string }
  | { type: 'insert-block'; route: string; at: number; block: BlockDoc }
  | { type: 'move-block'; route: string; from: number; to: number }
  | { type: 'remove-block'; route: string; index: number }
  | { type: 'replace-block'; route: string; index: number; block: BlockDoc };

/**
 * The site's own pages after `action`, computed from its own and inherited pages (the arguments are
 * left alone). The first change of an inherited page copies it in first (`updatePage`). An action
 * that cannot apply (a page that may not be added: `addPage` says why; a block position out of
 * range) answers `own` unchanged.
 */
export function reducePages(
  own: OwnPages | undefined,
  inherited: InheritedPages,
  action: PageAction,
): OwnPages | undefined {
  const { route } = action;
  const blocksOf = (change: (blocks: BlockDoc[]) => BlockDoc[]) => {
    const before = withOwnCopy(own, inherited, route)[route]?.blocks ?? [];
    const after = change(before);
    if (after.length === before.length && after.every((block, i) => block === before[i])) return own;
    return updatePage(own, inherited, route, (page) => ({ ...page, blocks: after }));
  };
  switch (action.type) {
    case 'add-page': {
      const added = addPage(own, inherited, route, action.title);
      return added.ok ? added.own : own;
    }
    case 'set-title':
      return updatePage(own, inherited, route, (page) => ({ ...page, title: action.title }));
    case 'set-description':
      return updatePage(own, inherited, route, (page) => {
        const next: PageDoc = { ...page, description: action.text };
        // Left out, the template's description would show again (the engine merges), so it is kept as ''.
        if (!action.text && !(Object.hasOwn(inherited, route) && inherited[route]?.description !== undefined))
          delete next.description;
        return next;
      });
    case 'set-kind':
      return updatePage(own, inherited, route, (page) => {
        const { kind: _dropped, ...rest } = page;
        return action.kind ? { ...rest, kind: action.kind } : rest;
      });
    case 'reset-page':
      return resetToTemplate(own, route);
    case 'remove-page':
      return removePage(own, inherited, route);
    case 'restore-page':
      return restorePage(own, route);
    case 'insert-block':
      return blocksOf((blocks) => insertBlock(blocks, action.at, action.block));
    case 'move-block':
      return blocksOf((blocks) => moveBlock(blocks, action.from, action.to));
    case 'remove-block':
      return blocksOf((blocks) => removeBlock(blocks, action.index));
    case 'replace-block':
      return blocksOf((blocks) => replaceBlock(blocks, action.index, action.block));
  }
}

/** A new block of a type, with no props set yet (the form fills them in; the checks say what is missing). */
export function newBlock(type: string): BlockDoc {
  return { type, props: {} };
}

/** The props a block card's summary line is taken from, first found first. */
const SUMMARY_KEYS = ['heading', 'title', 'label', 'text', 'intro', 'html', 'body'] as const;
const SUMMARY_LENGTH = 80;

/** One line saying which block this is (its heading or first words), or '' when its props say nothing readable. */
export function blockSummary(block: BlockDoc): string {
  const props = block.props ?? {};
  for (const key of SUMMARY_KEYS) {
    const value = props[key];
    if (typeof value !== 'string') continue;
    const text = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…` : text;
  }
  return block.id ? `#${block.id}` : '';
}

/** A `when` condition as the text input shows it: switch names separated by commas. */
export function whenText(when: string | string[] | undefined): string {
  if (when === undefined) return '';
  return typeof when === 'string' ? when : when.join(', ');
}

/** The text input's condition: undefined when empty, one switch name, or a list (all must hold). */
export function parseWhen(text: string): string | string[] | undefined {
  const names = text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return undefined;
  return names.length === 1 ? names[0] : names;
}

/**
 * A page's title as the pages list shows it: the site's name, which every title carries, is left
 * out ("About us | {site}" → "About us") or written in ("{site}: new cars" → "Harbour City Mazda:
 * new cars"), and a brand page's `{brand}` reads "(brand)". The title itself is edited as written.
 */
export function listTitle(title: string, siteName: string): string {
  const shown = title
    .replace(/\s*[|–-]\s*\{site\}\s*$/, '')
    .replaceAll('{site}', siteName)
    .replaceAll('{brand}', '(brand)')
    .trim();
  return shown || title;
}
