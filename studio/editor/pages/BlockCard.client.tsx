'use client';
/**
 * One block of a page in the Pages tab: a card that opens into the block's form, with its move,
 * duplicate and remove buttons, its drag handle and its problems.
 */
import { memo, useCallback, useMemo, type DragEvent, type PointerEvent } from 'react';
import styles from '../../components/studio.module.css';
import type { BlockDoc, BlockType, EditorIssue, JsonObject, SchemaNode } from '../editor-types';
import css from './PagesEditor.module.css';
import { MoreSettings } from '../widgets/MoreSettings.client';
import { blockSummary, whenText } from './pages-model';
import { SchemaForm } from '../SchemaForm.client';
import { blockPropsSchema, errorTreeFor, issuesUnder } from '../schema-tools';
import { uiSchemaFor } from '../ui-schema';
import type { StudioFormContext } from '../widgets';
import { heroPromotionNote } from '../../../domain/studio/override-notes';
import { problems, type BlockActions } from './page-shared';
import { FieldIssues, IssueList, CardButton, WhenInput } from './page-parts.client';

const EMPTY_PROPS: JsonObject = {};

/* One block. */

interface BlockCardProps {
  blockKey: string;
  /** The start of every DOM id in the card. */
  domId: string;
  index: number;
  isLast: boolean;
  block: BlockDoc;
  /** The block's entry in the registry; undefined for a type the registry does not have. */
  type: BlockType | undefined;
  bundle: SchemaNode;
  /** Every issue of the document: the card takes its own (so the parent's filtering cannot break the memo). */
  issues: readonly EditorIssue[];
  pointer: string;
  expanded: boolean;
  context: StudioFormContext;
  /** The banner promotion a hero showing "the current promotion" shows now, if any. */
  currentPromotion: string | undefined;
  dragging: boolean;
  dropMark: 'before' | 'after' | undefined;
  actions: BlockActions;
}

