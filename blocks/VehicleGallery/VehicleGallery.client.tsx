'use client';

import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { InteriorSpin, SpinViewer } from './SpinViewer.client';
import type { Hotspot, Slide } from '../../domain/vehicle-media';
import { track as trackEvent } from '../../components/shopper/analytics';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import { buttonClass } from '../../components/ui/button';
import { VehiclePhoto } from '../../components/VehiclePhoto/VehiclePhoto';
import { photoUrl } from '../../domain/vehicle-photo-source';
import styles from './VehicleGallery.module.css';

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
type View = 'spinner' | 'interior' | 'gallery' | 'walkaround';
export type GallerySlide = Slide<GalleryImage>;

const VIEW_LABELS: Record<View, string> = {
  spinner: '360° view',
  interior: '360° interior',
  gallery: 'Photos',
  walkaround: 'Walkaround video',
};

export interface ViewerProps {
  slides: GallerySlide[];
  spinFrames: string[];
  interior?: string;
  walkaround?: { url: string; title: string };
  hotspots?: { exterior?: readonly Hotspot[]; interior?: readonly Hotspot[] };
  defaultView: 'spinner' | 'gallery';
  autoRotate: boolean;
  showThumbnails: boolean;
  title: string;
  /** The body type the placeholder names where a photo cannot be shown (issue 18). */
  body?: string;
}

/** A video poster is one picture at the size the player shows. */
const POSTER_WIDTH = 1200;

/** catalogue §4 viewer — spinner (the default where the car has a spin) or gallery; interior spin and walkaround where the car has them. */
export function Viewer({
  slides,
  spinFrames,
  interior,
  walkaround,
  hotspots,
  defaultView,
  autoRotate,
  showThumbnails,
  title,
  body,
}: ViewerProps) {
  const views: View[] = [
    ...(spinFrames.length ? (['spinner'] as const) : []),
    ...(interior ? (['interior'] as const) : []),
    'gallery',
    ...(walkaround ? (['walkaround'] as const) : []),
  ];
  const [view, setView] = useState<View>(spinFrames.length ? defaultView : 'gallery');
  const poster = slides.find((s): s is Extract<GallerySlide, { type: 'image' }> => s.type === 'image')?.image.src;
  if (views.length === 1) return <Gallery slides={slides} showThumbnails={showThumbnails} title={title} body={body} />;
  return (
    <div className="viewer">
      <div className={styles.tabs} role="group" aria-label="Photo views">
        {views.map((v) => (
          <button
            key={v}
            type="button"
            className={buttonClass('outline')}
            aria-pressed={view === v}
            onClick={() => {
              if (v === 'spinner' || v === 'interior') trackEvent(ANALYTICS_EVENTS.spinView, { view: v });
              setView(v);
            }}
          >
            {VIEW_LABELS[v]}
          </button>
        ))}
      </div>
      {/* Leaving the gallery unmounts it, which resets its photo index (catalogue §4). */}
      {view === 'spinner' ? (
        <SpinViewer
          frames={spinFrames}
          title={title}
          autoRotate={autoRotate}
          {...(hotspots?.exterior ? { hotspots: hotspots.exterior } : {})}
        />
      ) : null}
      {view === 'interior' && interior ? (
        <InteriorSpin
          panorama={interior}
          title={title}
          autoRotate={autoRotate}
          {...(hotspots?.interior ? { hotspots: hotspots.interior } : {})}
        />
      ) : null}
      {view === 'gallery' ? (
        <Gallery slides={slides} showThumbnails={showThumbnails} title={title} body={body} />
      ) : null}
      {view === 'walkaround' && walkaround ? (
        <div className="walkaround">
          <video
            className={styles.walkaroundVideo}
            controls
            playsInline
            preload="metadata"
            poster={poster ? photoUrl(poster, POSTER_WIDTH, body) : undefined}
            width={600}
            height={400}
            aria-label={`${walkaround.title}: ${title}`}
          >
            <source src={walkaround.url} type="video/mp4" />
          </video>
        </div>
      ) : null}
    </div>
  );
}

