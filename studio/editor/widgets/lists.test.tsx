// @vitest-environment jsdom
/**
 * The Studio's list templates (issue 32) on a real editor form (SchemaForm, rjsf 6): buttons with
 * words and names, collapsed cards with summaries, new items open, moves keep the focus, Remove
 * with Undo, problems open their item, and dragging. Undo, dragging and the problem counts use
 * what rjsf passes each item (ArrayFieldTemplate.client.tsx): these tests fail if an rjsf upgrade
 * takes it away.
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../SchemaForm.client';
import type { JsonObject, SchemaNode } from '../editor-types';
import type { ErrorTree } from '../schema-tools';
import type { UiSchema } from '../ui-schema';
import { ITEM_DRAG_TYPE, UNDO_MS } from './ArrayFieldTemplate.client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const host = document.createElement('div');
document.body.append(host);
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  host.innerHTML = '';
  vi.useRealTimers();
});

const SCHEMA: SchemaNode = {
  type: 'object',
  properties: {
    header: {
      title: 'Header menu',
      type: 'array',
      items: {
        title: 'Menu item',
        type: 'object',
        properties: {
          label: { title: 'Label', type: 'string' },
          href: { title: 'Link', type: 'string' },
        },
      },
    },
    domains: {
      title: 'Web addresses',
      type: 'array',
      items: { title: 'Web address', type: 'string' },
    },
  },
};

const MENU = [
  { label: 'Home', href: '/' },
  { label: 'Special offers', href: '/special-offers' },
  { label: 'Contact', href: '/contact' },
];

interface Rendered {
  /** Every document the form reported, last last. */
  changes: JsonObject[];
  latest(): JsonObject;
}

function render(
  data: JsonObject,
  {
    errors = {},
    uiSchema = {},
    schema = SCHEMA,
    timeZone,
  }: { errors?: ErrorTree; uiSchema?: UiSchema; schema?: SchemaNode; timeZone?: string } = {},
): Rendered {
  const changes: JsonObject[] = [];
  function Harness() {
    const [doc, setDoc] = useState(data);
    return (
      <SchemaForm
        idPrefix="f"
        schema={schema}
        uiSchema={uiSchema}
        data={doc}
        errors={errors}
        context={{ slug: 'test-site', ...(timeZone ? { timeZone } : {}) }}
        onChange={(next) => {
          changes.push(next);
          setDoc(next);
        }}
      />
    );
  }
  root = createRoot(host);
  act(() => root?.render(<Harness />));
  return { changes, latest: () => changes.at(-1) ?? data };
}

