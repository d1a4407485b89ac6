'use client';
/**
 * The divider between the editor pane and the preview (issue 32): drag it, or focus it and use the
 * arrow keys (Home and End for the narrowest and widest editor), to share the screen differently.
 * The editor pane's share of the row is a percentage, kept in this browser for the next visit.
 */
import { useCallback, useRef, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import styles from './editor.module.css';

export const PANE_MIN = 30;
export const PANE_MAX = 70;
export const PANE_DEFAULT = 44;
const STORAGE_KEY = 'studio-editor-pane';

export const clampPane = (percent: number): number =>
  Number.isFinite(percent) ? Math.round(Math.min(PANE_MAX, Math.max(PANE_MIN, percent))) : PANE_DEFAULT;

/** Components showing the share, told when it changes here or in another tab of this browser. */
const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
const keptShare = (): number => {
  const kept = Number(window.localStorage.getItem(STORAGE_KEY));
  return kept ? clampPane(kept) : PANE_DEFAULT;
};

/** The editor pane's share (percent), kept in this browser, and a setter for the divider. */
export function usePaneWidth(): [number, (percent: number) => void] {
  // The server renders the default share; the browser's kept one follows without a mismatch.
  const percent = useSyncExternalStore(subscribe, keptShare, () => PANE_DEFAULT);
  const set = useCallback((next: number) => {
    window.localStorage.setItem(STORAGE_KEY, String(clampPane(next)));
    for (const listener of listeners) listener();
  }, []);
  return [percent, set];
}

export function PaneDivider({ percent, onChange }: { percent: number; onChange: (percent: number) => void }) {
  const dragging = useRef(false);
  const percentAt = (element: HTMLElement, clientX: number): number => {
    const row = element.parentElement?.getBoundingClientRect();
    return row && row.width > 0 ? ((clientX - row.left) / row.width) * 100 : percent;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) onChange(percentAt(event.currentTarget, event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 10 : 2;
    const next =
      event.key === 'ArrowLeft'
        ? percent - step
        : event.key === 'ArrowRight'
          ? percent + step
          : event.key === 'Home'
            ? PANE_MIN
            : event.key === 'End'
              ? PANE_MAX
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the editor and the preview"
      aria-valuemin={PANE_MIN}
      aria-valuemax={PANE_MAX}
      aria-valuenow={percent}
      aria-valuetext={`Editor ${percent}% of the width`}
      tabIndex={0}
      className={styles.divider}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