/** A video among the photos: the browser's player for a file; YouTube or Vimeo load only when played. */
export function VideoSlide({
  slide,
  poster,
  title,
  body,
}: {
  slide: Extract<GallerySlide, { type: 'video' }>;
  poster?: string;
  title: string;
  body?: string;
}) {
  const [playing, setPlaying] = useState(false);
  const { source } = slide;
  if (source.kind === 'file') {
    return (
      <video
        className={styles.video}
        controls
        playsInline
        preload="none"
        poster={poster ? photoUrl(poster, POSTER_WIDTH, body) : undefined}
        width={600}
        height={400}
        aria-label={`${slide.title}: ${title}`}
      >
        <source src={source.url} type="video/mp4" />
      </video>
    );
  }
  if (playing) {
    const src =
      source.kind === 'youtube'
        ? `https://www.youtube-nocookie.com/embed/${source.id}?autoplay=1&rel=0`
        : `https://player.vimeo.com/video/${source.id}?autoplay=1`;
    return (
      <iframe
        className={styles.video}
        src={src}
        title={`${slide.title}: ${title}`}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    <button type="button" className={styles.play} onClick={() => setPlaying(true)}>
      {poster ? <VehiclePhoto src={poster} body={body} alt="" width={600} height={400} /> : null}
      <span className={styles.playIcon} aria-hidden="true">
        ▶
      </span>
      <span className="visually-hidden">Play the {slide.title.toLowerCase()}</span>
    </button>
  );
}

export function Gallery({
  slides,
  showThumbnails,
  title,
  body,
}: {
  slides: GallerySlide[];
  showThumbnails: boolean;
  title: string;
  body?: string;
}) {
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLUListElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  // While a button or key scrolls the track, scroll events report the frames in between: ignore
  // them until the track arrives, so quick presses count from the photo asked for.
  const scrollingTo = useRef<number | null>(null);
  const count = slides.length;
  const poster = slides.find((s): s is Extract<GallerySlide, { type: 'image' }> => s.type === 'image')?.image;

  const go = useCallback(
    (next: number) => {
      const target = (next + count) % count;
      setIndex(target);
      const el = track.current;
      if (el && Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)) !== target) scrollingTo.current = target;
      if (el)
        el.scrollTo({
          left: target * el.clientWidth,
          behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
        });
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

  // No photos: the placeholder naming the body type (issue 18), at the gallery's size.
  if (!count)
    return (
      <div className={`gallery ${styles.empty}`}>
        <VehiclePhoto
          src={undefined}
          body={body}
          alt={`Photos of the ${title} coming soon`}
          width={600}
          height={400}
          priority
        />
      </div>
    );
  const current = slides[index] ?? slides[0];
  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={`Photos of the ${title}`}
      onKeyDown={onKeyDown}
    >
      <div className={styles.stage}>
        <ul
          ref={track}
          className={styles.track}
          role="list"
          tabIndex={0}
          aria-label={`Photo ${index + 1} of ${count}; use the arrow keys to move`}
        >
          {slides.map((slide, i) => (
            <li
              key={slide.type === 'image' ? `${slide.image.src}-${i}` : `video-${i}`}
              inert={i !== index}
              className={`${styles.slide} gallery__slide`}
            >
              {slide.type === 'image' ? (
                <VehiclePhoto
                  src={slide.image.src}
                  body={body}
                  alt={slide.image.alt}
                  width={600}
                  height={400}
                  priority={i < 2}
                  sizes="(min-width: 1024px) 60vw, 100vw"
                />
              ) : (
                <VideoSlide slide={slide} {...(poster ? { poster: poster.src } : {})} title={title} body={body} />
              )}
            </li>
          ))}
        </ul>
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.arrowPrev}`}
              onClick={() => go(index - 1)}
              aria-label="Previous photo"
            >
              ‹
            </button>
            <button
              type="button"
              className={`${styles.arrow} ${styles.arrowNext}`}
              onClick={() => go(index + 1)}
              aria-label="Next photo"
            >
              ›
            </button>
          </>
        ) : null}
        <button
          type="button"
          className={`${styles.fullscreen} ${buttonClass('secondary')}`}
          onClick={() => {
            trackEvent(ANALYTICS_EVENTS.galleryFullScreen, {});
            dialog.current?.showModal();
          }}
        >
          Full screen<span className="visually-hidden"> photos</span>
        </button>
        <p className={styles.counter} aria-hidden="true">
          {index + 1} / {count}
        </p>
      </div>
      {showThumbnails ? (
        <ul className={styles.thumbs} role="list">
          {slides.map((slide, i) => {
            const thumb = slide.type === 'image' ? slide.image.thumb : poster?.thumb;
            return (
              <li key={`thumb-${i}`}>
                <button
                  type="button"
                  onClick={() => go(i)}
                  aria-label={slide.type === 'image' ? `Show photo ${i + 1}` : `Show the ${slide.title.toLowerCase()}`}
                  aria-current={i === index ? 'true' : undefined}
                  className={slide.type === 'video' ? styles.thumbVideo : undefined}
                >
                  {thumb ? <VehiclePhoto src={thumb} body={body} alt="" width={96} height={64} /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-label={`Photos of the ${title}, full screen`}
        onKeyDown={onKeyDown}
      >
        {current?.type === 'image' ? (
          <VehiclePhoto
            src={current.image.src}
            body={body}
            alt={current.image.alt}
            width={1200}
            height={800}
            sizes="100vw"
          />
        ) : null}
        {current?.type === 'video' ? (
          <VideoSlide slide={current} {...(poster ? { poster: poster.src } : {})} title={title} body={body} />
        ) : null}
        <div className={styles.dialogBar}>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => go(index - 1)}
            aria-label="Previous photo"
          >
            ‹ Previous
          </button>
          <span>
            {index + 1} / {count}
          </span>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => go(index + 1)}
            aria-label="Next photo"
          >
            Next ›
          </button>
          <button type="button" className={buttonClass('primary')} onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </section>
  );
}
