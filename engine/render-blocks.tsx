import type { ReactNode } from 'react';
import type { Block } from '../schemas/types.generated';
import type { BlockContext, BlockType, BlockComponent } from '../blocks/types';
import { blockRegistry } from '../blocks/registry';
import { isSwitchedOn } from '../domain/switches';

const warned = new Set<string>();

/** Unknown types pass validation only if a file was edited after loading; render nothing and say so once. */
function warnUnknown(tenant: string, type: string): void {
  const key = `${tenant}:${type}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`tenant "${tenant}": no block is registered for type "${type}"; it is not rendered`);
}

export function renderBlocks(
  blocks: readonly Block[] | undefined,
  base: Omit<BlockContext, 'renderBlocks'>,
): ReactNode {
  if (!blocks?.length) return null;
  const ctx: BlockContext = { ...base, renderBlocks: (nested) => renderBlocks(nested, base) };
  return blocks.map((block, index) => {
    if (!isSwitchedOn(block.when, base.tenant.features)) return null;
    const Component = (blockRegistry as Partial<Record<string, BlockComponent<BlockType>>>)[block.type];
    if (!Component) {
      warnUnknown(base.tenant.slug, String(block.type));
      return null;
    }
    const rendered = <Component key={block.id ?? `${block.type}@${index}`} props={block.props as never} ctx={ctx} />;
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
