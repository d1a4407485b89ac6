import { describe, expect, it } from 'vitest';
import { dragActions, pickableBlocks, type DragState } from './page-shared';
import { blockFacts } from '../../../blocks/block-facts.generated';
import type { PageDoc } from '../editor-types';

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

describe("the block picker offers what the page's kind can hold (issue 34)", () => {
  const catalogue = Object.entries(blockFacts).map(([type, facts]) => ({
    type,
    title: facts.title,
    description: '',
    category: facts.category,
  }));
  const headerOnlyTypes = new Set(['SiteHeader', 'SiteFooter', 'CompareTray', 'ChatBubble']);
  const forPages = catalogue.filter((t) => !headerOnlyTypes.has(t.type));
  const pageBlockCount = forPages.length;
  const page = (types: string[], kind?: string): PageDoc => ({
    title: 'A page',
    blocks: types.map((type) => ({ type, props: {} })),
    ...(kind ? { kind } : {}),
  });

  it('names the kind when the page has one, and how many block types are left out', () => {
    const vehicle = pickableBlocks(catalogue, page(['VehicleLayout']));
    expect(vehicle.types.map((t) => t.type)).toContain('SimilarCars');
    expect(vehicle.types.map((t) => t.type)).not.toContain('Hero');
    expect(vehicle.note).toBe(
      `Showing the block types a vehicle page can hold; the other ${pageBlockCount - vehicle.types.length} go on other kinds of page.`,
    );
    expect(pickableBlocks(catalogue, page(['Hero'])).note).toMatch(
      /^Showing the block types that fit beside this page’s blocks; the other \d+ go on other kinds of page\.$/,
    );
    expect(pickableBlocks(catalogue, page(['RichText'], 'checkout')).types.map((t) => t.type)).toContain(
      'ReserveCheckout',
    );
  });

  it('offers every page block on an empty page, and on a page whose blocks no one kind shows (its problems say so)', () => {
    expect(pickableBlocks(catalogue, page([]))).toEqual({ types: forPages });
    expect(pickableBlocks(catalogue, page(['SearchResults', 'VehicleGallery']))).toEqual({ types: forPages });
  });

  it('never offers the header-only blocks on a page: the site header and footer, the compare tray, the chat bubble', () => {
    const headerOnly = ['SiteHeader', 'SiteFooter', 'CompareTray', 'ChatBubble'];
    for (const blocks of [[], ['Hero'], ['VehicleLayout'], ['SiteHeader'], ['SearchResults', 'VehicleGallery']])
      for (const kind of [undefined, 'content', 'vehicle'])
        expect(pickableBlocks(catalogue, page(blocks, kind)).types.map((t) => t.type)).not.toEqual(
          expect.arrayContaining([expect.stringMatching(new RegExp(`^(${headerOnly.join('|')})$`))]),
        );
    // Section and Text go on any page as well as in the header and footer.
    expect(pickableBlocks(catalogue, page(['VehicleLayout'])).types.map((t) => t.type)).toEqual(
      expect.arrayContaining(['Section', 'RichText']),
    );
    // A stray header-only block does not decide the page's kind: the page is still a vehicle page.
    expect(pickableBlocks(catalogue, page(['VehicleLayout', 'ChatBubble'])).note).toMatch(
      /^Showing the block types a vehicle page/,
    );
  });
});
