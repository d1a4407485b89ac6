import type { ReactNode } from 'react';
import type { Block } from '../schemas/types.generated';
import type { BlockContext, BlockType, BlockComponent, BlockRegistry } from '../blocks/types';
import { isSwitchedOn } from '../domain/switches';
import { declaresReadsRequest } from './block-facts';

/**
 * The internal route tree rendering the blocks: `site` pages are cached and never see the query
 * string (the proxy sends pages whose blocks read it to `live`, rendered per request).
 */
export type BlockTree = 'site' | 'live';

const warned = new Set<string>();

/**
 * A block this route's registry does not hold: a type no block has (validation refuses it, unless a
 * file was edited after loading), or a block the page's kind may not show (validation refuses that
 * too: engine/page-kinds.ts). Render nothing and say so once.
 */
function warnUnknown(tenant: string, type: string): void {
  const key = `${tenant}:${type}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`tenant "${tenant}": block "${type}" is not rendered: this kind of page cannot show it`);
}

/**
 * In development, a block on the cached tree that reads the query string without declaring it
 * fails loudly: in production it would silently get an empty query on a page cached for everyone.
 */
function guardedContext(ctx: BlockContext, type: string, tree: BlockTree): BlockContext {
  if (tree !== 'site' || process.env.NODE_ENV !== 'development' || declaresReadsRequest(type)) return ctx;
  return {
    ...ctx,
    searchParams: () => {
      throw new Error(
        `Block "${type}" called ctx.searchParams() on a cached page, where the query string is always empty. ` +
          `If the block reads the request, declare it in blocks/${type}/schema.json with "x-reads-request" ` +
          `(true, or the props condition under which it reads it) and run \`npm run gen\`: pages holding it are then rendered per request.`,
      );
    },
  };
}

/**
 * Renders blocks through a registry: the route's (one page kind's blocks, or the layout's), so a
 * route's modules reach only the components its registry names (issue 34). Nested slots render
 * through the same registry.
 */
export function renderBlocks(
  blocks: readonly Block[] | undefined,
  base: Omit<BlockContext, 'renderBlocks'>,
  registry: BlockRegistry,
  tree: BlockTree = 'live',
): ReactNode {
  if (!blocks?.length) return null;
  const ctx: BlockContext = { ...base, renderBlocks: (nested) => renderBlocks(nested, base, registry, tree) };
  return blocks.map((block, index) => {
    if (!isSwitchedOn(block.when, base.tenant.features)) return null;
    const Component = (registry as Partial<Record<string, BlockComponent<BlockType>>>)[block.type];
    if (!Component) {
      warnUnknown(base.tenant.slug, String(block.type));
      return null;
    }
    const rendered = (
      <Component
        key={block.id ?? `${block.type}@${index}`}
        props={block.props as never}
        ctx={guardedContext(ctx, block.type, tree)}
      />
    );
    // A block id is the anchor links point at (e.g. /cars/{slug}#enquire).
    return block.id ? (
      <div key={block.id} id={block.id} className="block-anchor">
        {rendered}
      </div>
    ) : (
      rendered
    );
  });
}
