'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

// spec: catalogue §4 / §9 — spin interval 100 ms, 20 px of drag per frame, arrow keys turn it.
export const SPIN_INTERVAL_MS = 100;
export const SPIN_PX_PER_FRAME = 20;

/**
 * Turning shared by the exterior and interior spins: once `ready`, it turns by itself (unless
 * switched off or the shopper prefers reduced motion) until the shopper drags it or uses the arrow keys.
 */
export function useSpin(count: number, ready: boolean, autoRotate: boolean) {
  const [frame, setFrame] = useState(0);
  const [spinning, setSpinning] = useState(autoRotate);
  const drag = useRef<{ x: number; frame: number } | null>(null);

  useEffect(() => {
    if (!ready || !spinning || count < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setFrame((f) => (f + 1) % count), SPIN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [ready, spinning, count]);

  const wrap = (n: number) => ((n % count) + count) % count;
  const handlers = {
    onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      setSpinning(false);
      setFrame((f) => wrap(f + (event.key === 'ArrowLeft' ? -1 : 1)));
    },
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      setSpinning(false);
      drag.current = { x: event.clientX, frame };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (!drag.current) return;
      const steps = Math.trunc((event.clientX - drag.current.x) / SPIN_PX_PER_FRAME);
      setFrame(wrap(drag.current.frame - steps));
    },
    onPointerUp() {
      drag.current = null;
    },
    onPointerCancel() {
      drag.current = null;
    },
  };
  return { frame, handlers, stop: () => setSpinning(false) };
}
