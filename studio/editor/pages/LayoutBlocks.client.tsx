'use client';
/**
 * The blocks around every page (issue 33: "Header and footer blocks edited the same way as page
 * blocks"; before, a generic list of every block type per item): the header's blocks and the
 * footer's, each as the Pages tab shows a page's blocks, with the same cards (BlockCard: the block's
 * name, its form, Up, Down, drag, Add below, Remove with Undo) and the same block picker. A list the
 * template supplies is shown as it is and marked so; the first change makes it this site's own list
 * (the template's changes to it no longer reach the site), and "Use the template's again" gives it
 * back. The layout's lists replace the template's whole (engine/merge.ts: arrays replace).
 */
import { useCallback, useMemo } from 'react';
import type { BlockDoc, BlockType, EditorIssue, JsonObject, SchemaNode } from '../editor-types';
import type { StudioFormContext } from '../widgets';
import { layoutBlockTypes } from './page-shared';
import { BlockList } from './BlockList.client';

export type LayoutPart = 'header' | 'footer';

const PARTS: readonly { part: LayoutPart; heading: string; intro: string }[] = [
  {
    part: 'header',
    heading: 'Header blocks',
    intro: 'Shown at the top of every page, before the page’s own blocks.',
  },
  {
    part: 'footer',
    heading: 'Footer blocks',
    intro: 'Shown at the bottom of every page, after the page’s own blocks.',
  },
];

const isBlock = (value: unknown): value is BlockDoc =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The list at `part` of a layout, when it has one. */
function listOf(layout: JsonObject | undefined, part: LayoutPart): BlockDoc[] | undefined {
  const value = layout?.[part];
  return Array.isArray(value) ? value.filter(isBlock) : undefined;
}

export interface LayoutBlocksProps {
  /** schemas/studio.schema.json: the block types and their props schemas. */
  bundle: SchemaNode;
  catalogue: readonly BlockType[];
  /** The site's own `layout`, if any. */
  own: JsonObject | undefined;
  /** The layout the template and dealer group supply, if any. */
  inherited: JsonObject | undefined;
  issues: readonly EditorIssue[];
  context: StudioFormContext;
  currentPromotion: string | undefined;
  /** The site's new `layout` (undefined: none of its own); `separate`: an undo step of its own. */
  onChange(layout: JsonObject | undefined, separate?: boolean): void;
}

export function LayoutBlocks(props: LayoutBlocksProps) {
  const { own, inherited, onChange, bundle, catalogue, issues, currentPromotion } = props;
  // Issue 34: the header and footer show on every page, so they take only the layout blocks.
  const pickable = useMemo(
    () => ({
      types: layoutBlockTypes(catalogue),
      note: 'Showing the block types that can go in the header and footer, which every page shows. Other blocks go on pages.',
    }),
    [catalogue],
  );
  // The lists of blocks inside a block's form show cards too (BlockListField).
  const context = useMemo<StudioFormContext>(
    () => ({ ...props.context, blocks: { bundle, catalogue, pickable, issues, currentPromotion } }),
    [props.context, bundle, catalogue, pickable, issues, currentPromotion],
  );
  const replaceList = useCallback(
    (part: LayoutPart, blocks: BlockDoc[] | undefined, separate: boolean) => {
      const next: JsonObject = { ...own };
      if (blocks) next[part] = blocks;
      else delete next[part];
      onChange(Object.keys(next).length ? next : undefined, separate);
    },
    [own, onChange],
  );
  return (
    <>
      {PARTS.map(({ part, heading, intro }) => {
        const mine = listOf(own, part);
        const theirs = listOf(inherited, part);
        return (
          <BlockList
            key={part}
            listId={part}
            heading={heading}
            intro={intro}
            note={
              mine === undefined && theirs !== undefined
                ? 'These come from the template. Change one and this site keeps its own list from then on.'
                : mine !== undefined && theirs !== undefined
                  ? 'This site has its own list: the template’s changes to it no longer reach the site.'
                  : undefined
            }
            blocks={mine ?? theirs ?? []}
            pointer={`/layout/${part}`}
            bundle={props.bundle}
            catalogue={props.catalogue}
            pickable={pickable}
            issues={props.issues}
            context={context}
            currentPromotion={props.currentPromotion}
            addLabel={`Add ${part} block`}
            endWhere={`at the end of the ${part}`}
            emptyText={`No ${part} blocks: every page shows only its own blocks here.`}
            onBlocks={(blocks, separate) => replaceList(part, blocks, separate)}
            reset={
              mine !== undefined && theirs !== undefined
                ? { label: `Use the template’s ${part} again`, announce: `The template’s ${part} blocks are back.` }
                : undefined
            }
          />
        );
      })}
    </>
  );
}
