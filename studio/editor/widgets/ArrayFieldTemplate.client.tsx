'use client';
/**
 * The Studio's rjsf list (issue 32): its items as cards (ArrayFieldItemTemplate.client.tsx) that
 * open into their fields, an "Add menu item" button, and Remove with Undo. The list holds what its
 * cards share: which are open (a new, duplicated or restored item opens; so does one that gets a
 * problem), the item last removed (put back by "Undo" for 15 s or until the next change to the
 * list), a drag in progress, and where the focus goes after a change. Wording and behaviour follow
 * the Pages tab's block cards (PagesEditor.client.tsx).
 *
 * rjsf gives a list template no way to change the data but its Add button. Putting a removed item
 * back, dropping a dragged one and knowing which items have problems use what rjsf 6 passes each
 * item (`onChange` with a path, `handleReorderItems`, `itemErrorSchema`), read defensively by
 * `internalsOf`: without them a list still works, with no Undo and no dragging
 * (lists.test.tsx checks them against the installed rjsf).
 */
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactElement,
} from 'react';
import { buttonId, getTemplate, getUiOptions, isObject, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { itemName, itemNoun } from '../../../domain/studio/item-summary';
import styles from './lists.module.css';

/** How long "Undo" stays after a removal. */
export const UNDO_MS = 15_000;

/** The drag data type of a list item's handle: other drags (files, the Pages tab's blocks) are not ours. */
export const ITEM_DRAG_TYPE = 'application/x-studio-list-item';

type Path = (string | number)[];

/** What rjsf 6 passes each item element beyond the template's props (see the file's comment). */
interface ItemInternals {
  onChange?: (value: unknown, path: Path) => void;
  reorder?: (event: undefined, from: number, to: number) => void;
  errors?: unknown;
  path?: Path;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function internalsOf(element: ReactElement | undefined): ItemInternals {
  const props: unknown = element?.props;
  if (!isRecord(props)) return {};
  const parent = props.parentFieldPathId;
  const path = isRecord(parent) && Array.isArray(parent.path) ? (parent.path as Path) : undefined;
  return {
    onChange: typeof props.onChange === 'function' ? (props.onChange as ItemInternals['onChange']) : undefined,
    reorder:
      typeof props.handleReorderItems === 'function'
        ? (props.handleReorderItems as ItemInternals['reorder'])
        : undefined,
    errors: props.itemErrorSchema,
    path,
  };
}

/** How many messages an item's error schema holds (rjsf's `__errors` at any depth). */
export function errorCount(node: unknown): number {
  if (!isRecord(node)) return 0;
  let total = 0;
  for (const [key, value] of Object.entries(node)) {
    if (key === '__errors') total += Array.isArray(value) ? value.length : 0;
    else total += errorCount(value);
  }
  return total;
}

interface Removed {
  index: number;
  data: unknown;
  name: string;
  wasOpen: boolean;
  seq: number;
  /** rjsf's change of an item and the list's path, kept from before the removal (an emptied list has no item to ask). */
  change: NonNullable<ItemInternals['onChange']>;
  path: Path;
}

/** The item the next render brings in (after Add, Duplicate or Undo): opened and focused. */
interface Pending {
  at: number;
  open: boolean;
}

export interface DragState {
  key: string;
  over?: { key: string; after: boolean };
}

interface ListState {
  keys: readonly string[];
  open: ReadonlySet<string>;
  failing: ReadonlySet<string>;
  pending: Pending | null;
  removed: Removed | null;
  drag: DragState | null;
  announcement: string;
  focus: { id: string; seq: number } | null;
  seq: number;
}

/** What a card asks its list to do. `act` is the card's own rjsf callback, run by the list. */
export interface ListActions {
  toggle(key: string): void;
  move(key: string, direction: 'up' | 'down', act: (() => void) | undefined): void;
  duplicate(key: string, act: () => void): void;
  remove(key: string, act: () => void): void;
  dragStart(key: string): void;
  dragOver(key: string, after: boolean): void;
  drop(): void;
  dragEnd(): void;
}

export interface ListContextValue {
  /** The start of every id in the list: the list's own rjsf id. */
  baseId: string;
  /** What an item is called ("menu item"). */
  noun: string;
  /** The list's data, item by item. */
  data: readonly unknown[];
  open: ReadonlySet<string>;
  problems: ReadonlyMap<string, number>;
  drag: DragState | null;
  /** Whether an item can be dragged to a new place. */
  canDrag: boolean;
  actions: ListActions;
}

export const ListContext = createContext<ListContextValue | null>(null);
export const useList = () => useContext(ListContext);

/** The ids of an item's parts, from its stable rjsf key (not its position, which a move changes). */
export const itemIds = (baseId: string, key: string) => {
  const base = `${baseId}--${key}`;
  return {
    toggle: `${base}-toggle`,
    body: `${base}-body`,
    up: `${base}-up`,
    down: `${base}-down`,
    copy: `${base}-copy`,
    remove: `${base}-remove`,
  };
};

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i]);
const sameSet = (a: ReadonlySet<string>, b: readonly string[]) => a.size === b.length && b.every((k) => a.has(k));

