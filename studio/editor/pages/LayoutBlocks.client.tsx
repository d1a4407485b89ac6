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
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import styles from '../../components/studio.module.css';
import type { BlockDoc, BlockType, EditorIssue, JsonObject, SchemaNode } from '../editor-types';
import type { StudioFormContext } from '../widgets';
import css from './PagesEditor.module.css';
import { BlockCard } from './BlockCard.client';
import { BlockPicker } from './BlockPicker.client';
import { insertBlock, moveBlock, newBlock, removeBlock, replaceBlock } from './pages-model';
import { blockTitle, dragActions, type BlockActions, type DragState } from './page-shared';

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
  const { own, inherited, onChange } = props;
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
          <LayoutList
            key={part}
            {...props}
            part={part}
            heading={heading}
            intro={intro}
            blocks={mine ?? theirs ?? []}
            fromTemplate={mine === undefined && theirs !== undefined}
            canReset={mine !== undefined && theirs !== undefined}
            onBlocks={replaceList}
          />
        );
      })}
    </>
  );
}

interface LayoutListProps extends LayoutBlocksProps {
  part: LayoutPart;
  heading: string;
  intro: string;
  blocks: readonly BlockDoc[];
  fromTemplate: boolean;
  canReset: boolean;
  onBlocks(part: LayoutPart, blocks: BlockDoc[] | undefined, separate: boolean): void;
}

let keySerial = 0;

