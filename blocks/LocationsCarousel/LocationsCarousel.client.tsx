'use client';

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './LocationsCarousel.module.css';

/**
 * A scroll-snap row (native swiping and keyboard scrolling) with previous/next arrows that are
 * disabled at the ends (conversion §2.5). Also the model page's variant slider, whose arrows show
 * only at 4 or more variants.
 */
export function CarouselTrack({
  label,
  children,
  noun = 'locations',
  arrows = true,
}: {
  label: string;
  children: ReactNode;
  noun?: string;
  arrows?: boolean;
}) {
  const track = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ start: true, end: false });
  const update = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEnds({ start: el.scrollLeft <= 2, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 2 });
  }, []);
  useEffect(() => {
    update();
    const el = track.current;
    el?.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el?.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [update]);
  const move = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <div className={styles.carousel}>
      <p className={styles.hint} aria-hidden="true">
        Swipe →
      </p>
      {arrows ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label={`Previous ${noun}`}
            disabled={ends.start}
            onClick={() => move(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className={styles.arrow}
            aria-label={`Next ${noun}`}
            disabled={ends.end}
            onClick={() => move(1)}
          >
            ›
          </button>
        </div>
      ) : null}
      <ul className={styles.track} ref={track} aria-label={label} tabIndex={0}>
        {children}
      </ul>
    </div>
  );
}