const quoted = (name: string) => `“${name}”`;

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const {
    canAdd,
    className,
    disabled,
    errorSchema,
    fieldPathId,
    formData,
    items,
    onAddClick,
    optionalDataControl,
    readonly,
    registry,
    required,
    schema,
    title,
    uiSchema,
  } = props;
  const uiOptions = getUiOptions(uiSchema);
  const { AddButton } = registry.templates.ButtonTemplates;
  const showOptionalDataControlInTitle = !readonly && !disabled;
  const baseId = fieldPathId.$id;
  const listTitle = typeof uiOptions.title === 'string' && uiOptions.title ? uiOptions.title : schema.title;

  const { schemaUtils } = registry;
  const itemTitle = useMemo(() => {
    const itemSchema = isObject(schema.items) ? schemaUtils.retrieveSchema(schema.items) : undefined;
    return typeof itemSchema?.title === 'string' ? itemSchema.title : undefined;
  }, [schema.items, schemaUtils]);
  const noun = itemNoun(itemTitle, listTitle);

  const data: readonly unknown[] = useMemo(() => (Array.isArray(formData) ? formData : []), [formData]);
  const keys = items.map((item, index) => item.key ?? String(index));
  const internals = items.map(internalsOf);
  const problemCounts = keys.map((_, index) =>
    errorCount(internals[index]?.errors ?? (isRecord(errorSchema) ? errorSchema[index] : undefined)),
  );
  const failingNow = keys.filter((_, index) => (problemCounts[index] ?? 0) > 0);
  const shared = internals.find((i) => i.onChange);
  const itemChange = shared?.onChange;
  const arrayPath: Path = shared?.path ?? fieldPathId.path;
  const canDrag = !disabled && !readonly && internals.length > 1 && internals.every((i) => i.reorder);

  const [state, setState] = useState<ListState>(() => ({
    keys,
    // An item with a problem starts open, so its message shows at its field.
    open: new Set(failingNow),
    failing: new Set(failingNow),
    pending: null,
    removed: null,
    drag: null,
    announcement: '',
    focus: null,
    seq: 0,
  }));

  // The items changed (added, removed, reordered, or the data replaced): bring the state along.
  if (!sameKeys(state.keys, keys) || !sameSet(state.failing, failingNow)) {
    const open = new Set([...state.open].filter((k) => keys.includes(k)));
    let { pending, focus, seq } = state;
    const fresh = keys.filter((k) => !state.keys.includes(k));
    if (pending && fresh.length) {
      const atKey = keys[pending.at];
      const target = atKey !== undefined && fresh.includes(atKey) ? atKey : fresh[0];
      if (target !== undefined) {
        if (pending.open) open.add(target);
        seq += 1;
        focus = { id: itemIds(baseId, target).toggle, seq };
      }
      pending = null;
    }
    // A new problem opens its item.
    for (const key of failingNow) if (!state.failing.has(key)) open.add(key);
    const drag = state.drag && keys.includes(state.drag.key) ? state.drag : null;
    setState({ ...state, keys, open, failing: new Set(failingNow), pending, focus, seq, drag });
  }

  // The latest of everything, for the actions (read only in event handlers).
  const drag = state.drag;
  const latest = useRef({ keys, data, internals, itemChange, arrayPath, noun, baseId, drag });
  useLayoutEffect(() => {
    latest.current = { keys, data, internals, itemChange, arrayPath, noun, baseId, drag };
  });

  // Focus where the last change asked, once it is on screen.
  const focused = useRef(0);
  useEffect(() => {
    const request = state.focus;
    if (!request || request.seq === focused.current) return;
    focused.current = request.seq;
    document.getElementById(request.id)?.focus();
  });

  // "Undo" lasts 15 s.
  const removedSeq = state.removed?.seq;
  useEffect(() => {
    if (removedSeq === undefined) return;
    const timer = setTimeout(
      () => setState((s) => (s.removed?.seq === removedSeq ? { ...s, removed: null } : s)),
      UNDO_MS,
    );
    return () => clearTimeout(timer);
  }, [removedSeq]);

  const actions = useMemo<ListActions>(() => {
    const nameAt = (index: number) => itemName(latest.current.data[index], latest.current.noun, index);
    const focusOn = (s: ListState, id: string): Pick<ListState, 'focus' | 'seq'> => ({
      focus: { id, seq: s.seq + 1 },
      seq: s.seq + 1,
    });
    return {
      toggle(key) {
        setState((s) => {
          const open = new Set(s.open);
          if (open.has(key)) open.delete(key);
          else open.add(key);
          return { ...s, open };
        });
      },
      move(key, direction, act) {
        const { keys, baseId } = latest.current;
        const index = keys.indexOf(key);
        const name = quoted(nameAt(index));
        const to = direction === 'up' ? index - 1 : index + 1;
        if (!act || to < 0 || to >= keys.length) {
          setState((s) => ({
            ...s,
            announcement: `${name} is already the ${direction === 'up' ? 'first' : 'last'} ${latest.current.noun}.`,
          }));
          return;
        }
        const ids = itemIds(baseId, key);
        setState((s) => ({
          ...s,
          removed: null,
          announcement: `${name} moved to position ${to + 1} of ${keys.length}.`,
          // The button stays under the keyboard user's finger, wherever the item went (at the top,
          // "Move up" stays focusable: pressing it again says why nothing happens).
          ...focusOn(s, direction === 'up' ? ids.up : ids.down),
        }));
        act();
      },
      duplicate(key, act) {
        const { keys } = latest.current;
        const index = keys.indexOf(key);
        const name = quoted(nameAt(index));
        setState((s) => ({
          ...s,
          removed: null,
          pending: { at: index + 1, open: true },
          announcement: `${name} duplicated: the copy is below it, open.`,
        }));
        act();
      },
      remove(key, act) {
        const { keys, data, baseId, itemChange, arrayPath } = latest.current;
        const index = keys.indexOf(key);
        const name = nameAt(index);
        const neighbour = keys[index + 1] ?? keys[index - 1];
        setState((s) => ({
          ...s,
          removed: itemChange
            ? {
                index,
                data: structuredClone(data[index]),
                name,
                wasOpen: s.open.has(key),
                seq: s.seq + 1,
                change: itemChange,
                path: arrayPath,
              }
            : null,
          announcement: itemChange ? '' : `Removed ${quoted(name)}.`,
          // The focus goes to the item that took its place, else the one before, else "Add".
          ...focusOn(s, neighbour ? itemIds(baseId, neighbour).toggle : buttonId(baseId, 'add')),
        }));
        act();
      },
      dragStart(key) {
        setState((s) => ({ ...s, drag: { key } }));
      },
      dragOver(key, after) {
        setState((s) => {
          if (!s.drag || (s.drag.over?.key === key && s.drag.over.after === after)) return s;
          // Over the dragged item itself: no drop mark (dropping there changes nothing).
          if (s.drag.key === key) return s.drag.over ? { ...s, drag: { key } } : s;
          return { ...s, drag: { ...s.drag, over: { key, after } } };
        });
      },
      drop() {
        const { drag, keys, internals } = latest.current;
        const from = drag ? keys.indexOf(drag.key) : -1;
        let to = drag?.over ? keys.indexOf(drag.over.key) + (drag.over.after ? 1 : 0) : from;
        if (from < to) to -= 1;
        const reorder = internals[from]?.reorder;
        if (from < 0 || to < 0 || to === from || !reorder) {
          setState((s) => (s.drag ? { ...s, drag: null } : s));
          return;
        }
        setState((s) => ({
          ...s,
          drag: null,
          removed: null,
          announcement: `${quoted(nameAt(from))} moved to position ${to + 1} of ${keys.length}.`,
        }));
        reorder(undefined, from, to);
      },
      dragEnd() {
        setState((s) => (s.drag ? { ...s, drag: null } : s));
      },
    };
  }, []);

  function add() {
    setState((s) => ({
      ...s,
      removed: null,
      announcement: '',
      pending: { at: latest.current.keys.length, open: true },
    }));
    onAddClick();
  }

  function undo() {
    const removed = state.removed;
    if (!removed) return;
    const at = Math.min(removed.index, latest.current.keys.length);
    setState((s) => ({
      ...s,
      removed: null,
      pending: { at, open: removed.wasOpen },
      announcement: `${quoted(removed.name)} is back at position ${at + 1}.`,
    }));
    // rjsf's Add puts an empty item in place (and keeps the other items' keys), then it gets its data back.
    const addAt: (event: undefined, index: number) => void = onAddClick;
    addAt(undefined, at);
    removed.change(removed.data, [...removed.path, at]);
  }

  // Each item's number of problems, as one string (rjsf keys hold no spaces): a new map only when one changes.
  const problemList = keys.map((key, index) => `${key}=${problemCounts[index] ?? 0}`).join(' ');
  const problems = useMemo(
    () =>
      new Map(
        problemList
          .split(' ')
          .filter(Boolean)
          .map((entry) => {
            const at = entry.lastIndexOf('=');
            return [entry.slice(0, at), Number(entry.slice(at + 1))] as const;
          }),
      ),
    [problemList],
  );
  const context = useMemo<ListContextValue>(
    () => ({ baseId, noun, data, open: state.open, problems, drag: state.drag, canDrag, actions }),
    [baseId, noun, data, state.open, problems, state.drag, canDrag, actions],
  );

  const addWords = `Add ${noun}`;
  return (
    <fieldset className={[className, styles.list].filter(Boolean).join(' ')} id={baseId}>
      {
        // rjsf's title and description templates (possibly a uiSchema's own), as rjsf's list renders them.
        createElement(getTemplate('ArrayFieldTitleTemplate', registry, uiOptions), {
          fieldPathId,
          title: uiOptions.title || title,
          required,
          schema,
          uiSchema,
          registry,
          optionalDataControl: showOptionalDataControlInTitle ? optionalDataControl : undefined,
        })
      }
      {createElement(getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions), {
        fieldPathId,
        description: uiOptions.description || schema.description,
        schema,
        uiSchema,
        registry,
      })}
      {!showOptionalDataControlInTitle ? optionalDataControl : undefined}
      <div role="status" className={styles.status}>
        {state.removed ? (
          <p className={styles.undo}>
            <span>Removed {quoted(state.removed.name)}.</span>
            <button type="button" className={styles.undoButton} onClick={undo}>
              Undo
            </button>
          </p>
        ) : state.announcement ? (
          <span className={styles.visuallyHidden}>{state.announcement}</span>
        ) : null}
      </div>
      <ListContext.Provider value={context}>
        {items.length ? (
          <ol className={styles.items}>{items}</ol>
        ) : (
          <p className={styles.empty}>{readonly ? 'None.' : `None yet. “${addWords}” adds one.`}</p>
        )}
      </ListContext.Provider>
      {canAdd && !readonly ? (
        <AddButton
          id={buttonId(baseId, 'add')}
          className="rjsf-array-item-add"
          onClick={add}
          disabled={disabled}
          aria-label={noun === 'item' && listTitle ? `Add item to ${listTitle}` : undefined}
          uiSchema={uiSchema}
          registry={registry}
        >
          {addWords}
        </AddButton>
      ) : null}
    </fieldset>
  );
}
