import type { ReactNode } from 'react';
import type { Block, ResolvedTenant } from '../schemas/types.generated';

export type BlockType = Block['type'];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

/** What every block receives besides its props: the resolved tenant and the request's route. */
export interface BlockContext {
  tenant: ResolvedTenant;
  /** The request path on the tenant's site, e.g. /cars/2021-mazda-cx-5. */
  path: string;
  /** Route parameters of the matched page pattern. */
  params: Readonly<Record<string, string>>;
  /** When the request is served; blocks use it instead of reading the clock themselves. */
  now: Date;
  /** The request's query string. Reading it renders the page per request, so only blocks that need it call it. */
  searchParams: () => Promise<URLSearchParams>;
  /** Renders a nested slot of blocks (e.g. a Section's content). */
  renderBlocks: (blocks: readonly Block[] | undefined) => ReactNode;
}

export type BlockComponent<T extends BlockType> = (args: {
  props: BlockOf<T>['props'];
  ctx: BlockContext;
}) => ReactNode | Promise<ReactNode>;

/**
 * Block type -> component, for the blocks one route may render: blocks/registry.ts has every block
 * (the Studio's preview), blocks/kinds/*.generated.ts those of one page kind (issue 34).
 */
export type BlockRegistry = { readonly [T in BlockType]?: BlockComponent<T> };

/** The Studio palette's groups; each block's schema.json names its group as `x-category`. */
export const BLOCK_CATEGORIES = [
  'layout',
  'content',
  'search',
  'vehicle',
  'forms',
  'finance',
  'locations',
  'models',
  'account',
] as const;
export type BlockCategory = (typeof BLOCK_CATEGORIES)[number];

/**
 * The kinds of page (issue 34). Each kind renders through its own route module, whose registry
 * holds only the blocks that kind may show, so a page carries only its own blocks' code and styles.
 * The order is the one a page's kind is derived in (engine/page-kinds.ts): the first kind that may
 * show every block of the page.
 */
export const PAGE_KINDS = ['content', 'search', 'form', 'location', 'model', 'account', 'checkout', 'vehicle'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
/** `x-page-kinds: "every"`: a block for the header and footer that may also go on any page (a section, text). */
export const EVERY_PAGE_KIND = 'every';
/** `x-page-kinds: "layout"`: a block for the header and footer only (the site header, the chat bubble). */
export const LAYOUT_ONLY = 'layout';

/**
 * What a page takes its title, description and canonical URL from (`x-metadata` in a block's
 * schema.json): the car, location or new model named by the route's :slug.
 */
export const METADATA_SUBJECTS = ['vehicle', 'location', 'model'] as const;
export type MetadataSubject = (typeof METADATA_SUBJECTS)[number];

/** A test on a block's props (`K`: their names), as `x-reads-request` writes it: one prop compared, or any of several tests. */
export type PropCondition<K extends string = string> =
  | { prop: K; equals: string | number | boolean }
  | { prop: K; notEquals: string | number | boolean }
  | { prop: K; notEmpty: true }
  | { anyOf: readonly PropCondition<K>[] };

/** A block's facts, gathered by `npm run gen` from the x-* keywords at the root of its schema.json. */
export interface BlockFacts<K extends string = string> {
  /** The Studio's label for the block (the schema's root `title`). */
  title: string;
  /** The Studio palette group (`x-category`). */
  category: BlockCategory;
  /**
   * `x-reads-request`: the block reads the request (query string or session), always (true) or
   * when its props pass the test, so a page holding it is rendered per request.
   */
  readsRequest?: true | PropCondition<K>;
  /**
   * `x-query-only`: the block reads the request only through the query string, never cookies or
   * who is signed in, so a page whose request-reading blocks are all query-only is the same HTML for
   * every shopper with the same address (the document cache may keep it: server/http/document-cache).
   */
  queryOnly?: true;
  /** `x-form-props`: props whose value names the tenant's forms (a name, or one per car type). */
  formProps?: readonly K[];
  /** `x-metadata`: the page holding the block takes its metadata from this subject. */
  metadata?: MetadataSubject;
  /**
   * `x-page-kinds`: the kinds of page the block may go on (its route module's registry holds it),
   * "every" for a block that goes in the header and footer and on any page, or "layout" for one that
   * goes in the header and footer only.
   */
  pageKinds: readonly PageKind[] | typeof EVERY_PAGE_KIND | typeof LAYOUT_ONLY;
}

/** Every block type's facts, each typed against its own props. */
export type BlockFactTable = { readonly [T in BlockType]: BlockFacts<Extract<keyof BlockOf<T>['props'], string>> };
