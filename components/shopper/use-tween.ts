'use client';

import { useEffect, useState } from 'react';

/** Ease-out cubic: fast at first, settling on the target. */
export const easeOut = (t: number): number => 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;

/**
 * A number that runs from 0 to `target` over `durationMs` on animation frames, or is `target`
 * at once for shoppers who ask for reduced motion (and on the server). Issue 19: the market
 * gauge's two tweens used to load an animation library (~40 KB gzipped) for this.
 */
export function useTween(target: number, durationMs: number): number {
  const [value, setValue] = useState(target);
  useEffect(() => {
    const duration = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : durationMs;
    let frame = 0;
    const started = performance.now();
    const step = (now: number) => {
      const t = duration > 0 ? (now - started) / duration : 1;
      setValue(target * easeOut(t));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);
  return value;
}
