import { EVERY_PAGE_KIND, LAYOUT_ONLY, PAGE_KINDS, type PageKind } from '../blocks/types';
import type { Block, Page } from '../schemas/types.generated';
import { factsOf, type FactTable } from './block-facts';
import { blockFacts } from '../blocks/block-facts.generated';

/**
 * Page kinds (issue 34): every page is one kind, rendered by that kind's route module, whose
 * registry holds only the blocks the kind may show (`x-page-kinds` in each block's schema.json), so
 * a shopper's phone downloads only those blocks' scripts and styles. A page declares its kind, or
 * takes the first kind (in PAGE_KINDS order) that may show every one of its blocks. These rules are
 * shared by the proxy (which route renders a page), `npm run validate` and the Studio's block picker.
 */
export { PAGE_KINDS, type PageKind };

/** A kind in a site editor's words: "Vehicle gallery cannot go on a content page". */
export const PAGE_KIND_LABELS: Readonly<Record<PageKind, string>> = {
  content: 'content page',
  search: 'search page',
  form: 'form page',
  location: 'location page',
  model: 'new-model page',
  account: 'account page',
  checkout: 'checkout page',
  vehicle: 'vehicle page',
};

/** What a block that goes only on one kind of page needs from it, in a site editor's words. */
const NEEDS: Readonly<Record<PageKind, string>> = {
  content: 'it goes on content pages',
  search: 'it needs the search page’s address to choose its cars',
  form: 'it goes on form pages',
  location: 'it needs a location (a page address with :slug, such as /locations/:slug)',
  model: 'it needs a new model (a page address with :slug, such as /models/:slug)',
  account: 'it shows a shopper’s own cars, so it goes on account pages',
  checkout: 'it reserves a car, so it goes on checkout pages',
  vehicle: 'it needs a car (a page address with :slug, such as /cars/:slug)',
};

const table: FactTable = blockFacts;

/** Whether a page of this kind may show the block type (an "every" block goes on every kind; a header-only one on none). */
export function kindAllows(kind: PageKind, type: string, facts: FactTable = table): boolean {
  const kinds = factsOf(type, facts)?.pageKinds;
  return kinds === EVERY_PAGE_KIND || (kinds?.includes(kind) ?? false);
}

/** Whether the block type may go in the header and footer (which every page shows). */
export function isLayoutBlock(type: string, facts: FactTable = table): boolean {
  const kinds = factsOf(type, facts)?.pageKinds;
  return kinds === EVERY_PAGE_KIND || kinds === LAYOUT_ONLY;
}

/** Whether the block type goes in the header and footer only, never on a page (the site header, the chat bubble). */
export function isLayoutOnly(type: string, facts: FactTable = table): boolean {
  return factsOf(type, facts)?.pageKinds === LAYOUT_ONLY;
}

/** The types of a page's blocks that decide its kind: every known block but the header-only ones (refused on their own). */
function kindDeciding(page: Pick<Page, 'blocks'>, facts: FactTable): string[] {
  return pageBlocks(page.blocks)
    .map((b) => b.type)
    .filter((type) => !isLayoutOnly(type, facts));
}

/** Every block on the page, nested ones included (a Section's or a layout's slots). */
export function pageBlocks(blocks: readonly Block[] | undefined): Block[] {
  const out: Block[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const node = value as { type?: unknown; props?: unknown };
    if (typeof node.type === 'string' && node.props && typeof node.props === 'object') {
      out.push(node as Block);
      Object.values(node.props).forEach(visit);
    }
  };
  visit(blocks ?? []);
  return out;
}

/** The kinds that may show every one of these block types, in PAGE_KINDS order. */
export function kindsAllowing(types: Iterable<string>, facts: FactTable = table): PageKind[] {
  const list = [...new Set(types)];
  return PAGE_KINDS.filter((kind) => list.every((type) => kindAllows(kind, type, facts)));
}

const derived = new WeakMap<object, PageKind | null>();

/**
 * The page's kind: its own `kind`, or the first kind that may show all its blocks; undefined when
 * no kind may (validation refuses such a page: see pageKindProblems).
 */
export function pageKind(
  page: Pick<Page, 'blocks'> & { kind?: PageKind },
  facts: FactTable = table,
): PageKind | undefined {
  if (page.kind) return page.kind;
  if (facts !== table) return kindsAllowing(kindDeciding(page, facts), facts)[0];
  let kind = derived.get(page);
  if (kind === undefined) {
    kind = kindsAllowing(kindDeciding(page, table), table)[0] ?? null;
    derived.set(page, kind);
  }
  return kind ?? undefined;
}

