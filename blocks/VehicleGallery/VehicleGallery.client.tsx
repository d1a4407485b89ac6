'use client';

import Image from 'next/image';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SpinViewer } from './SpinViewer.client';
import { track as trackEvent } from '../shopper/analytics';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';

export interface GalleryImage {
  src: string;
  thumb: string;
  alt: string;
}

/**
 * The slider is a scroll-snapping row, so touch swiping is the browser's own; buttons, thumbnails
 * and the left/right arrow keys (catalogue §9: keys 37 and 39) move it. The full-screen view is a
 * native modal dialog with the same navigation.
 */
type View = 'spinner' | 'gallery';

/** catalogue §4 viewer — spinner (the default where the car has a spin) or gallery. */
export function Viewer({ images, spinFrames, defaultView, autoRotate, showThumbnails, title }: { images: GalleryImage[]; spinFrames: string[]; defaultView: View; autoRotate: boolean; showThumbnails: boolean; title: string }) {
  const [view, setView] = useState<View>(spinFrames.length ? defaultView : 'gallery');
  if (!spinFrames.length) return <Gallery images={images} showThumbnails={showThumbnails} title={title} />;
  return (
    <div className="viewer">
      <div className="viewer__tabs" role="group" aria-label="Photo views">
        <button type="button" className="button button--outline" aria-pressed={view === 'spinner'} onClick={() => {
            trackEvent(ANALYTICS_EVENTS.spinView, {});
            setView('spinner');
          }}>
          360° view
        </button>
        <button type="button" className="button button--outline" aria-pressed={view === 'gallery'} onClick={() => setView('gallery')}>
          Photos
        </button>
      </div>
      {/* Leaving the gallery unmounts it, which resets its photo index (catalogue §4). */}
      {view === 'spinner' ? <SpinViewer frames={spinFrames} title={title} autoRotate={autoRotate} /> : <Gallery images={images} showThumbnails={showThumbnails} title={title} />}
    </div>
  );
}

export function Gallery({ images, showThumbnails, title }: { images: GalleryImage[]; showThumbnails: boolean; title: string }) {
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLUListElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  // While a button or key scrolls the track, scroll events report the frames in between: ignore
  // them until the track arrives, so quick presses count from the photo asked for.
  const scrollingTo = useRef<number | null>(null);
  const count = images.length;

  const go = useCallback(
    (next: number) => {
      const target = (next + count) % count;
      setIndex(target);
      const el = track.current;
      if (el && Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)) !== target) scrollingTo.current = target;
      if (el) el.scrollTo({ left: target * el.clientWidth, behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    },
    [count],
  );

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const onScroll = () => {
      const at = Math.round(el.scrollLeft / Math.max(el.clientWidth, 1));
      if (scrollingTo.current !== null) {
        if (at === scrollingTo.current) scrollingTo.current = null;
        return;
      }
      setIndex(at);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    // The dialog sits inside the gallery: handle each key press once.
    event.preventDefault();
    event.stopPropagation();
    go(index + (event.key === 'ArrowLeft' ? -1 : 1));
  };

  if (!count) return <div className="gallery gallery--empty">Photos coming soon</div>;
  const current = images[index] ?? images[0];
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={`Photos of the ${title}`} onKeyDown={onKeyDown}>
      <div className="gallery__stage">
        <ul ref={track} className="gallery__track" role="list" tabIndex={0} aria-label={`Photo ${index + 1} of ${count}; use the arrow keys to move`}>
          {images.map((image, i) => (
            <li key={`${image.src}-${i}`} aria-hidden={i !== index} className="gallery__slide">
              <Image src={image.src} alt={image.alt} width={600} height={400} quality={75} priority={i < 2} sizes="(min-width: 1024px) 60vw, 100vw" />
            </li>
          ))}
        </ul>
        {count > 1 ? (
          <>
            <button type="button" className="gallery__arrow gallery__arrow--prev" onClick={() => go(index - 1)} aria-label="Previous photo">
              ‹
            </button>
            <button type="button" className="gallery__arrow gallery__arrow--next" onClick={() => go(index + 1)} aria-label="Next photo">
              ›
            </button>
          </>
        ) : null}
        <button type="button" className="gallery__fullscreen button button--secondary" onClick={() => {
            trackEvent(ANALYTICS_EVENTS.galleryFullScreen, {});
            dialog.current?.showModal();
          }}>
          Full screen<span className="visually-hidden"> photos</span>
        </button>
        <p className="gallery__counter" aria-hidden="true">
          {index + 1} / {count}
        </p>
      </div>
      {showThumbnails ? (
        <ul className="gallery__thumbs" role="list">
          {images.map((image, i) => (
            <li key={`${image.thumb}-${i}`}>
              <button type="button" onClick={() => go(i)} aria-label={`Show photo ${i + 1}`} aria-current={i === index ? 'true' : undefined}>
                <Image src={image.thumb} alt="" width={96} height={64} quality={75} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <dialog ref={dialog} className="gallery__dialog" aria-label={`Photos of the ${title}, full screen`} onKeyDown={onKeyDown}>
        {current ? <Image src={current.src} alt={current.alt} width={1200} height={800} quality={75} sizes="100vw" /> : null}
        <div className="gallery__dialog-bar">
          <button type="button" className="button button--secondary" onClick={() => go(index - 1)} aria-label="Previous photo">
            ‹ Previous
          </button>
          <span>
            {index + 1} / {count}
          </span>
          <button type="button" className="button button--secondary" onClick={() => go(index + 1)} aria-label="Next photo">
            Next ›
          </button>
          <button type="button" className="button button--primary" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </section>
  );
}
