'use client';
/**
 * The preview page's half of the Studio's header check (issue 32, domain/studio/header-fit.ts):
 * when the Studio frames the preview with `#studio-header-fit`, the page measures its header once
 * its pictures and fonts have loaded and posts what does not fit to the Studio, and only to the
 * Studio's exact origin, with the page's own preview token. Rendered only in the preview tree;
 * dealer sites never load it, and without the fragment it does nothing.
 */
import { useEffect } from 'react';
import {
  HEADER_FIT_HASH,
  HEADER_FIT_MESSAGE,
  headerProblems,
  type HeaderFitReport,
  type HeaderPiece,
} from '../../domain/studio/header-fit';

const PREFIX = '/_preview/';

const words = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** An element's words as assistive technology reads them: text hidden from it (aria-hidden) left out. */
function spokenText(element: Element): string {
  let text = '';
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!node.parentElement?.closest('[aria-hidden="true"]')) text += ` ${node.textContent ?? ''}`;
  return words(text);
}

/** What a shopper would call a piece of the header: its words, else its picture's ("the logo"). */
function nameOf(element: Element): string {
  const label = words(element.getAttribute('aria-label')) || spokenText(element);
  if (label) return label;
  const alt = words(element.querySelector('img')?.getAttribute('alt'));
  if (element.closest('a[href="/"]')) return alt ? `the logo (${alt})` : 'the logo';
  return alt;
}

function seen(element: Element): boolean {
  if (!element.checkVisibility({ visibilityProperty: true })) return false;
  const box = element.getBoundingClientRect();
  return box.width >= 2 && box.height >= 2;
}

function pieceOf(element: Element): HeaderPiece {
  const box = element.getBoundingClientRect();
  return {
    name: nameOf(element),
    left: box.left,
    right: box.right,
    top: box.top + window.scrollY,
    bottom: box.bottom + window.scrollY,
  };
}

/** The header's links and buttons as the shopper sees them, and the menu's top-level items if they form a row. */
function measure(): { pieces: HeaderPiece[]; menuRow: HeaderPiece[] } {
  const header = document.querySelector('body header');
  if (!header) return { pieces: [], menuRow: [] };
  const pieces = [...header.querySelectorAll('a[href], button')].filter(seen).map(pieceOf);
  const list = header.querySelector('nav ul');
  const row = list && getComputedStyle(list).flexDirection === 'row';
  const menuRow = row
    ? [...list.children]
        .map((item) => item.querySelector('a[href], button'))
        .filter((item): item is Element => item !== null && seen(item))
        .map(pieceOf)
    : [];
  return { pieces, menuRow };
}

const loaded = () =>
  document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));

export function HeaderFitProbe({ studioOrigin }: { studioOrigin: string | undefined }) {
  useEffect(() => {
    if (!studioOrigin || window.parent === window || window.location.hash !== HEADER_FIT_HASH) return;
    const token = window.location.pathname.startsWith(PREFIX)
      ? window.location.pathname.slice(PREFIX.length).split('/')[0]
      : undefined;
    if (!token) return;
    let cancelled = false;
    void loaded()
      .then(() => {
        // A frame nobody sees may not have been laid out yet: laying it out starts its fonts loading.
        void document.body.getBoundingClientRect();
        return document.fonts.ready;
      })
      .then(() => {
        if (cancelled) return;
        const { pieces, menuRow } = measure();
        const report: HeaderFitReport = {
          type: HEADER_FIT_MESSAGE,
          token,
          width: document.documentElement.clientWidth,
          problems: headerProblems(pieces, document.documentElement.clientWidth, menuRow),
        };
        window.parent.postMessage(report, studioOrigin);
      });
    return () => {
      cancelled = true;
    };
  }, [studioOrigin]);
  return null;
}
