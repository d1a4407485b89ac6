'use client';
/**
 * The preview page's half of point and edit (issue 33, domain/studio/preview-messages.ts): inside
 * the Studio's frame, hovering a block outlines it with its name and offers "Add block here" below
 * it; a click selects the block, and the Studio opens its form. The block being edited stays
 * outlined. Messages go only to the Studio's exact origin and window, carry this page's preview
 * token, and only the Studio's messages with the same token are read.
 *
 * Rendered only by the preview tree (app/preview): the public site's pages never load it. Outside a
 * frame, or framed by anything but the Studio, it does nothing.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import {
  envelope,
  readToPreview,
  scrollForAnchor,
  tokenInPreviewPath,
  type FromPreview,
  type ToPreview,
} from '../../domain/studio/preview-messages';
import styles from './preview-bridge.module.css';

export interface PreviewBridgeProps {
  /** The Studio's exact origin (domain/studio/studio-host.ts), or undefined when this server has no Studio. */
  studioOrigin: string | undefined;
  /** The page's route pattern, as the site's document names it. */
  route: string;
}

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

interface Shown {
  index: number;
  label: string;
  box: Box;
}

/** The empty marks the preview page puts before each block (app/_tenant/tenant-page.tsx). */
const markers = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>('[data-studio-block]')];

/** The elements a block rendered: everything after its mark up to the next mark. */
function blockElements(marker: HTMLElement): Element[] {
  const out: Element[] = [];
  for (
    let node = marker.nextElementSibling;
    node && !node.hasAttribute('data-studio-block');
    node = node.nextElementSibling
  )
    out.push(node);
  return out;
}

/** The block's box on screen (viewport pixels): the union of its elements' boxes, fixed-position ones left out. */
function boxOf(marker: HTMLElement): Box | undefined {
  let top = Infinity;
  let left = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const element of blockElements(marker)) {
    if (getComputedStyle(element).position === 'fixed') continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    top = Math.min(top, rect.top);
    left = Math.min(left, rect.left);
    right = Math.max(right, rect.right);
    bottom = Math.max(bottom, rect.bottom);
  }
  if (!Number.isFinite(top)) return undefined;
  return { top, left, width: right - left, height: bottom - top };
}

/** The block an element belongs to: the mark before its ancestor that sits beside the marks. */
function blockIndexOf(target: EventTarget | null): number | undefined {
  const first = markers()[0];
  const container = first?.parentElement;
  if (!container || !(target instanceof Element)) return undefined;
  let element: Element | null = target;
  while (element && element.parentElement !== container) element = element.parentElement;
  for (let node = element; node; node = node.previousElementSibling) {
    const index = node.getAttribute('data-studio-block');
    if (index !== null) return Number(index);
  }
  return undefined;
}

function shownFor(index: number): Shown | undefined {
  const marker = markers()[index];
  const box = marker ? boxOf(marker) : undefined;
  if (!marker || !box) return undefined;
  return { index, label: marker.getAttribute('data-studio-label') ?? `Block ${index + 1}`, box };
}

/** A block's top in page pixels. */
function pageTop(index: number): number | undefined {
  const marker = markers()[index];
  const box = marker ? boxOf(marker) : undefined;
  return box ? box.top + window.scrollY : undefined;
}

