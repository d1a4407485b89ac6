// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import bundleJson from '../../../schemas/studio.schema.json';
import type { JsonObject, SchemaNode } from '../editor-types';
import { blockCatalogue } from '../schema-tools';
import { LayoutBlocks } from './LayoutBlocks.client';

// Issue 33: "Header and footer blocks edited the same way as page blocks (today they are a generic
// list of about 57 block types per item)."

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const bundle = bundleJson as SchemaNode;
const catalogue = blockCatalogue(bundle);
const TEMPLATE: JsonObject = {
  header: [{ type: 'SiteHeader', props: {} }],
  footer: [
    { type: 'SiteFooter', props: {} },
    { type: 'CompareTray', when: 'compare', props: {} },
    { type: 'ChatBubble', props: {} },
  ],
};

let host: HTMLDivElement;
let root: Root;
let changes: (JsonObject | undefined)[] = [];
beforeEach(() => {
  changes = [];
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function render(own: JsonObject | undefined, issues: { pointer: string; message: string }[] = []) {
  act(() =>
    root.render(
      <LayoutBlocks
        bundle={bundle}
        catalogue={catalogue}
        own={own}
        inherited={TEMPLATE}
        issues={issues}
        context={{ slug: 'harbour-city-mazda' }}
        currentPromotion={undefined}
        onChange={(layout) => changes.push(layout)}
      />,
    ),
  );
}

const button = (label: string) => {
  const found = [...host.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === label,
  );
  if (!found) throw new Error(`no button "${label}"`);
  return found;
};
const cards = (list: string) =>
  [...host.querySelectorAll(`ol[aria-label="${list}"] > li`)].map((li) =>
    (li.querySelector('button[aria-expanded]')?.textContent ?? '').replace(/[▸▾]/g, '').replace(/\s+/g, ' ').trim(),
  );

describe("header and footer blocks as cards, like a page's", () => {
  it("shows the template's lists by block name, marked as the template's, with no own list yet", () => {
    render(undefined);
    expect(cards('Header blocks')[0]).toMatch(/^Site header \(block 1\)/);
    expect(cards('Footer blocks').map((c) => c.replace(/\).*/, ')'))).toEqual([
      'Site footer (block 1)',
      'Compare tray (block 2)',
      'Chat bubble (block 3)',
    ]);
    expect(host.textContent).toContain('These come from the template. Change one and this site keeps its own list');
    expect(host.textContent).not.toContain('Use the template’s');
  });

  it("a move makes the site's own footer; the header stays the template's", () => {
    render(undefined);
    act(() => button('Move Chat bubble (block 3) up').click());
    expect(changes).toEqual([
      {
        footer: [
          { type: 'SiteFooter', props: {} },
          { type: 'ChatBubble', props: {} },
          { type: 'CompareTray', when: 'compare', props: {} },
        ],
      },
    ]);
  });

  it('remove, then Undo puts it back; "Use the template\'s footer again" drops the own list', () => {
    const own = {
      footer: [
        { type: 'SiteFooter', props: {} },
        { type: 'ChatBubble', props: {} },
      ],
    };
    render(own);
    expect(host.textContent).toContain('This site has its own list');
    act(() => button('Remove Chat bubble (block 2)').click());
    expect(changes.at(-1)).toEqual({ footer: [{ type: 'SiteFooter', props: {} }] });
    render(changes.at(-1));
    act(() => button('Undo').click());
    expect(changes.at(-1)).toEqual(own);
    render(own);
    act(() => button('Use the template’s footer again').click());
    expect(changes.at(-1)).toBeUndefined();
  });

  it('"Add header block" opens the block picker for the end of the header; a choice is added with its form open', () => {
    render(undefined);
    act(() => button('Add header block').click());
    const dialog = host.querySelector('dialog, [role="dialog"]');
    expect(dialog?.textContent).toContain('Add a block at the end of the header');
    const choice = [...(dialog?.querySelectorAll('button') ?? [])].find(
      (b) => b.querySelector('span span')?.textContent === 'Text',
    );
    if (!choice) throw new Error('no Text block in the picker');
    // Issue 34: every page shows the header, so it offers only the blocks every kind of page can hold.
    expect(dialog?.textContent).toContain('Showing the block types that can go in the header and footer');
    expect(dialog?.textContent).not.toContain('Hero banner');
    act(() => choice.click());
    const header = changes.at(-1)?.header as { type: string }[];
    expect(header.map((b) => b.type)).toEqual(['SiteHeader', 'RichText']);
  });

  it('a problem of a header block shows on its card', () => {
    render({ header: [{ type: 'SiteHeader', props: {} }] }, [
      { pointer: '/layout/header/0/props/logoHeight', message: 'expected a number' },
    ]);
    expect(host.querySelector('ol[aria-label="Header blocks"] > li')?.textContent).toContain('1 problem');
  });

  it("a block's own list of blocks (a section's) shows as cards inside its form, with their problems, moves and removal", () => {
    // Issue 33: "every block in order, slot children nested (for example the vehicle page's sidebar)".
    const section = {
      type: 'Section',
      props: {
        content: [
          { type: 'ComingSoon', props: { heading: 'Soon' } },
          { type: 'RichText', props: { html: '<p>Hello</p>' } },
        ],
      },
    };
    const own = { footer: [section] };
    render(own, [{ pointer: '/layout/footer/0/props/content/1/props/html', message: 'too long' }]);
    const toggle = [...host.querySelectorAll('button[aria-expanded]')].find((b) =>
      b.textContent?.includes('Section (block 1)'),
    );
    if (!(toggle instanceof HTMLButtonElement)) throw new Error('no Section card');
    act(() => toggle.click());
    expect(cards('Blocks').map((c) => c.replace(/\).*/, ')'))).toEqual([
      'Coming soon notice (block 1)',
      'Text (block 2)',
    ]);
    expect(host.querySelector('ol[aria-label="Blocks"] > li:nth-child(2)')?.textContent).toContain('1 problem');
    act(() => button('Move Text (block 2) up').click());
    expect(changes.at(-1)).toEqual({
      footer: [{ type: 'Section', props: { content: [section.props.content[1], section.props.content[0]] } }],
    });
    render(own);
    act(() => button('Remove Coming soon notice (block 1)').click());
    expect(changes.at(-1)).toEqual({ footer: [{ type: 'Section', props: { content: [section.props.content[1]] } }] });
  });
});
