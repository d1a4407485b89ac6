'use client';

import { useState } from 'react';
import styles from './VehicleBreadcrumbs.module.css';

/** catalogue §2 — 'Located at {city}' with 'Get Directions' and a dismiss X. */
export function LocationAnnouncement({ text, directionsHref }: { text: string; directionsHref?: string }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className={styles.announcement} role="region" aria-label="Vehicle location">
      <p>
        {text}
        {directionsHref ? (
          <>
            {' '}
            <a href={directionsHref} target="_blank" rel="noopener noreferrer">
              Get Directions<span className="visually-hidden"> (opens a map)</span>
            </a>
          </>
        ) : null}
      </p>
      <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => setOpen(false)}>
        ×
      </button>
    </div>
  );
}
