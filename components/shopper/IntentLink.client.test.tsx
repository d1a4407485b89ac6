// @vitest-environment jsdom
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import type { ComponentProps } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntentLink } from './IntentLink.client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Router = NonNullable<ComponentProps<typeof AppRouterContext.Provider>['value']>;

const prefetched: string[] = [];
const router: Router = {
  back: vi.fn(),
  forward: vi.fn(),
  refresh: vi.fn(),
  push: vi.fn(),
  replace: vi.fn(),
  prefetch: (href: string) => void prefetched.push(href),
  bfcacheId: 'test',
};

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  prefetched.length = 0;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function renderLink(href: string): HTMLAnchorElement {
  act(() =>
    root.render(
      <AppRouterContext.Provider value={router}>
        <IntentLink href={href}>Go</IntentLink>
      </AppRouterContext.Provider>,
    ),
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

describe('IntentLink prefetches only pages of this site (security review, issue 20)', () => {
  it('prefetches a site path on each sign of intent, and nothing before', () => {
    const link = renderLink('/cars/2020-mazda-cx-5');
    expect(prefetched).toEqual([]);
    showIntent(link);
    expect(prefetched).toEqual(['/cars/2020-mazda-cx-5', '/cars/2020-mazda-cx-5', '/cars/2020-mazda-cx-5']);
    expect(link.getAttribute('href')).toBe('/cars/2020-mazda-cx-5');
  });

  it.each([
    ['/\\evil.example/x', '/%5Cevil.example/x'],
    ['//evil.example', '/%2Fevil.example'],
    ['/\t/evil.example', '/%2Fevil.example'],
  ])('never prefetches %j, and renders it as a path of this site (%s)', (href, rendered) => {
    const link = renderLink(href);
    showIntent(link);
    expect(prefetched).toEqual([]);
    expect(link.getAttribute('href')).toBe(rendered);
    expect(new URL(link.href).host).toBe(window.location.host);
  });

  it('leaves a full address to another site as it is, without prefetching it', () => {
    const link = renderLink('https://www.facebook.com/dealer');
    showIntent(link);
    expect(prefetched).toEqual([]);
    expect(link.getAttribute('href')).toBe('https://www.facebook.com/dealer');
  });
});