function LayoutList(props: LayoutListProps) {
  const { part, heading, intro, blocks, fromTemplate, canReset, catalogue, bundle, issues, context, onBlocks } = props;
  const baseId = `${useId().replace(/[^a-zA-Z0-9-]/g, '')}-${part}`;
  const typesByName = useMemo(() => new Map(catalogue.map((t) => [t.type, t])), [catalogue]);
  // React keys moved along with the blocks, so a moved card keeps its open form and focus.
  const [storedKeys, setKeys] = useState<readonly string[]>([]);
  const keys = useMemo(
    () => (storedKeys.length === blocks.length ? storedKeys : blocks.map((_, i) => `${part}#${i}`)),
    [storedKeys, blocks, part],
  );
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [drag, setDrag] = useState<DragState | null>(null);
  const [picker, setPicker] = useState<{ at: number; returnTo: string; where: string } | null>(null);
  const [removed, setRemoved] = useState<{ index: number; block: BlockDoc; key: string; name: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const cardId = useCallback((key: string) => `${baseId}-block-${key.replace(/[^a-zA-Z0-9-]/g, '_')}`, [baseId]);

  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    document.getElementById(id)?.focus();
  });

  // The latest list, for the cards' stable callbacks (read only in event handlers).
  const latest = useRef({ blocks, keys, drag, onBlocks, typesByName });
  useLayoutEffect(() => {
    latest.current = { blocks, keys, drag, onBlocks, typesByName };
  });

  const nameOf = useCallback((block: BlockDoc | undefined, index: number) => {
    const title = block ? (latest.current.typesByName.get(block.type)?.title ?? block.type) : 'Block';
    return `${title} (block ${index + 1})`;
  }, []);

  const actions = useMemo<BlockActions>(() => {
    const commit = (next: BlockDoc[], nextKeys: readonly string[]) => {
      const separate = nextKeys !== latest.current.keys;
      setKeys(nextKeys);
      latest.current.onBlocks(part, next, separate);
    };
    const indexOf = (key: string) => latest.current.keys.indexOf(key);
    const changeBlock = (key: string, change: (block: BlockDoc) => BlockDoc) => {
      const { blocks, keys } = latest.current;
      const index = indexOf(key);
      const block = blocks[index];
      if (block) commit(replaceBlock(blocks, index, change(block)), keys);
    };
    const move = (key: string, to: number, via: 'up' | 'down' | 'drag') => {
      const { blocks, keys } = latest.current;
      const from = indexOf(key);
      const block = blocks[from];
      if (!block) return;
      const title = latest.current.typesByName.get(block.type)?.title ?? block.type;
      if (to < 0 || to >= blocks.length || to === from) {
        setAnnouncement(`${title} is already the ${to < from ? 'first' : 'last'} block.`);
        return;
      }
      commit(moveBlock(blocks, from, to), moveBlock(keys, from, to));
      setAnnouncement(`${title} moved to position ${to + 1} of ${blocks.length}.`);
      if (via !== 'drag') focusNext.current = `${cardId(key)}-${via}`;
    };
    return {
      move,
      changeBlock,
      changeProps: (key, props) => changeBlock(key, (block) => ({ ...block, props })),
      remove(key) {
        const { blocks, keys } = latest.current;
        const index = indexOf(key);
        const block = blocks[index];
        if (!block) return;
        const name = nameOf(block, index);
        commit(removeBlock(blocks, index), removeBlock(keys, index));
        setRemoved({ index, block, key, name });
        setAnnouncement(`${name} removed. Undo is above the blocks.`);
        const neighbour = keys[index + 1] ?? keys[index - 1];
        focusNext.current = neighbour ? `${cardId(neighbour)}-toggle` : `${baseId}-add`;
      },
      toggle(key) {
        setExpanded((prev) => {
          const next = new Set(prev);
          if (next.has(key)) next.delete(key);
          else next.add(key);
          return next;
        });
      },
      addBelow(key, openerId) {
        const index = indexOf(key);
        setPicker({ at: index + 1, returnTo: openerId, where: `after ${nameOf(latest.current.blocks[index], index)}` });
      },
      ...dragActions(() => ({
        setDrag,
        indexOf,
        titleOf: (key) => blockTitle(latest.current.blocks[indexOf(key)], latest.current.typesByName),
        move,
        announce: setAnnouncement,
      })),
    };
  }, [part, baseId, cardId, nameOf]);

  function choose(type: string) {
    if (!picker) return;
    const key = `added-${++keySerial}`;
    const at = Math.min(picker.at, blocks.length);
    setPicker(null);
    setKeys(insertBlock(keys, at, key));
    setExpanded((prev) => new Set(prev).add(key));
    onBlocks(part, insertBlock(blocks, at, newBlock(type)), true);
    setAnnouncement(`${typesByName.get(type)?.title ?? type} added as block ${at + 1}. Its settings are open.`);
    focusNext.current = `${cardId(key)}-toggle`;
  }

  function undoRemove() {
    if (!removed) return;
    const at = Math.min(removed.index, blocks.length);
    setRemoved(null);
    setKeys(insertBlock(keys, at, removed.key));
    onBlocks(part, insertBlock(blocks, at, removed.block), true);
    setAnnouncement(`${removed.name} is back at position ${at + 1}.`);
    focusNext.current = `${cardId(removed.key)}-toggle`;
  }

  const pointer = (index: number) => `/layout/${part}/${index}`;
  const listIssues = issues.filter((i) => i.pointer === `/layout/${part}` || i.pointer === '/layout');
  return (
    <section className={css.blocksSection} aria-labelledby={`${baseId}-heading`}>
      <h4 id={`${baseId}-heading`} className={css.blocksHeading}>
        {heading}
      </h4>
      <p className={styles.hint}>
        {intro}{' '}
        {fromTemplate
          ? 'These come from the template. Change one and this site keeps its own list from then on.'
          : canReset
            ? 'This site has its own list: the template’s changes to it no longer reach the site.'
            : ''}
      </p>
      {listIssues.map((issue, i) => (
        <p key={i} className={styles.error}>
          {issue.message}
        </p>
      ))}
      {removed ? (
        <p className={`${styles.notice} ${css.undo}`}>
          <span>{removed.name} was removed.</span>
          <button type="button" className={styles.linkButton} onClick={undoRemove}>
            Undo
          </button>
        </p>
      ) : null}
      {blocks.length ? (
        <ol className={css.blocks} aria-label={heading}>
          {blocks.map((block, index) => {
            const key = keys[index] ?? `${part}#${index}`;
            return (
              <BlockCard
                key={key}
                blockKey={key}
                domId={cardId(key)}
                index={index}
                isLast={index === blocks.length - 1}
                block={block}
                type={typesByName.get(block.type)}
                bundle={bundle}
                issues={issues}
                pointer={pointer(index)}
                expanded={expanded.has(key)}
                context={context}
                currentPromotion={props.currentPromotion}
                dragging={drag?.key === key}
                dropMark={drag?.over?.key === key ? (drag.over.after ? 'after' : 'before') : undefined}
                actions={actions}
              />
            );
          })}
        </ol>
      ) : (
        <p className={css.empty}>No {part} blocks: every page shows only its own blocks here.</p>
      )}
      <div className={css.pageActions}>
        <button
          type="button"
          id={`${baseId}-add`}
          className={styles.button}
          aria-haspopup="dialog"
          onClick={() =>
            setPicker({
              at: blocks.length,
              returnTo: `${baseId}-add`,
              where: `at the end of the ${part}`,
            })
          }
        >
          Add {part} block
        </button>
        {canReset ? (
          <button
            type="button"
            className={`${styles.button} ${styles.secondary}`}
            onClick={() => {
              setKeys([]);
              setRemoved(null);
              onBlocks(part, undefined, true);
              setAnnouncement(`The template’s ${part} blocks are back.`);
            }}
          >
            Use the template’s {part} again
          </button>
        ) : null}
      </div>
      {picker ? (
        <BlockPicker
          baseId={`${baseId}-picker`}
          where={picker.where}
          catalogue={catalogue}
          onChoose={choose}
          onClose={() => {
            focusNext.current = picker.returnTo;
            setPicker(null);
          }}
        />
      ) : null}
      <p role="status" className={css.visuallyHidden}>
        {announcement}
      </p>
    </section>
  );
}
