'use client';
/**
 * A list of blocks edited as the Pages tab edits a page's (issue 33): the header's and the footer's
 * blocks (LayoutBlocks) and the block lists inside a block's form (BlockListField: a section's
 * blocks, the vehicle page's main and side columns), each block a card with its form and the same
 * picker, moves (buttons, mouse, finger), removal with Undo, and announcements.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import styles from '../../components/studio.module.css';
import type { BlockDoc, BlockType, EditorIssue, SchemaNode } from '../editor-types';
import type { StudioFormContext } from '../widgets';
import css from './PagesEditor.module.css';
import { BlockCard } from './BlockCard.client';
import { BlockPicker } from './BlockPicker.client';
import { insertBlock, moveBlock, newBlock, removeBlock, replaceBlock } from './pages-model';
import { blockTitle, dragActions, type BlockActions, type DragState } from './page-shared';

let keySerial = 0;

export interface BlockListProps {
  /** Unique on the page, for the cards' ids ("header", or a form field's id). */
  listId: string;
  heading: string;
  /** The heading's level where the list sits (h4 in the Pages tab, h5 inside a block's form). */
  headingLevel?: 'h4' | 'h5';
  /** A sentence under the heading (what the list is), and a note after it (where it comes from). */
  intro?: string | undefined;
  note?: string | undefined;
  blocks: readonly BlockDoc[];
  /** The list's place in the document: its card i is at `${pointer}/${i}` (for the server's issues). */
  pointer: string;
  bundle: SchemaNode;
  catalogue: readonly BlockType[];
  /** What the picker offers (issue 34: the blocks this kind of page or the layout can show), and why; all of `catalogue` unless given. */
  pickable?: { types: readonly BlockType[]; note?: string } | undefined;
  issues: readonly EditorIssue[];
  context: StudioFormContext;
  currentPromotion: string | undefined;
  /** "Add header block". */
  addLabel: string;
  /** Where "Add" puts a block, for the picker: "at the end of the header". */
  endWhere: string;
  /** Said when the list is empty. */
  emptyText: string;
  /** The new list (undefined: the reset below); `separate`: an undo step of its own. */
  onBlocks(blocks: BlockDoc[] | undefined, separate: boolean): void;
  /** A button that gives the list back to where it came from (the template's), with what it says. */
  reset?: { label: string; announce: string } | undefined;
}

/**
 * A list of blocks as cards (BlockCard: the block's name, its form, Up, Down, drag, Add below,
 * Remove with Undo) with the block picker: the header's and the footer's blocks, and a block's own
 * slots (a section's blocks, the vehicle page's columns) inside its form.
 */
export function BlockList(props: BlockListProps) {
  const { listId, heading, intro, note, blocks, catalogue, bundle, issues, context, onBlocks } = props;
  const baseId = `${useId().replace(/[^a-zA-Z0-9-]/g, '')}-${listId.replace(/[^a-zA-Z0-9-]/g, '_')}`;
  const Heading = props.headingLevel ?? 'h4';
  const typesByName = useMemo(() => new Map(catalogue.map((t) => [t.type, t])), [catalogue]);
  // React keys moved along with the blocks, so a moved card keeps its open form and focus.
  const [storedKeys, setKeys] = useState<readonly string[]>([]);
  const keys = useMemo(
    () => (storedKeys.length === blocks.length ? storedKeys : blocks.map((_, i) => `${listId}#${i}`)),
    [storedKeys, blocks, listId],
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
      latest.current.onBlocks(next, separate);
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
  }, [baseId, cardId, nameOf]);

  function choose(type: string) {
    if (!picker) return;
    const key = `added-${++keySerial}`;
    const at = Math.min(picker.at, blocks.length);
    setPicker(null);
    setKeys(insertBlock(keys, at, key));
    setExpanded((prev) => new Set(prev).add(key));
    onBlocks(insertBlock(blocks, at, newBlock(type)), true);
    setAnnouncement(`${typesByName.get(type)?.title ?? type} added as block ${at + 1}. Its settings are open.`);
    focusNext.current = `${cardId(key)}-toggle`;
  }

  function undoRemove() {
    if (!removed) return;
    const at = Math.min(removed.index, blocks.length);
    setRemoved(null);
    setKeys(insertBlock(keys, at, removed.key));
    onBlocks(insertBlock(blocks, at, removed.block), true);
    setAnnouncement(`${removed.name} is back at position ${at + 1}.`);
    focusNext.current = `${cardId(removed.key)}-toggle`;
  }

  const pointer = (index: number) => `${props.pointer}/${index}`;
  const listIssues = issues.filter((i) => i.pointer === props.pointer);
  return (
    <section className={css.blocksSection} aria-labelledby={`${baseId}-heading`}>
      <Heading id={`${baseId}-heading`} className={css.blocksHeading}>
        {heading}
      </Heading>
      {intro || note ? <p className={styles.hint}>{[intro, note].filter(Boolean).join(' ')}</p> : null}
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
            const key = keys[index] ?? `${listId}#${index}`;
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
        <p className={css.empty}>{props.emptyText}</p>
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
              where: props.endWhere,
            })
          }
        >
          {props.addLabel}
        </button>
        {props.reset ? (
          <button
            type="button"
            className={`${styles.button} ${styles.secondary}`}
            onClick={() => {
              setKeys([]);
              setRemoved(null);
              onBlocks(undefined, true);
              setAnnouncement(props.reset?.announce ?? '');
            }}
          >
            {props.reset.label}
          </button>
        ) : null}
      </div>
      {picker ? (
        <BlockPicker
          baseId={`${baseId}-picker`}
          where={picker.where}
          catalogue={props.pickable?.types ?? catalogue}
          note={props.pickable?.note}
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
