'use client';

import { useRef, type KeyboardEvent } from 'react';

/**
 * WAI-ARIA tab keys for a row of tab buttons: arrow keys move (wrapping), Home/End jump, and focus
 * follows the selected tab. Spread `ref(i)` and `onKeyDown(e, i)` onto tab i.
 */
export function useRovingTabs<T>(items: readonly T[], select: (item: T) => void) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined || items.length === 0) return;
    event.preventDefault();
    const wrapped = (target + items.length) % items.length;
    const item = items[wrapped];
    if (item === undefined) return;
    select(item);
    refs.current[wrapped]?.focus();
  };
  const ref = (index: number) => (el: HTMLButtonElement | null) => {
    refs.current[index] = el;
  };
  return { ref, onKeyDown };
}