/** The route a page renders through: its kind, or (for a page validation refused) the content route. */
export function routeKind(page: (Pick<Page, 'blocks'> & { kind?: PageKind }) | undefined): PageKind {
  return (page && pageKind(page)) ?? 'content';
}

function title(type: string, facts: FactTable): string {
  return factsOf(type, facts)?.title ?? type;
}

/** Why a block type cannot go on a kind of page: "Vehicle gallery cannot go on a content page: it needs a car (…)". */
export function kindRefusal(type: string, kind: PageKind, facts: FactTable = table): string {
  const kinds = factsOf(type, facts)?.pageKinds;
  if (kinds === LAYOUT_ONLY)
    return `${title(type, facts)} cannot go on a page: it goes in the header or footer, which every page shows (Header and footer blocks, below the pages).`;
  const where =
    kinds === undefined || kinds === EVERY_PAGE_KIND
      ? ''
      : kinds.length === 1 && kinds[0]
        ? `: ${NEEDS[kinds[0]]}`
        : `: it goes on a ${listOr(kinds.map((k) => PAGE_KIND_LABELS[k]))}`;
  return `${title(type, facts)} cannot go on a ${PAGE_KIND_LABELS[kind]}${where}.`;
}

function listOr(items: readonly string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}

/** One problem with a page's blocks and its kind, with the index path of the block it is about. */
export interface PageKindProblem {
  /** The block the problem is about (the validator finds its place in the document). */
  block: Block;
  message: string;
}

/**
 * What is wrong with the blocks of a page for its kind: each block its declared kind cannot show,
 * or, for a page with no declared kind, the blocks that no one kind shows together.
 */
export function pageKindProblems(
  page: Pick<Page, 'blocks'> & { kind?: PageKind },
  facts: FactTable = table,
): PageKindProblem[] {
  const known = pageBlocks(page.blocks).filter((b) => factsOf(b.type, facts) !== undefined);
  // A header-only block is refused on any page, whatever its kind.
  const headerOnly = known
    .filter((b) => isLayoutOnly(b.type, facts))
    .map((block) => ({ block, message: kindRefusal(block.type, 'content', facts) }));
  const blocks = known.filter((b) => !isLayoutOnly(b.type, facts));
  if (page.kind) {
    const kind = page.kind;
    return [
      ...headerOnly,
      ...blocks
        .filter((b) => !kindAllows(kind, b.type, facts))
        .map((block) => ({ block, message: kindRefusal(block.type, kind, facts) })),
    ];
  }
  if (
    kindsAllowing(
      blocks.map((b) => b.type),
      facts,
    ).length > 0
  )
    return headerOnly;
  // No kind shows them all: name each block that the kind of the page's first block cannot show.
  const first = blocks.find((b) => !isLayoutBlock(b.type, facts));
  const firstKinds = first ? kindsAllowing([first.type], facts) : [];
  const kind =
    firstKinds
      .map((k) => ({ k, fits: blocks.filter((b) => kindAllows(k, b.type, facts)).length }))
      .sort((a, b) => b.fits - a.fits)[0]?.k ?? 'content';
  return [
    ...headerOnly,
    ...blocks
      .filter((b) => !kindAllows(kind, b.type, facts))
      .map((block) => ({
        block,
        message: `${kindRefusal(block.type, kind, facts)} This page is a ${PAGE_KIND_LABELS[kind]} because of its ${title(first?.type ?? '', facts)}: put the ${title(block.type, facts)} on a page of its own.`,
      })),
  ];
}

/**
 * The block types a site editor may add to a page (the Studio's block picker): those that leave
 * the page a kind (its declared kind, or any kind that may also show the blocks already on it).
 */
export function addableBlockTypes(
  page: Pick<Page, 'blocks'> & { kind?: PageKind },
  candidates: readonly string[],
  facts: FactTable = table,
): string[] {
  const kinds = possibleKinds(page, facts);
  return candidates.filter((type) => kinds.some((kind) => kindAllows(kind, type, facts)));
}

/** The kinds the page can be: its declared kind, or every kind that may show its blocks (header-only ones aside). */
export function possibleKinds(page: Pick<Page, 'blocks'> & { kind?: PageKind }, facts: FactTable = table): PageKind[] {
  return page.kind ? [page.kind] : kindsAllowing(kindDeciding(page, facts), facts);
}
