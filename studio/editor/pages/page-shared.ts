/**
 * Shared by the Pages tab's editor and its block cards: the problem count in words and the
 * actions a card calls back.
 */
import type { BlockDoc, BlockType, JsonObject, PageDoc } from '../editor-types';
import {
  addableBlockTypes,
  isLayoutBlock,
  isLayoutOnly,
  PAGE_KIND_LABELS,
  PAGE_KINDS,
  possibleKinds,
} from '../../../engine/page-kinds';
import type { Block } from '../../../schemas/types.generated';

/** A block's title in the palette's words ("Hero banner"), else its type. */
export function blockTitle(block: BlockDoc | undefined, types: ReadonlyMap<string, { title?: string }>): string {
  return block ? (types.get(block.type)?.title ?? block.type) : 'The block';
}

export const problems = (count: number): string => `${count} ${count === 1 ? 'problem' : 'problems'}`;

/** What the block cards call back; one object for the editor's lifetime, so the cards' memo holds. */
export interface BlockActions {
  move(key: string, to: number, via: 'up' | 'down' | 'drag'): void;
  remove(key: string): void;
  toggle(key: string): void;
  addBelow(key: string, openerId: string): void;
  changeProps(key: string, props: JsonObject): void;
  changeBlock(key: string, change: (block: BlockDoc) => BlockDoc): void;
  /** `touch`: picked up by a finger or pen (pointer events), which is told in words; the mouse drags natively. */
  dragStart(key: string, touch?: boolean): void;
  dragOver(key: string, after: boolean): void;
  drop(): void;
  dragEnd(): void;
}

/** The block being dragged, and the card it is over (the drop goes before or after that card). */
export interface DragState {
  key: string;
  over?: { key: string; after: boolean };
  touch?: boolean;
}

/**
 * The drag half of a block list's actions, shared by the page's blocks and the header and footer
 * blocks: which card the dragged one is over, and on the drop, the move (which announces where it
 * went). A finger's pick-up, and a drop where it was, are announced too. Made once per list (in its
 * actions' useMemo); the drag lives in the closure, and the list renders it from setDrag.
 */
export interface DragList {
  setDrag(state: DragState | null): void;
  indexOf(key: string): number;
  titleOf(key: string): string;
  move(key: string, to: number, via: 'drag'): void;
  announce(text: string): void;
}

export function dragActions(listOf: () => DragList): Pick<BlockActions, 'dragStart' | 'dragOver' | 'drop' | 'dragEnd'> {
  // Asked for in the handlers only: the list's functions read its latest blocks.
  let known: DragList | undefined;
  const list = () => (known ??= listOf());
  // The drag as the handlers left it (the list shows it through setDrag).
  let state: DragState | null = null;
  const set = (next: DragState | null) => {
    if (next === state) return;
    state = next;
    list().setDrag(next);
  };
  return {
    dragStart(key, touch = false) {
      set({ key, ...(touch ? { touch } : {}) });
      if (touch)
        list().announce(`Picked up ${list().titleOf(key)}. Move your finger to where it goes and lift it there.`);
    },
    dragOver(key, after) {
      if (!state || (state.over?.key === key && state.over.after === after)) return;
      // Over the dragged card itself: no drop mark (dropping there changes nothing).
      if (state.key === key) {
        if (state.over) set({ key: state.key, ...(state.touch ? { touch: true } : {}) });
        return;
      }
      set({ ...state, over: { key, after } });
    },
    drop() {
      const dropped = state;
      set(null);
      if (!dropped) return;
      const from = list().indexOf(dropped.key);
      const over = dropped.over && dropped.over.key !== dropped.key ? dropped.over : undefined;
      let to = over ? list().indexOf(over.key) + (over.after ? 1 : 0) : from;
      if (from < to) to -= 1;
      if (from >= 0 && to >= 0 && to !== from) list().move(dropped.key, to, 'drag');
      else if (dropped.touch) list().announce(`${list().titleOf(dropped.key)} stays where it was.`);
    },
    dragEnd: () => set(null),
  };
}

/**
 * The block types the picker offers on a page (issue 34): only those that leave the page a kind
 * (its declared "Page kind", or a kind that may also show the blocks already on it), since each
 * kind of page loads only its own blocks' code. The note says so in the picker when some are left out.
 */
export function pickableBlocks(
  catalogue: readonly BlockType[],
  page: PageDoc | undefined,
): { types: readonly BlockType[]; note?: string } {
  // The header-only blocks (site header, chat bubble) go in "Header and footer blocks", never on a page.
  const forPages = catalogue.filter((t) => !isLayoutOnly(t.type));
  if (!page) return { types: forPages };
  const declared = PAGE_KINDS.find((k) => k === page.kind);
  const blocks = (page.blocks ?? []) as unknown as Block[];
  const asPage = { blocks, ...(declared ? { kind: declared } : {}) };
  const addable = new Set(
    addableBlockTypes(
      asPage,
      forPages.map((t) => t.type),
    ),
  );
  const types = forPages.filter((t) => addable.has(t.type));
  // A page whose blocks no one kind shows together (its problems say so) is offered every page block.
  if (!types.length) return { types: forPages };
  const left = forPages.length - types.length;
  if (!left) return { types };
  const kinds = possibleKinds(asPage);
  const others = `the other ${left} go${left === 1 ? 'es' : ''} on other kinds of page.`;
  return {
    types,
    note:
      kinds.length === 1 && kinds[0]
        ? `Showing the block types a ${PAGE_KIND_LABELS[kinds[0]]} can hold; ${others}`
        : `Showing the block types that fit beside this page’s blocks; ${others}`,
  };
}

/** The block types the header and footer may hold: the layout blocks, which every page shows. */
export function layoutBlockTypes(catalogue: readonly BlockType[]): BlockType[] {
  return catalogue.filter((t) => isLayoutBlock(t.type));
}
