'use client';
/**
 * One item of a Studio list (issue 32). An item with fields is a card: a drag handle, the item's
 * one-line summary on a button that opens and closes its fields (closed at first: one menu item
 * open is ~800 px tall), then Move up, Move down, Duplicate and Remove. An item that is a single
 * value (a web address, a make) is its box with the same buttons beside it. The list
 * (ArrayFieldTemplate.client.tsx) holds which cards are open and runs the buttons, so it can put a
 * removed item back and keep the focus on the button pressed.
 */
import type { DragEvent, ReactNode } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, type ArrayFieldItemTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { itemName, itemSummary } from '../../../domain/studio/item-summary';
import { ITEM_DRAG_TYPE, itemIds, useList, type ListContextValue } from './ArrayFieldTemplate.client';
import styles from './lists.module.css';
import { liveWords, type Dated } from '../../../domain/studio/live-dates';
import type { StudioFormContext } from './index';

const DefaultArrayFieldItemTemplate = getDefaultRegistry().templates.ArrayFieldItemTemplate;

const PLAIN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** Whether an item is a single value (its own box), not a group of fields. */
function isPlainValue(schema: RJSFSchema): boolean {
  if (schema.oneOf || schema.anyOf || schema.properties) return false;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.length > 0 && types.every((t) => PLAIN_TYPES.has(t));
}

const quoted = (name: string) => `“${name}”`;
const problemsText = (n: number) => (n === 1 ? '1 problem' : `${n} problems`);

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const list = useList();
  // Only inside the Studio's list: anywhere else (a uiSchema's own list template), rjsf's item.
  if (!list) return <DefaultArrayFieldItemTemplate {...props} />;
  return <StudioItem {...props} list={list} />;
}

