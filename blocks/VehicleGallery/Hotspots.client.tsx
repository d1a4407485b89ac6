'use client';

import { useState } from 'react';
import { hotspotsAt, type Hotspot } from '../../domain/vehicle-media';
import styles from './VehicleGallery.module.css';

/** Hotspot markers over a spin at the current frame; each opens its description (catalogue §3 hotspots). */
export function Hotspots({
  hotspots,
  frame,
  onOpen,
}: {
  hotspots: readonly Hotspot[] | undefined;
  frame: number;
  onOpen: () => void;
}) {
  const [open, setOpen] = useState<string | number>();
  const visible = hotspotsAt(hotspots, frame);
  if (!visible.length) return null;
  return (
    <ul className={styles.hotspots} aria-label="Features on this view">
      {visible.map((h) => (
        <li key={h.id} className={styles.hotspot} style={{ left: `${h.x}%`, top: `${h.y}%` }}>
          <button
            type="button"
            className={styles.hotspotMarker}
            aria-expanded={open === h.id}
            onClick={() => {
              onOpen();
              setOpen(open === h.id ? undefined : h.id);
            }}
          >
            <span aria-hidden="true">+</span>
            <span className="visually-hidden">{h.description}</span>
          </button>
          {open === h.id ? (
            <p className={`${styles.hotspotText} hotspot__text`} role="status">
              {h.description}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