const list = (id: string) => {
  const element = host.querySelector<HTMLFieldSetElement>(`#${id}`);
  if (!element) throw new Error(`no list ${id}`);
  return element;
};
const buttons = (scope: ParentNode = host) => [...scope.querySelectorAll('button')];
/** A button's accessible name: its aria-label, else its text but for the parts hidden from assistive technology. */
function accessibleName(element: HTMLElement): string {
  const label = element.getAttribute('aria-label');
  if (label !== null) return label;
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? '').trim();
}
/** The button whose accessible name is `name`. */
function button(name: string | RegExp, scope: ParentNode = host): HTMLButtonElement {
  const found = buttons(scope).filter((b) => {
    const label = accessibleName(b);
    return typeof name === 'string' ? label === name : name.test(label);
  });
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${String(name)}`);
  return found[0] as HTMLButtonElement;
}
const toggles = (scope: ParentNode = host) => [...scope.querySelectorAll<HTMLButtonElement>('button[aria-expanded]')];
const click = (element: HTMLElement) => act(() => element.click());
const headerLabels = (doc: JsonObject) => (doc.header as { label?: string }[]).map((item) => item.label);

describe('the list buttons (issue 32): words, names, no icon font', () => {
  it('every button has visible words and an accessible name that says which item', () => {
    render({ header: MENU });
    expect(host.querySelector('.glyphicon, i')).toBeNull();
    const header = list('f_header');
    expect(button('Add menu item', header).textContent).toBe('Add menu item');
    const up = button('Move up: “Special offers”', header);
    expect(up.textContent).toBe('Move up');
    expect(button('Move down: “Special offers”', header).textContent).toBe('Move down');
    expect(button('Duplicate “Special offers”', header).textContent).toBe('Duplicate');
    expect(button('Remove “Special offers”', header).textContent).toBe('Remove');
    for (const b of buttons(header)) {
      expect(b.type).toBe('button');
      expect((b.textContent ?? '').trim()).not.toBe('');
    }
    // The first item cannot go up: the button says so rather than vanishing or losing the focus.
    expect(button('Move up: “Home”', header).getAttribute('aria-disabled')).toBe('true');
    expect(button('Move down: “Contact”', header).getAttribute('aria-disabled')).toBe('true');
  });

  it('an Add button whose items have no title of their own says which list it adds to', () => {
    const schema: SchemaNode = {
      type: 'object',
      properties: { lead: { title: 'Lead delivery', type: 'array', items: { type: 'object', properties: {} } } },
    };
    render({ lead: [] }, { schema });
    const add = button('Add item to Lead delivery');
    expect(add.textContent).toBe('Add item');
    expect(host.textContent).toContain('None yet.');
  });
});

describe('collapsed cards with a summary (issue 32)', () => {
  it('shows each item as a closed card with its summary; its button opens and closes its fields', () => {
    render({ header: MENU });
    const cards = toggles(list('f_header'));
    expect(cards).toHaveLength(3);
    expect(cards.map((t) => t.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'false']);
    expect(cards[1]?.textContent).toContain('Special offers → /special-offers');
    expect(cards[1]?.textContent).toContain('(menu item 2 of 3)');
    expect(host.querySelector('#f_header_1_label')).toBeNull();
    const body = document.getElementById(cards[1]?.getAttribute('aria-controls') ?? '');
    expect(body?.hidden).toBe(true);

    click(cards[1] as HTMLButtonElement);
    expect(cards[1]?.getAttribute('aria-expanded')).toBe('true');
    expect(body?.hidden).toBe(false);
    expect(host.querySelector<HTMLInputElement>('#f_header_1_label')?.value).toBe('Special offers');

    click(cards[1] as HTMLButtonElement);
    expect(host.querySelector('#f_header_1_label')).toBeNull();
  });

  it('keeps a list of plain values as boxes with their buttons beside them', () => {
    render({ domains: ['www.example.com.au', 'example.com.au'] });
    const domains = list('f_domains');
    expect(toggles(domains)).toHaveLength(0);
    expect(host.querySelector<HTMLInputElement>('#f_domains_0')?.value).toBe('www.example.com.au');
    expect(button('Remove “example.com.au”', domains).textContent).toBe('Remove');
    expect(button('Add web address', domains)).toBeTruthy();
  });

  it('a read-only list shows its items with no buttons', () => {
    render({ domains: ['www.example.com.au'] }, { uiSchema: { domains: { 'ui:readonly': true } } });
    expect(buttons(list('f_domains'))).toHaveLength(0);
  });

  it('an item with a problem starts open, with its number of problems on the card', () => {
    render({ header: MENU }, { errors: { header: { 1: { label: { __errors: ['Too long'] } } } } as ErrorTree });
    const cards = toggles(list('f_header'));
    expect(cards.map((t) => t.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false']);
    expect(cards[1]?.parentElement?.textContent).toContain('1 problem');
    expect(host.textContent).toContain('Too long');
  });
});

describe('changing a list (issue 32)', () => {
  it('Add puts a new item at the end, open, with the focus on it', () => {
    const form = render({ header: MENU });
    click(button('Add menu item'));
    expect(form.latest().header).toHaveLength(4);
    const cards = toggles(list('f_header'));
    expect(cards).toHaveLength(4);
    expect(cards[3]?.getAttribute('aria-expanded')).toBe('true');
    expect(cards[3]?.textContent).toContain('Menu item 4');
    expect(document.activeElement).toBe(cards[3]);
    expect(cards.slice(0, 3).map((t) => t.getAttribute('aria-expanded'))).toEqual(['false', 'false', 'false']);
  });

  it('Duplicate puts an open copy below the item', () => {
    const form = render({ header: MENU });
    click(button('Duplicate “Home”'));
    expect(headerLabels(form.latest())).toEqual(['Home', 'Home', 'Special offers', 'Contact']);
    const cards = toggles(list('f_header'));
    expect(cards.map((t) => t.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false', 'false']);
    expect(document.activeElement).toBe(cards[1]);
  });

  it('Move up and Move down reorder, keep the focus on the button pressed, and say where the item went', () => {
    const form = render({ header: MENU });
    click(button('Move up: “Special offers”'));
    expect(headerLabels(form.latest())).toEqual(['Special offers', 'Home', 'Contact']);
    expect(document.activeElement).toBe(button('Move up: “Special offers”'));
    expect(list('f_header').querySelector('[role="status"]')?.textContent).toBe(
      '“Special offers” moved to position 1 of 3.',
    );
    // At the top: nothing moves, and the reason is announced.
    click(button('Move up: “Special offers”'));
    expect(headerLabels(form.latest())).toEqual(['Special offers', 'Home', 'Contact']);
    expect(list('f_header').querySelector('[role="status"]')?.textContent).toBe(
      '“Special offers” is already the first menu item.',
    );
    click(button('Move down: “Home”'));
    expect(headerLabels(form.latest())).toEqual(['Special offers', 'Contact', 'Home']);
    expect(document.activeElement).toBe(button('Move down: “Home”'));
  });

  it('an open card stays open when it moves', () => {
    render({ header: MENU });
    click(toggles(list('f_header'))[2] as HTMLButtonElement);
    click(button('Move up: “Contact”'));
    const cards = toggles(list('f_header'));
    expect(cards[1]?.textContent).toContain('Contact');
    expect(cards[1]?.getAttribute('aria-expanded')).toBe('true');
  });

  it('Remove takes the item out and offers Undo, which puts it back where it was', () => {
    const form = render({ header: MENU });
    click(toggles(list('f_header'))[1] as HTMLButtonElement);
    click(button('Remove “Special offers”'));
    expect(headerLabels(form.latest())).toEqual(['Home', 'Contact']);
    const status = list('f_header').querySelector('[role="status"]');
    expect(status?.textContent).toBe('Removed “Special offers”.Undo');
    // The focus goes to the item that took its place.
    expect(document.activeElement).toBe(toggles(list('f_header'))[1]);

    click(button('Undo'));
    expect(form.latest().header).toEqual(MENU);
    const cards = toggles(list('f_header'));
    expect(cards[1]?.textContent).toContain('Special offers → /special-offers');
    // It comes back as it was: open.
    expect(cards[1]?.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(cards[1]);
    expect(status?.textContent).toBe('“Special offers” is back at position 2.');
  });

  it('Undo puts back the last item of a list, and the only one', () => {
    const form = render({ header: [MENU[0]] as JsonObject[] });
    click(button('Remove “Home”'));
    expect(form.latest().header).toEqual([]);
    expect(document.activeElement).toBe(button('Add menu item'));
    click(button('Undo'));
    expect(form.latest().header).toEqual([MENU[0]]);
  });

  it('Undo lasts 15 seconds, and until the next change to the list', () => {
    vi.useFakeTimers();
    render({ header: MENU });
    click(button('Remove “Home”'));
    expect(button('Undo')).toBeTruthy();
    act(() => vi.advanceTimersByTime(UNDO_MS - 1000));
    expect(button('Undo')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(buttons().some((b) => b.textContent === 'Undo')).toBe(false);

    click(button('Remove “Special offers”'));
    expect(button('Undo')).toBeTruthy();
    click(button('Add menu item'));
    expect(buttons().some((b) => b.textContent === 'Undo')).toBe(false);
  });

  it('a dragged card drops before or after the card it is over', () => {
    const form = render({ header: MENU });
    const header = list('f_header');
    const handle = header.querySelector<HTMLElement>('[role="img"][aria-label="Drag to move “Home”"]');
    expect(handle?.getAttribute('draggable')).toBe('true');
    const types: string[] = [];
    const dataTransfer = {
      types,
      effectAllowed: 'all',
      dropEffect: 'none',
      setData: (type: string) => types.push(type),
      setDragImage: () => undefined,
    };
    const fire = (target: Element, type: string, clientY = 0) => {
      const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientY });
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      act(() => {
        target.dispatchEvent(event);
      });
    };
    fire(handle as HTMLElement, 'dragstart');
    expect(types).toContain(ITEM_DRAG_TYPE);
    const contact = toggles(header)[2]?.closest('li') as HTMLLIElement;
    // Below the middle of the card (jsdom's boxes are all 0 high): after it.
    fire(contact, 'dragover', 10);
    fire(contact, 'drop', 10);
    expect(headerLabels(form.latest())).toEqual(['Special offers', 'Contact', 'Home']);
    expect(header.querySelector('[role="status"]')?.textContent).toBe('“Home” moved to position 3 of 3.');
  });
});

describe('dated items say when they are live (issue 33)', () => {
  const OFFERS: SchemaNode = {
    type: 'object',
    properties: {
      offers: {
        title: 'Special offers',
        type: 'array',
        items: {
          title: 'Offer',
          type: 'object',
          properties: {
            title: { title: 'Title', type: 'string' },
            start: { title: 'Start date', type: 'string', format: 'date' },
            expiry: { title: 'Expiry date', type: 'string', format: 'date' },
          },
        },
      },
    },
  };

  it('writes each offer’s window on the site’s clock under its card, closed or open', () => {
    vi.useFakeTimers({ now: new Date('2025-11-27T23:00:00Z'), toFake: ['Date'] });
    const offers = [{ title: 'Weekend sale', start: '2025-12-06', expiry: '2025-12-07' }, { title: 'Always on' }];
    render({ offers }, { schema: OFFERS, timeZone: 'Australia/Sydney' });
    const text = host.textContent ?? '';
    expect(text).toContain(
      'Live from Sat 6 Dec, 12:00 am to Sun 7 Dec, 11:59 pm, Sydney time. Not live yet: starts in 8 days.',
    );
    expect(text).toContain('Live all the time: no start or expiry date. Live now.');
  });

  it('says nothing on lists without dates', () => {
    render({ header: MENU }, { timeZone: 'Australia/Sydney' });
    expect(host.textContent).not.toContain('Live ');
  });
});
