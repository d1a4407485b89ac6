'use client';

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

// spec: catalogue §4 / §9 — spin interval 100 ms, 20 px of drag per frame, arrow keys turn it.
export const SPIN_INTERVAL_MS = 100;
export const SPIN_PX_PER_FRAME = 20;

/**
 * The 360° spin: every frame is preloaded first and the viewer is usable once all are loaded;
 * then it turns by itself (unless switched off, or the shopper prefers reduced motion) until the
 * shopper drags it or uses the arrow keys. Failed frames are logged only (catalogue §8).
 */
export function SpinViewer({ frames, title, autoRotate }: { frames: string[]; title: string; autoRotate: boolean }) {
  const [loaded, setLoaded] = useState(0);
  const [frame, setFrame] = useState(0);
  const [spinning, setSpinning] = useState(autoRotate);
  const drag = useRef<{ x: number; frame: number } | null>(null);
  const count = frames.length;
  const ready = loaded >= count;

  useEffect(() => {
    let cancelled = false;
    for (const src of frames) {
      const image = new Image();
      image.onload = () => !cancelled && setLoaded((n) => n + 1);
      image.onerror = () => {
        console.error('Spin frame failed to load', src);
        if (!cancelled) setLoaded((n) => n + 1);
      };
      image.src = src;
    }
    return () => void (cancelled = true);
  }, [frames]);

  useEffect(() => {
    if (!ready || !spinning || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setFrame((f) => (f + 1) % count), SPIN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [ready, spinning, count]);

  const turn = (by: number) => setFrame((f) => (((f + by) % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    setSpinning(false);
    turn(event.key === 'ArrowLeft' ? -1 : 1);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    setSpinning(false);
    drag.current = { x: event.clientX, frame };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const steps = Math.trunc((event.clientX - drag.current.x) / SPIN_PX_PER_FRAME);
    setFrame((((drag.current.frame - steps) % count) + count) % count);
  };
  const degrees = Math.round((frame * 360) / count);

  if (!ready) {
    return (
      <div className="spin spin--loading" role="status">
        Loading the 360° view… {Math.round((loaded / count) * 100)}%
      </div>
    );
  }
  return (
    <div
      className="spin"
      role="slider"
      tabIndex={0}
      aria-label={`360° view of the ${title}: drag or use the arrow keys to turn it`}
      aria-valuemin={0}
      aria-valuemax={360 - 360 / count}
      aria-valuenow={degrees}
      aria-valuetext={`Turned ${degrees} degrees`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
    >
      {/* Frames are already in the browser's cache; next/image would re-request each one per size. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={frames[frame]} alt="" width={600} height={400} draggable={false} />
      <span className="spin__hint" aria-hidden="true">
        ⟲ Drag to turn
      </span>
    </div>
  );
}
