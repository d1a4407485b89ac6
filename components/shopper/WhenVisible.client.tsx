'use client';

import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** The element the address's #fragment names, with its place on screen, when it follows `box` and the shopper is looking at it. */
function hashTargetAfter(box: HTMLElement | null): { el: Element; top: number } | undefined {
  let id: string;
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return undefined;
  }
  const el = id ? document.getElementById(id) : null;
  if (!el || !box || !(box.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) return undefined;
  const rect = el.getBoundingClientRect();
  return rect.top < window.innerHeight && rect.bottom > 0 ? { el, top: rect.top } : undefined;
}

/**
 * Loads a below-the-fold tool (calculator, enquiry form) once its place comes near the viewport,
 * so it costs nothing until a shopper scrolls towards it. The placeholder keeps the tool's space
 * until the tool itself is there (one swap, no "loading" line in between), and when the shopper
 * jumped to a section further down (#vehicle-map), that section stays where it was on screen
 * while the tool above it arrives (issue 14: the jump used to be pushed out of view).
 */
export function WhenVisible<P extends object>({
  load,
  props,
  placeholder,
  minHeight,
  rootMargin = '800px',
}: {
  load: () => Promise<ComponentType<P>>;
  props: P;
  placeholder: ReactNode;
  minHeight: number;
  rootMargin?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  const anchor = useRef<{ el: Element; top: number } | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    const start = () => {
      void load().then((component) => {
        if (cancelled) return;
        anchor.current = hashTargetAfter(box.current);
        setLoaded(() => component);
      });
    };
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      start();
      return () => void (cancelled = true);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [load, rootMargin]);
  useLayoutEffect(() => {
    const held = anchor.current;
    anchor.current = undefined;
    if (!Loaded || !held) return;
    // Browsers' own scroll anchoring may already have kept it in place; correct only what is left.
    const moved = held.el.getBoundingClientRect().top - held.top;
    if (Math.abs(moved) > 1) window.scrollBy(0, moved);
  }, [Loaded]);
  return (
    <div ref={box} style={Loaded ? undefined : { minHeight }}>
      {Loaded ? <Loaded {...props} /> : placeholder}
    </div>
  );
}
