'use client';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Publishes an element's height as a CSS variable on the page root while it is shown, so other
 * fixed pieces (the compare tray, the chat bubble) sit above it however tall it grows: the phone
 * bar's buttons wrap onto two lines with long labels or a fourth button, which a fixed offset missed.
 * Returns a callback ref, so an element rendered only some of the time is followed too.
 */
export function usePublishedHeight<T extends HTMLElement>(variable: string): (element: T | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  const stop = useCallback(() => {
    observer.current?.disconnect();
    observer.current = null;
    document.documentElement.style.removeProperty(variable);
  }, [variable]);
  useEffect(() => stop, [stop]);
  return useCallback(
    (element: T | null) => {
      stop();
      if (!element || typeof ResizeObserver === 'undefined') return;
      const publish = () => {
        // Zero while hidden (the bar is display: none on wide screens).
        const height = element.getClientRects().length ? element.getBoundingClientRect().height : 0;
        document.documentElement.style.setProperty(variable, `${Math.ceil(height)}px`);
      };
      observer.current = new ResizeObserver(publish);
      observer.current.observe(element);
      publish();
    },
    [stop, variable],
  );
}
