'use client';

import { useEffect, useState } from 'react';
import type { Hotspot } from '../../domain/vehicle-media';
import { Hotspots } from './Hotspots.client';
import { useSpin } from './use-spin';
import styles from './VehicleGallery.module.css';

export { SPIN_INTERVAL_MS, SPIN_PX_PER_FRAME } from './use-spin';

/** Preloads pictures; the count that finished (failures are logged only, catalogue §8). */
function usePreload(sources: readonly string[]): number {
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    let cancelled = false;
    for (const src of sources) {
      const image = new Image();
      image.onload = () => !cancelled && setLoaded((n) => n + 1);
      image.onerror = () => {
        console.error('Spin picture failed to load', src);
        if (!cancelled) setLoaded((n) => n + 1);
      };
      image.src = src;
    }
    return () => void (cancelled = true);
  }, [sources]);
  return loaded;
}

function Loading({ loaded, count, what }: { loaded: number; count: number; what: string }) {
  return (
    <div className={`${styles.spin} ${styles.spinLoading}`} role="status">
      Loading the {what}… {Math.round((loaded / Math.max(count, 1)) * 100)}%
    </div>
  );
}

/**
 * The 360° exterior spin: every frame is preloaded first and the viewer is usable once all are
 * loaded; then it turns (catalogue §4: 100 ms, 20 px of drag per frame, arrow keys).
 */
export function SpinViewer({
  frames,
  title,
  autoRotate,
  hotspots,
}: {
  frames: string[];
  title: string;
  autoRotate: boolean;
  hotspots?: readonly Hotspot[];
}) {
  const loaded = usePreload(frames);
  const count = frames.length;
  const ready = loaded >= count;
  const { frame, handlers, stop } = useSpin(count, ready, autoRotate);
  const degrees = Math.round((frame * 360) / count);
  if (!ready) return <Loading loaded={loaded} count={count} what="360° view" />;
  return (
    <div className={styles.spinStage} onFocusCapture={stop} onPointerEnter={stop}>
      <div
        className={styles.spin}
        role="slider"
        tabIndex={0}
        aria-label={`360° view of the ${title}: drag or use the arrow keys to turn it`}
        aria-valuemin={0}
        aria-valuemax={360 - 360 / count}
        aria-valuenow={degrees}
        aria-valuetext={`Turned ${degrees} degrees`}
        {...handlers}
      >
        {/* Frames are already in the browser's cache; next/image would re-request each one per size. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={frames[frame]} alt="" width={600} height={400} draggable={false} />
        <span className={styles.spinHint} aria-hidden="true">
          ⟲ Drag to turn
        </span>
      </div>
      <Hotspots hotspots={hotspots} frame={frame} onOpen={stop} />
    </div>
  );
}

/** Steps of the interior turn: the panorama is three views wide, shown 1/8 of a view per step. */
const INTERIOR_STEPS = 24;

/**
 * The interior spin: a panorama that wraps around, turned like the exterior spin (catalogue §4).
 * Two copies side by side make the wrap seamless.
 */
export function InteriorSpin({
  panorama,
  title,
  autoRotate,
  hotspots,
}: {
  panorama: string;
  title: string;
  autoRotate: boolean;
  hotspots?: readonly Hotspot[];
}) {
  const [sources] = useState(() => [panorama]);
  const loaded = usePreload(sources);
  const ready = loaded >= 1;
  const { frame, handlers, stop } = useSpin(INTERIOR_STEPS, ready, autoRotate);
  const degrees = Math.round((frame * 360) / INTERIOR_STEPS);
  if (!ready) return <Loading loaded={loaded} count={1} what="interior view" />;
  return (
    <div className={styles.spinStage} onFocusCapture={stop} onPointerEnter={stop}>
      <div
        className={`${styles.spin} ${styles.spinInterior}`}
        role="slider"
        tabIndex={0}
        aria-label={`360° interior of the ${title}: drag or use the arrow keys to look around`}
        aria-valuemin={0}
        aria-valuemax={360 - 360 / INTERIOR_STEPS}
        aria-valuenow={degrees}
        aria-valuetext={`Looking ${degrees} degrees round`}
        {...handlers}
      >
        <div className={styles.spinPano} style={{ transform: `translateX(-${(frame * 100) / 48}%)` }}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={panorama} alt="" draggable={false} />
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={panorama} alt="" draggable={false} />
        </div>
        <span className={styles.spinHint} aria-hidden="true">
          ⟲ Drag to look around
        </span>
      </div>
      <Hotspots hotspots={hotspots} frame={frame} onOpen={stop} />
    </div>
  );
}
