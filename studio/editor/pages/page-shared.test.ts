import { describe, expect, it } from 'vitest';
import { dragActions, type DragState } from './page-shared';

// Issue 33: "drag and keyboard reordering ... with announcements": the drag half of a block list's
// actions, for the mouse (HTML drag and drop) and a finger or pen (pointer events).
function list(keys: string[]) {
  const said: string[] = [];
  const moves: [string, number][] = [];
  const shown: (DragState | null)[] = [];
  const actions = dragActions(() => ({
    setDrag: (state) => shown.push(state),
    indexOf: (key) => keys.indexOf(key),
    titleOf: (key) => `Block ${key.toUpperCase()}`,
    move: (key, to) => moves.push([key, to]),
    announce: (text) => said.push(text),
  }));
  return { actions, said, moves, shown };
}

describe('dragging a block in a list', () => {
  it('drops after the card it is over, counting the place the block leaves', () => {
    const { actions, moves, said, shown } = list(['a', 'b', 'c']);
    actions.dragStart('a');
    actions.dragOver('c', true);
    actions.dragOver('c', true); // the same mark again shows nothing new
    actions.drop();
    expect(moves).toEqual([['a', 2]]);
    expect(said).toEqual([]); // the mouse's move is announced by the move itself
    expect(shown).toEqual([{ key: 'a' }, { key: 'a', over: { key: 'c', after: true } }, null]);
  });

  it("tells a finger's pick-up, and a drop where it was, in words", () => {
    const { actions, moves, said } = list(['a', 'b', 'c']);
    actions.dragStart('b', true);
    actions.dragOver('a', false);
    actions.dragOver('b', true); // back over itself: no mark
    actions.drop();
    expect(moves).toEqual([]);
    expect(said).toEqual([
      'Picked up Block B. Move your finger to where it goes and lift it there.',
      'Block B stays where it was.',
    ]);
    actions.dragStart('c', true);
    actions.dragOver('a', false);
    actions.drop();
    expect(moves).toEqual([['c', 0]]);
  });

  it('a drag that ends elsewhere (Escape, a cancelled touch) moves nothing', () => {
    const { actions, moves } = list(['a', 'b']);
    actions.dragStart('a', true);
    actions.dragOver('b', true);
    actions.dragEnd();
    actions.drop();
    expect(moves).toEqual([]);
  });
});
