'use client';

import { useEffect, useRef, useState } from 'react';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import { StockCard } from '../../components/StockCard/StockCard';
import type { CardCar, CardSettings } from '../../components/StockCard/card-settings';
import { buttonClass } from '../../components/ui/button';
import styles from './SimilarCars.module.css';

type Load = { state: 'waiting' } | { state: 'loaded'; cars: CardCar[] } | { state: 'failed' };

// spec: catalogue §4 — similar cars load lazily, when scrolled into view with a 500 px margin.
const ROOT_MARGIN = '500px';

/** Placeholders until the section nears the screen, then the similar cars in a scrolling row. */
export function LazySimilarCars({
  slug,
  settings,
  lazy,
  fallbackHref,
  headingId,
}: {
  slug: string;
  settings: CardSettings;
  lazy: boolean;
  fallbackHref: string;
  headingId: string;
}) {
  const [load, setLoad] = useState<Load>({ state: 'waiting' });
  const root = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLUListElement>(null);

  useEffect(() => {
    let cancelled = false;
    const fetchCars = () => {
      fetch(`/api/similar-cars?slug=${encodeURIComponent(slug)}`)
        .then(async (response) => {
          if (!response.ok) throw new Error(`similar cars answered ${response.status}`);
          const body = (await response.json()) as { cars: CardCar[] };
          if (!cancelled) setLoad({ state: 'loaded', cars: body.cars });
        })
        .catch((error: unknown) => {
          console.error('Similar cars failed to load', error);
          if (!cancelled) setLoad({ state: 'failed' });
        });
    };
    const element = root.current;
    if (!lazy || !element || typeof IntersectionObserver === 'undefined') {
      fetchCars();
      return () => void (cancelled = true);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          fetchCars();
        }
      },
      { rootMargin: ROOT_MARGIN },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [slug, lazy]);

  const scroll = (direction: 1 | -1) =>
    row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.9, behavior: 'smooth' });
  const now = new Date();
  return (
    <div ref={root} className="similar" aria-busy={load.state === 'waiting'}>
      {load.state === 'failed' || (load.state === 'loaded' && load.cars.length === 0) ? (
        <p>
          <Link href={fallbackHref}>Search our stock for something similar</Link>
        </p>
      ) : (
        <>
          <div className={styles.controls}>
            <button
              type="button"
              className={buttonClass('outline')}
              onClick={() => scroll(-1)}
              aria-label="Previous similar cars"
              disabled={load.state !== 'loaded'}
            >
              ‹
            </button>
            <button
              type="button"
              className={buttonClass('outline')}
              onClick={() => scroll(1)}
              aria-label="Next similar cars"
              disabled={load.state !== 'loaded'}
            >
              ›
            </button>
          </div>
          <ul ref={row} className={styles.row} role="list" aria-labelledby={headingId}>
            {load.state === 'loaded'
              ? load.cars.map((car) => (
                  <li key={car.id}>
                    <StockCard car={car} settings={settings} now={now} />
                  </li>
                ))
              : Array.from({ length: 3 }, (_, i) => <li key={i} className={styles.placeholder} aria-hidden="true" />)}
          </ul>
        </>
      )}
    </div>
  );
}
