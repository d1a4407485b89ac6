// @vitest-environment jsdom
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { ComponentProps, ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntentLink } from './IntentLink';
import { SoftNavigation } from './SoftNavigation.client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Router = NonNullable<ComponentProps<typeof AppRouterContext.Provider>['value']>;

const prefetched: string[] = [];
const pushed: string[] = [];
const router: Router = {
  back: vi.fn(),
  forward: vi.fn(),
  refresh: vi.fn(),
  push: (href: string) => void pushed.push(href),
  replace: vi.fn(),
  prefetch: (href: string) => void prefetched.push(href),
  bfcacheId: 'test',
};

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  prefetched.length = 0;
  pushed.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function render(children: ReactNode, withRouter = true): void {
  act(() =>
    root.render(
      withRouter ? (
        <AppRouterContext.Provider value={router}>
          <SoftNavigation />
          {children}
        </AppRouterContext.Provider>
      ) : (
        <>
          <SoftNavigation />
          {children}
        </>
      ),
    ),
  );
}

function renderLink(href: string, props: Partial<ComponentProps<typeof IntentLink>> = {}): HTMLAnchorElement {
  render(
    <IntentLink href={href} {...props}>
      <span>Go</span>
    </IntentLink>,
  );
  const link = host.querySelector('a');
  if (!link) throw new Error('no link rendered');
  return link;
}

/** Pointer over, keyboard focus and a finger on the link: each is intent. */
function showIntent(link: HTMLAnchorElement): void {
  act(() => {
    link.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
    link.focus();
    link.dispatchEvent(new Event('touchstart', { bubbles: true }));
  });
}

/** A click as the browser sends it; returns whether the page's listeners let the browser follow it. */
function click(target: Element, init: MouseEventInit = {}): boolean {
  let followed = true;
  // Registered after the page's listener, so it sees the click last; it then keeps jsdom, which
  // cannot load another document, from trying.
  const observe = (event: MouseEvent) => {
    followed = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', observe);
  act(
    () => void target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init })),
  );
  window.removeEventListener('click', observe);
  return followed;
}

describe('IntentLink and SoftNavigation: links fetch ahead on intent, never on sight (issue 14, security review issue 20)', () => {
  it('renders a plain anchor, and prefetches a site path on each sign of intent, and nothing before', () => {
    const link = renderLink('/cars/2020-mazda-cx-5');
    expect(link.getAttribute('href')).toBe('/cars/2020-mazda-cx-5');
    expect(link.hasAttribute('data-soft-link')).toBe(true);
    expect(prefetched).toEqual([]);
    showIntent(link);
    expect(prefetched).toEqual(['/cars/2020-mazda-cx-5', '/cars/2020-mazda-cx-5', '/cars/2020-mazda-cx-5']);
  });

  it('prefetches once while the pointer moves over the parts of one link', () => {
    const link = renderLink('/cars/2020-mazda-cx-5');
    const inner = link.querySelector('span');
    if (!inner) throw new Error('no inner element');
    act(() => {
      inner.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      link.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      inner.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    expect(prefetched).toEqual(['/cars/2020-mazda-cx-5']);
    act(() => void document.body.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    act(() => void inner.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    expect(prefetched).toEqual(['/cars/2020-mazda-cx-5', '/cars/2020-mazda-cx-5']);
  });

  it.each([
    ['/\\evil.example/x', '/%5Cevil.example/x'],
    ['//evil.example', '/%2Fevil.example'],
    ['/\t/evil.example', '/%2Fevil.example'],
  ])('never prefetches %j, and renders it as a path of this site (%s)', (href, rendered) => {
    const link = renderLink(href);
    showIntent(link);
    expect(link.getAttribute('href')).toBe(rendered);
    expect(new URL(link.href).host).toBe(window.location.host);
    expect(prefetched.every((p) => p === rendered)).toBe(true);
  });

  it('leaves a full address to another site as it is, without prefetching or taking its click', () => {
    const link = renderLink('https://www.facebook.com/dealer');
    showIntent(link);
    expect(prefetched).toEqual([]);
    expect(link.getAttribute('href')).toBe('https://www.facebook.com/dealer');
    expect(click(link)).toBe(true);
    expect(pushed).toEqual([]);
  });
});

describe('SoftNavigation: a click on a platform link goes to the client router as <Link> would send it', () => {
  it('takes a plain click, including one on an element inside the link', () => {
    const link = renderLink('/search/used-cars?page=2');
    const inner = link.querySelector('span');
    if (!inner) throw new Error('no inner element');
    expect(click(inner)).toBe(false);
    expect(pushed).toEqual(['/search/used-cars?page=2']);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['the middle button', { button: 1 }],
  ] as const)('leaves a click with %s to the browser (new tab or window)', (_, init) => {
    const link = renderLink('/cars/2020-mazda-cx-5');
    expect(click(link, init)).toBe(true);
    expect(pushed).toEqual([]);
  });

  it('leaves target=_blank and download links to the browser', () => {
    render(
      <>
        <IntentLink href="/brochure.pdf" target="_blank">
          Brochure
        </IntentLink>
        <IntentLink href="/price-list.csv" download>
          Prices
        </IntentLink>
      </>,
    );
    for (const link of host.querySelectorAll('a')) expect(click(link)).toBe(true);
    expect(pushed).toEqual([]);
  });

  it('keeps a click another handler prevented (a menu that handles its own links)', () => {
    render(
      <IntentLink href="/contact" onClick={(event) => event.preventDefault()}>
        Contact
      </IntentLink>,
    );
    const link = host.querySelector('a');
    if (!link) throw new Error('no link rendered');
    expect(click(link)).toBe(false);
    expect(pushed).toEqual([]);
  });

  it('runs the link’s own click handler first, then navigates (the toast closes, then the page changes)', () => {
    const order: string[] = [];
    render(
      <IntentLink href="/compare" onClick={() => order.push(`handler saw ${pushed.length} navigations`)}>
        Compare
      </IntentLink>,
    );
    const link = host.querySelector('a');
    if (!link) throw new Error('no link rendered');
    click(link);
    expect(order).toEqual(['handler saw 0 navigations']);
    expect(pushed).toEqual(['/compare']);
  });

  it('leaves anchors that are not platform links alone (the skip link)', () => {
    render(<a href="#main-content">Skip to content</a>);
    const link = host.querySelector('a');
    if (!link) throw new Error('no link rendered');
    expect(click(link)).toBe(true);
    expect(pushed).toEqual([]);
  });

  it('where no app router is mounted, links stay plain links', () => {
    render(<IntentLink href="/contact">Contact</IntentLink>, false);
    const link = host.querySelector('a');
    if (!link) throw new Error('no link rendered');
    expect(click(link)).toBe(true);
    expect(pushed).toEqual([]);
  });
});
