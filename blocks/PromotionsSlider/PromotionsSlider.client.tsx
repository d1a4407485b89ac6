'use client';

import { useId, useState, type ReactNode } from 'react';
import { nextSlide } from '../../domain/promotion-slides';
import styles from './PromotionsSlider.module.css';

/**
 * An accessible carousel (WAI-ARIA APG pattern): previous and next buttons that wrap, a
 * "Slide x of n" name on each slide, and a polite live region since nothing moves by itself.
 * The server's HTML shows the first slide; the others are hidden until a button is pressed.
 */
export function SliderControls({
  label,
  slides,
}: {
  label: string;
  slides: ReadonlyArray<{ id: string; content: ReactNode }>;
}) {
  const [index, setIndex] = useState(0);
  const slidesId = useId();
  const count = slides.length;
  return (
    <section className={styles.slider} aria-roledescription="carousel" aria-label={label}>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-controls={slidesId}
            aria-label="Previous slide"
            onClick={() => setIndex((i) => nextSlide(i, -1, count))}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <p className={styles.status}>
            Slide {index + 1} of {count}
          </p>
          <button
            type="button"
            className={styles.arrow}
            aria-controls={slidesId}
            aria-label="Next slide"
            onClick={() => setIndex((i) => nextSlide(i, 1, count))}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
      <div id={slidesId} className="slider__slides" aria-live="polite">
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className="slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`Slide ${i + 1} of ${count}`}
            hidden={i !== index}
          >
            {slide.content}
          </div>
        ))}
      </div>
    </section>
  );
}