function StudioItem({ list, ...props }: ArrayFieldItemTemplateProps & { list: ListContextValue }) {
  const { children, buttonsProps, index, totalItems, itemKey, schema, registry, uiSchema, disabled, readonly } = props;
  const { baseId, noun, actions } = list;
  const data = list.data[index];
  const name = itemName(data, noun, index);
  const ids = itemIds(baseId, itemKey);
  const problems = list.problems.get(itemKey) ?? 0;
  // An offer, banner or tile with a start and an expiry date says when it is live (issue 33).
  const timeZone = (registry.formContext as StudioFormContext | undefined)?.timeZone;
  const dated = Boolean(schema.properties?.start && schema.properties.expiry);
  const live =
    dated && timeZone && typeof data === 'object' && data !== null
      ? liveWords(data as Dated, new Date(), timeZone)
      : undefined;
  const { MoveUpButton, MoveDownButton, CopyButton, RemoveButton } = registry.templates.ButtonTemplates;
  const { hasMoveUp, hasMoveDown, hasRemove, canAdd } = buttonsProps;
  const orderable = hasMoveUp || hasMoveDown;
  // rjsf offers Copy only where a uiSchema says `copyable`; the Studio offers Duplicate on every
  // list that can take another item, unless a uiSchema says `copyable: false`.
  const { copyable } = getUiOptions(props.parentUiSchema, registry.globalUiOptions);
  const hasCopy = buttonsProps.hasCopy || (canAdd && copyable !== false);

  // A read-only list (e.g. what only an admin may change) shows its items without buttons.
  const buttons: ReactNode =
    readonly || !(props.hasToolbar || hasCopy) ? null : (
      <div className={styles.actions}>
        {orderable ? (
          <MoveUpButton
            id={ids.up}
            className="rjsf-array-item-move-up"
            aria-label={`Move up: ${quoted(name)}`}
            aria-disabled={hasMoveUp ? undefined : true}
            disabled={disabled}
            onClick={() => actions.move(itemKey, 'up', hasMoveUp ? () => buttonsProps.onMoveUpItem() : undefined)}
            uiSchema={uiSchema}
            registry={registry}
          >
            Move up
          </MoveUpButton>
        ) : null}
        {orderable ? (
          <MoveDownButton
            id={ids.down}
            className="rjsf-array-item-move-down"
            aria-label={`Move down: ${quoted(name)}`}
            aria-disabled={hasMoveDown ? undefined : true}
            disabled={disabled}
            onClick={() => actions.move(itemKey, 'down', hasMoveDown ? () => buttonsProps.onMoveDownItem() : undefined)}
            uiSchema={uiSchema}
            registry={registry}
          >
            Move down
          </MoveDownButton>
        ) : null}
        {hasCopy ? (
          <CopyButton
            id={ids.copy}
            className="rjsf-array-item-copy"
            aria-label={`Duplicate ${quoted(name)}`}
            disabled={disabled}
            onClick={() => actions.duplicate(itemKey, () => buttonsProps.onCopyItem())}
            uiSchema={uiSchema}
            registry={registry}
          >
            Duplicate
          </CopyButton>
        ) : null}
        {hasRemove ? (
          <RemoveButton
            id={ids.remove}
            className="rjsf-array-item-remove"
            aria-label={`Remove ${quoted(name)}`}
            disabled={disabled}
            onClick={() => actions.remove(itemKey, () => buttonsProps.onRemoveItem())}
            uiSchema={uiSchema}
            registry={registry}
          >
            Remove
          </RemoveButton>
        ) : null}
      </div>
    );

  if (isPlainValue(schema)) {
    return (
      <li className={styles.row}>
        <div className={styles.rowField}>{children}</div>
        {buttons}
      </li>
    );
  }

  const open = list.open.has(itemKey);
  const drag = list.drag;
  const draggable = list.canDrag && orderable && !disabled && !readonly;
  const dropMark = drag?.over?.key === itemKey ? (drag.over.after ? 'after' : 'before') : undefined;
  const className = [
    styles.card,
    open ? styles.cardOpen : '',
    problems ? styles.cardInvalid : '',
    drag?.key === itemKey ? styles.dragging : '',
    dropMark === 'before' ? styles.dropBefore : '',
    dropMark === 'after' ? styles.dropAfter : '',
  ]
    .filter(Boolean)
    .join(' ');

  function onDragOver(event: DragEvent<HTMLLIElement>) {
    // Only this list's own drag: another list's (an outer one, around this card) handles its own.
    if (!list.drag || !event.dataTransfer.types.includes(ITEM_DRAG_TYPE)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    actions.dragOver(itemKey, event.clientY > box.top + box.height / 2);
  }

  return (
    <li
      className={className}
      onDragOver={onDragOver}
      onDrop={(event) => {
        if (!list.drag) return;
        event.preventDefault();
        event.stopPropagation();
        actions.drop();
      }}
    >
      <div className={styles.head}>
        {draggable ? (
          <span
            className={styles.handle}
            role="img"
            aria-label={`Drag to move ${quoted(name)}`}
            title={`Drag to move ${quoted(name)} (or use Move up and Move down)`}
            draggable
            onDragStart={(event) => {
              event.stopPropagation();
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData(ITEM_DRAG_TYPE, itemKey);
              event.dataTransfer.setData('text/plain', name);
              const card = event.currentTarget.closest('li');
              if (card) event.dataTransfer.setDragImage(card, 16, 16);
              actions.dragStart(itemKey);
            }}
            onDragEnd={() => actions.dragEnd()}
          >
            ⋮⋮
          </span>
        ) : null}
        <button
          type="button"
          id={ids.toggle}
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={ids.body}
          onClick={() => actions.toggle(itemKey)}
        >
          <span className={styles.chevron} aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          <span className={styles.summary}>{itemSummary(data, noun, index)}</span>
          <span className={styles.visuallyHidden}>
            {' '}
            ({noun} {index + 1} of {totalItems})
          </span>
        </button>
        {problems ? <span className={styles.problems}>{problemsText(problems)}</span> : null}
        {buttons}
      </div>
      {live ? <p className={styles.live}>{live}</p> : null}
      <div id={ids.body} className={styles.body} hidden={!open}>
        {open ? children : null}
      </div>
    </li>
  );
}
