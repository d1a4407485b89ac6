'use client';

import { useEffect, useState } from 'react';

/** Ease-out cubic: fast at first, settling on the target. */
export const easeOut = (t: number): number => 1 - (1 - Math.min(1, Math.max(0, t))) ** 3;

/**
 * A number that runs from 0 to `target` over `durationMs` on animation frames, or is `target`
 * at once for shoppers who ask for reduced motion (and on the server). Issue 19: the market
 * gauge's two tweens used to load an animation library (~40 KB gzipped) for this.
 */
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function useTween(target: number, durationMs: number): number {
  // In the browser the first frame is the tween's start (0), not a flash of the end; the server
  // (and reduced motion) shows the end at once. Its users mount it in the browser only.
  const [value, setValue] = useState(() => (typeof window === 'undefined' || reducedMotion() ? target : 0));
  useEffect(() => {
    const duration = reducedMotion() ? 0 : durationMs;
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