export const BlockCard = memo(function BlockCard({
  blockKey,
  domId,
  index,
  isLast,
  block,
  type,
  bundle,
  issues,
  pointer,
  expanded,
  context,
  currentPromotion,
  dragging,
  dropMark,
  actions,
}: BlockCardProps) {
  const title = type?.title ?? block.type;
  const name = `${title} (block ${index + 1})`;
  const summary = blockSummary(block);
  const propsPointer = `${pointer}/props`;
  const blockIssues = useMemo(() => issuesUnder(issues, pointer), [issues, pointer]);
  const whenIssues = blockIssues.filter((i) => i.pointer.startsWith(`${pointer}/when`));
  const idIssues = blockIssues.filter((i) => i.pointer.startsWith(`${pointer}/id`));
  // What the fields below do not show: the block itself, its type, an unknown key.
  const cardIssues = blockIssues.filter((i) => !/^\/(props|when|id)(\/|$)/.test(i.pointer.slice(pointer.length)));
  const errors = useMemo(() => errorTreeFor(issues, propsPointer), [issues, propsPointer]);
  // The lists of blocks inside the form (BlockListField) find their issues from here.
  const formContext = useMemo<StudioFormContext>(
    () => ({ ...context, pointer: propsPointer }),
    [context, propsPointer],
  );
  const schema = useMemo(() => blockPropsSchema(bundle, block.type), [bundle, block.type]);
  const uiSchema = useMemo(() => (schema ? uiSchemaFor(schema) : undefined), [schema]);
  const onPropsChange = useCallback((props: JsonObject) => actions.changeProps(blockKey, props), [actions, blockKey]);
  // A hero showing the current promotion shows the promotion, not the heading typed here: said at the top.
  const promotionNote = block.type === 'Hero' ? heroPromotionNote(block.props, currentPromotion) : undefined;
  const onWhenChange = useCallback(
    (when: string | string[] | undefined) =>
      actions.changeBlock(blockKey, (current) => {
        const next: BlockDoc = { ...current, when };
        if (when === undefined) delete next.when;
        return next;
      }),
    [actions, blockKey],
  );

  function onDragOver(event: DragEvent<HTMLLIElement>) {
    // Only a card's handle starts a drag here; anything else dragged over the list is not ours.
    if (!event.dataTransfer.types.includes('application/x-studio-block')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    actions.dragOver(blockKey, event.clientY > box.top + box.height / 2);
  }

  /**
   * A finger or a pen drags with pointer events (HTML drag and drop is the mouse's): the card under
   * the finger, in this list only, takes the drop mark, and lifting the finger drops the block.
   */
  function onTouchMove(event: PointerEvent<HTMLSpanElement>) {
    if (event.pointerType === 'mouse' || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
    const own = event.currentTarget.closest('li');
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest('li[data-block-key]');
    if (!own || !under || under.parentElement !== own.parentElement) return;
    const key = under.getAttribute('data-block-key');
    const box = under.getBoundingClientRect();
    if (key) actions.dragOver(key, event.clientY > box.top + box.height / 2);
  }

  const className = [
    css.card,
    dragging ? css.dragging : '',
    dropMark === 'before' ? css.dropBefore : '',
    dropMark === 'after' ? css.dropAfter : '',
    blockIssues.length ? css.cardInvalid : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li
      className={className}
      data-block-key={blockKey}
      onDragOver={onDragOver}
      onDrop={(event) => {
        event.preventDefault();
        actions.drop();
      }}
    >
      <div className={css.cardHead}>
        <span
          className={css.handle}
          draggable
          aria-hidden="true"
          title="Drag to move this block"
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('application/x-studio-block', blockKey);
            event.dataTransfer.setData('text/plain', title);
            const card = event.currentTarget.closest('li');
            if (card) event.dataTransfer.setDragImage(card, 24, 24);
            actions.dragStart(blockKey);
          }}
          onDragEnd={() => actions.dragEnd()}
          onPointerDown={(event) => {
            if (event.pointerType === 'mouse') return;
            event.preventDefault();
            event.currentTarget.setPointerCapture(event.pointerId);
            actions.dragStart(blockKey, true);
          }}
          onPointerMove={onTouchMove}
          onPointerUp={(event) => {
            if (event.pointerType !== 'mouse') actions.drop();
          }}
          onPointerCancel={(event) => {
            if (event.pointerType !== 'mouse') actions.dragEnd();
          }}
        >
          ⋮⋮
        </span>
        <button
          type="button"
          id={`${domId}-toggle`}
          className={css.toggle}
          aria-expanded={expanded}
          aria-controls={expanded ? `${domId}-body` : undefined}
          onClick={() => actions.toggle(blockKey)}
        >
          <span className={css.chevron} aria-hidden="true">
            {expanded ? '▾' : '▸'}
          </span>
          <span className={css.blockTitle}>{title}</span>
          <span className={css.visuallyHidden}> (block {index + 1})</span>
        </button>
        {blockIssues.length ? <span className={css.issueCount}>{problems(blockIssues.length)}</span> : null}
        <div className={css.cardActions}>
          <CardButton
            id={`${domId}-up`}
            label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => actions.move(blockKey, index - 1, 'up')}
          >
            Up
          </CardButton>
          <CardButton
            id={`${domId}-down`}
            label={`Move ${name} down`}
            disabled={isLast}
            onClick={() => actions.move(blockKey, index + 1, 'down')}
          >
            Down
          </CardButton>
          <CardButton
            id={`${domId}-add`}
            label={`Add below ${name}: a new block after it`}
            onClick={() => actions.addBelow(blockKey, `${domId}-add`)}
          >
            Add below
          </CardButton>
          <CardButton id={`${domId}-remove`} label={`Remove ${name}`} danger onClick={() => actions.remove(blockKey)}>
            Remove
          </CardButton>
        </div>
      </div>
      {summary || block.when ? (
        <p className={css.summary}>
          {summary}
          {block.when ? (
            <span className={css.whenNote}>
              {summary ? ' · ' : ''}Shown when {whenText(block.when)}
            </span>
          ) : null}
        </p>
      ) : null}
      {expanded ? (
        <div id={`${domId}-body`} className={css.cardBody}>
          {cardIssues.length ? <IssueList issues={cardIssues} label={`Problems with ${name}`} /> : null}
          {promotionNote ? (
            <div className={`${styles.notice} ${css.override}`} role="note">
              <p>{promotionNote}</p>
              <button
                type="button"
                className={`${styles.button} ${styles.secondary}`}
                onClick={() => onPropsChange({ ...(block.props ?? {}), usePromotion: false })}
              >
                Turn off “Show the current promotion”
              </button>
            </div>
          ) : null}
          {schema && uiSchema ? (
            <SchemaForm
              idPrefix={`${domId}-props`}
              schema={schema}
              uiSchema={uiSchema}
              data={block.props ?? EMPTY_PROPS}
              errors={errors}
              context={formContext}
              onChange={onPropsChange}
            />
          ) : (
            <p className={styles.error}>
              The block type “{block.type}” is not in the registry, so its settings cannot be shown. Remove the block,
              or change it in the JSON tab.
            </p>
          )}
          <MoreSettings
            id={`${domId}-more`}
            count={2}
            hasProblem={Boolean(whenIssues.length || idIssues.length)}
            keepMounted
            className={css.blockFields}
          >
            <WhenInput id={`${domId}-when`} value={block.when} issues={whenIssues} onChange={onWhenChange} />
            <div className={styles.field}>
              <label htmlFor={`${domId}-anchor`}>Anchor name (optional)</label>
              <input
                id={`${domId}-anchor`}
                type="text"
                spellCheck={false}
                value={block.id ?? ''}
                aria-invalid={idIssues.length ? true : undefined}
                aria-describedby={`${domId}-anchor-hint${idIssues.length ? ` ${domId}-anchor-issues` : ''}`}
                onChange={(event) => {
                  const id = event.target.value;
                  actions.changeBlock(blockKey, (current) => {
                    const next: BlockDoc = { ...current, id };
                    if (!id) delete next.id;
                    return next;
                  });
                }}
              />
              <p id={`${domId}-anchor-hint`} className={styles.hint}>
                For links straight to this block (/page#name): lower-case letters, digits and -.
              </p>
              <FieldIssues id={`${domId}-anchor-issues`} issues={idIssues} />
            </div>
          </MoreSettings>
        </div>
      ) : null}
    </li>
  );
});