export function PreviewBridge({ studioOrigin, route }: PreviewBridgeProps) {
  const [state, setState] = useState<ToPreview | null>(null);
  const [hover, setHover] = useState<Shown | undefined>();
  const [selected, setSelected] = useState<Shown | undefined>();
  const latest = useRef<{ state: ToPreview | null; post: (message: FromPreview) => void }>({
    state: null,
    post: () => undefined,
  });

  // The conversation: ready on load, then the Studio's state; the Studio's window and origin only.
  useEffect(() => {
    if (!studioOrigin || window.parent === window) return;
    const token = tokenInPreviewPath(window.location.pathname);
    if (!token) return;
    const studio = window.parent;
    const post = (message: FromPreview) => studio.postMessage(envelope(message, token), studioOrigin);
    latest.current.post = post;
    let restored = false;
    const onMessage = (event: MessageEvent) => {
      const next = readToPreview(event, { origin: studioOrigin, source: studio, token });
      if (!next) return;
      latest.current.state = next;
      setState(next);
      if (!restored && next.restore) {
        restored = true;
        const y = scrollForAnchor(next.restore, pageTop);
        if (y !== undefined) window.scrollTo({ top: y, behavior: 'instant' });
        return;
      }
      restored = true;
      const place = next.selected;
      if (next.reveal && place && place.route === route) {
        const shown = shownFor(place.index);
        // Scrolled only when the block's top is not on screen, so a click in the preview never moves the page.
        if (shown && (shown.box.top < 0 || shown.box.top > window.innerHeight - 40))
          window.scrollTo({ top: shown.box.top + window.scrollY - 16, behavior: 'instant' });
      }
    };
    window.addEventListener('message', onMessage);
    post({ kind: 'ready', route, blocks: markers().length });
    return () => window.removeEventListener('message', onMessage);
  }, [studioOrigin, route]);

  const pick = state?.pick === true;
  const selectedIndex = state?.selected?.route === route ? state.selected.index : undefined;

  // The outlines follow the page: hover, scroll, resize and late layout (pictures loading).
  useEffect(() => {
    if (!state) return;
    let frame = 0;
    // Where the mouse already is (it may rest on the page while the frame reloads after a save).
    let pointer: EventTarget | null = [...document.querySelectorAll(':hover')].at(-1) ?? null;
    const measure = () => {
      frame = 0;
      setSelected(selectedIndex === undefined ? undefined : shownFor(selectedIndex));
      const index = pick ? blockIndexOf(pointer) : undefined;
      setHover(index === undefined ? undefined : shownFor(index));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const onMove = (event: MouseEvent) => {
      // The outline's own buttons keep the block they belong to.
      if (event.target instanceof Element && event.target.closest('[data-studio-overlay]')) return;
      pointer = event.target;
      soon();
    };
    const onLeave = () => {
      pointer = null;
      soon();
    };
    let scrollTimer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      soon();
      clearTimeout(scrollTimer);
      scrollTimer = setTimeout(() => {
        const top = selectedIndex === undefined ? undefined : pageTop(selectedIndex);
        latest.current.post({
          kind: 'scrolled',
          route,
          anchor:
            top === undefined
              ? { y: Math.round(window.scrollY) }
              : { index: selectedIndex ?? 0, offset: Math.round(top - window.scrollY) },
        });
      }, 250);
    };
    measure();
    const observer = new ResizeObserver(soon);
    observer.observe(document.body);
    document.addEventListener('mouseover', onMove);
    document.documentElement.addEventListener('mouseleave', onLeave);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', soon);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(scrollTimer);
      observer.disconnect();
      document.removeEventListener('mouseover', onMove);
      document.documentElement.removeEventListener('mouseleave', onLeave);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', soon);
    };
  }, [state, pick, selectedIndex, route]);

  // In point-and-edit mode a click on a block selects it: links, buttons and forms wait (the Studio's
  // "Click a block to edit it" switch turns this off, and the page then works as a shopper's).
  useEffect(() => {
    if (!pick) return;
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || !(event.target instanceof Element)) return;
      if (event.target.closest('[data-studio-overlay]')) return;
      const index = blockIndexOf(event.target);
      if (index === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current.post({ kind: 'select', route, index });
    };
    // On the window, in the capture phase: before the page's own handlers and the preview's link keeper.
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, [pick, route]);

  if (!state) return null;
  return (
    // The Studio shows the page scaled down: the outlines' words and button are enlarged to stay readable.
    <div
      className={styles.layer}
      data-studio-overlay=""
      style={{ '--studio-zoom': String(1 / state.scale) } as CSSProperties}
    >
      {selected ? (
        <div className={styles.selected} style={boxStyle(selected.box)}>
          <span className={styles.label}>Editing: {selected.label}</span>
        </div>
      ) : null}
      {hover && hover.index !== selected?.index ? (
        <div className={styles.hover} style={boxStyle(hover.box)}>
          <span className={styles.label}>{hover.label}</span>
        </div>
      ) : null}
      {hover ? (
        <button
          type="button"
          className={styles.add}
          style={{
            top: `${Math.round(hover.box.top + hover.box.height)}px`,
            left: `${Math.round(hover.box.left + hover.box.width / 2)}px`,
          }}
          onClick={(event) => {
            event.preventDefault();
            latest.current.post({ kind: 'add', route, at: hover.index + 1 });
          }}
        >
          + Add block here
        </button>
      ) : null}
    </div>
  );
}

function boxStyle(box: Box) {
  return {
    top: `${Math.round(box.top)}px`,
    left: `${Math.round(box.left)}px`,
    width: `${Math.round(box.width)}px`,
    height: `${Math.round(box.height)}px`,
  };
}
