// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import bundleJson from '../../../schemas/studio.schema.json';
import type { PageDoc, SchemaNode } from '../editor-types';
import { PagesEditor } from './PagesEditor.client';

// Issue 34: a page's kind decides which blocks it can hold; the Pages tab sets it in words
// ("Page kind", with the schema's choice labels), and leaving it to the page's blocks says which kind that is now
// ("From its blocks: vehicle page", short enough for a phone-width select).

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const bundle = bundleJson as SchemaNode;
const INHERITED: Record<string, PageDoc> = {
  '/cars/:slug': { title: 'A car', blocks: [{ type: 'VehicleLayout', props: {} }] },
  '/special': { title: 'Special', kind: 'content', blocks: [{ type: 'Hero', props: { heading: 'Hi' } }] },
};

let host: HTMLDivElement;
let root: Root;
let changes: (Record<string, PageDoc | null> | undefined)[] = [];
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

function render(route: string, own?: Record<string, PageDoc | null>) {
  act(() =>
    root.render(
      <PagesEditor
        slug="harbour-city-mazda"
        siteName="Harbour City Mazda"
        bundle={bundle}
        own={own}
        inherited={INHERITED}
        issues={[]}
        onChange={(pages) => changes.push(pages)}
        onPreview={() => {}}
      />,
    ),
  );
  const button = [...host.querySelectorAll('button')].find((b) => b.querySelector('code')?.textContent === route);
  if (!button) throw new Error(`no page ${route} in the list`);
  act(() => button.click());
}

const kindSelect = (): HTMLSelectElement => {
  const label = [...host.querySelectorAll('label')].find((l) => l.textContent === 'Page kind');
  const select = label && host.querySelector<HTMLSelectElement>(`#${label.htmlFor}`);
  if (!select) throw new Error('no Page kind field');
  return select;
};

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('the Pages tab’s Page kind field (issue 34)', () => {
  it('says which kind the page takes from its blocks, lists the kinds in words, and declares one', () => {
    render('/cars/:slug');
    const select = kindSelect();
    const options = [...select.options].map((o) => o.textContent);
    expect(options[0]).toBe('From its blocks: vehicle page');
    expect(options).toContain('Home or content page');
    expect(options).toContain('Shopper account page');
    expect(options.join(' ')).not.toMatch(/\b(content|vehicle|account)\b(?! page)/);
    expect(select.value).toBe('');
    const hint = host.querySelector(`#${select.getAttribute('aria-describedby')}`);
    expect(hint?.textContent).toMatch(/decides the blocks it can hold/);
    choose(select, 'vehicle');
    expect(changes.at(-1)?.['/cars/:slug']).toMatchObject({ kind: 'vehicle' });
  });

  it('drops a declared kind when it is left to the blocks again', () => {
    render('/cars/:slug', { '/cars/:slug': { ...INHERITED['/cars/:slug'], kind: 'vehicle' } });
    expect(kindSelect().value).toBe('vehicle');
    choose(kindSelect(), '');
    expect(changes.at(-1)?.['/cars/:slug']).not.toHaveProperty('kind');
  });

  it('offers no empty choice where the template declares the kind (the template would bring it back)', () => {
    render('/special');
    const select = kindSelect();
    expect([...select.options].map((o) => o.value)).not.toContain('');
    expect(select.value).toBe('content');
    expect(host.querySelector(`#${select.getAttribute('aria-describedby')}`)?.textContent).toMatch(
      /The template sets this page’s kind/,
    );
  });
});
