'use client';

import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  favouritesAtom,
  toastAtom,
  viewedAtom,
  VIEWED_LIMIT,
  type FavouriteEntry,
  type ViewedCar,
} from '../../components/shopper/store';
import { track } from '../../components/shopper/analytics';
import { ANALYTICS_EVENTS } from '../../domain/analytics-events';
import styles from './VehicleActions.module.css';
import { formatNumber } from '../../domain/format';
import { buttonClass, linkButtonClass } from '../../components/ui/button';
import { CompareToggle } from '../../components/CompareToggle/CompareToggle.client';
import type { CompareEntry } from '../../domain/compare-list';
import { COPIED_NOTICE_MS, SHARE_WINDOW } from '../../domain/vehicle/sharing';

// spec: catalogue §9 — copied notice 1500 ms; share windows 550x400 (domain/vehicle/sharing.ts, tested there).
const SHARE_FEATURES = `width=${SHARE_WINDOW.width},height=${SHARE_WINDOW.height},noopener,noreferrer`;

export interface ActionsProps {
  site: string;
  slug: string;
  favourite?: FavouriteEntry;
  /** The car as the compare list keeps it, where the site lets shoppers compare (features.compare). */
  compare?: CompareEntry;
  viewed: ViewedCar;
  shareUrl: string;
  title: string;
  copyWithToast: boolean;
  toastText: string;
  showViews: boolean;
  photosCount: number;
  /** The car's last update (ISO 8601), sent to view.json as updated_at (catalogue §7); unknown: not sent. */
  updatedAt?: string;
  /** More actions shown first (the watchlist button on sites with accounts). */
  children?: ReactNode;
}

export function VehicleActionsBar({
  site,
  slug,
  favourite,
  compare,
  viewed,
  shareUrl,
  title,
  copyWithToast,
  toastText,
  showViews,
  photosCount,
  updatedAt,
  children,
}: ActionsProps) {
  const favourites = useMemo(() => favouritesAtom(site), [site]);
  const viewedList = useMemo(() => viewedAtom(site), [site]);
  const [saved, setSaved] = useAtom(favourites);
  const setViewed = useSetAtom(viewedList);
  const setToast = useSetAtom(toastAtom);
  const [copied, setCopied] = useState(false);
  const [views, setViews] = useState<number | null>(null);
  const counted = useRef(false);
  const isSaved = favourite ? saved.some((f) => f.id === favourite.id) : false;

  useEffect(() => {
    setViewed((list) => [viewed, ...list.filter((v) => v.id !== viewed.id)].slice(0, VIEWED_LIMIT));
    track(ANALYTICS_EVENTS.vehiclePageView, { car_id: viewed.id });
  }, [viewed, setViewed]);

  useEffect(() => {
    if (!showViews || counted.current) return;
    counted.current = true;
    const query = new URLSearchParams({ photos_count: String(photosCount), website_id: site });
    // spec: catalogue §7 — view.json?photos_count&updated_at&website_id: the car's last update as this page knew it.
    if (updatedAt) query.set('updated_at', updatedAt);
    fetch(`/api/cars/${encodeURIComponent(slug)}/view.json?${query}`)
      .then((response) => (response.ok ? (response.json() as Promise<{ views: number }>) : null))
      .then((body) => setViews(body?.views ?? null))
      .catch(() => setViews(null));
  }, [showViews, photosCount, updatedAt, site, slug]);

  const toggleFavourite = () => {
    if (!favourite) return;
    if (isSaved) setSaved((list) => list.filter((f) => f.id !== favourite.id));
    else {
      setSaved((list) => [...list.filter((f) => f.id !== favourite.id), favourite]);
      track(ANALYTICS_EVENTS.saveCar, { car_id: favourite.id });
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      track(ANALYTICS_EVENTS.vehicleShare, { car_id: viewed.id, via: 'copy' });
      if (copyWithToast) setToast({ id: Date.now(), title: toastText });
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    } catch (error) {
      console.error('Copying the link failed', error);
      window.prompt('Copy this link', shareUrl);
    }
  };

  const share = (base: string) => {
    track(ANALYTICS_EVENTS.vehicleShare, { car_id: viewed.id, via: base });
    window.open(`${base}${encodeURIComponent(shareUrl)}`, 'share', SHARE_FEATURES);
  };
  return (
    <div className={styles.actions}>
      {children}
      {favourite ? (
        <button type="button" className={buttonClass('outline')} aria-pressed={isSaved} onClick={toggleFavourite}>
          <svg
            aria-hidden="true"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill={isSaved ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12 21s-7-4.5-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6c-2.5 4.5-9.5 9-9.5 9z" />
          </svg>
          {isSaved ? 'Saved to favourites' : 'Save to favourites'}
        </button>
      ) : null}
      {compare ? <CompareToggle site={site} car={compare} /> : null}
      <button type="button" className={buttonClass('outline')} onClick={copy}>
        {copied ? 'Copied' : 'Copy link'}
      </button>
      {copyWithToast ? null : (
        <div className={styles.share} role="group" aria-label={`Share the ${title}`}>
          <button
            type="button"
            className={linkButtonClass}
            onClick={() => share('https://www.facebook.com/sharer/sharer.php?u=')}
          >
            Facebook
          </button>
          <button
            type="button"
            className={linkButtonClass}
            onClick={() => share('https://twitter.com/intent/tweet?url=')}
          >
            X
          </button>
          <a
            className={linkButtonClass}
            href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(shareUrl)}`}
          >
            Email
          </a>
        </div>
      )}
      {views !== null ? <p className={styles.views}>Viewed {formatNumber(views)} times</p> : null}
    </div>
  );
}
