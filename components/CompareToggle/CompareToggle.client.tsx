'use client';

import { useAtom, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import {
  addToCompare,
  COMPARE_FULL_HINT,
  COMPARE_PATH,
  compareNews,
  removeFromCompare,
  type CompareEntry,
} from '../../domain/compare-list';
import { compareAtom, compareNewsAtom } from '../shopper/compare-store';
import { toastAtom } from '../shopper/store';
import { buttonClass } from '../ui/button';
import styles from './CompareToggle.module.css';

/**
 * The Compare button of a stock card or a vehicle page (catalogue §1, §6). Kept small: a search page
 * renders 21 of them. The visible word stays 'Compare' (it is part of the accessible name); the
 * check mark and aria-pressed say whether the car is picked. A full list is never trimmed behind the shopper's back: the toast (a polite
 * live region) says why nothing was added and links to the comparison.
 */
export function CompareToggle({ site, car, className }: { site: string; car: CompareEntry; className?: string }) {
  const [list, setList] = useAtom(useMemo(() => compareAtom(site), [site]));
  const setToast = useSetAtom(toastAtom);
  const setNews = useSetAtom(compareNewsAtom);
  const selected = list.some((c) => c.id === car.id);
  const toggle = () => {
    if (selected) {
      const left = removeFromCompare(list, car.id);
      setList((stored) => removeFromCompare(stored, car.id));
      setNews(compareNews(car.name, 'removed', left.length));
      return;
    }
    const added = addToCompare(list, car);
    setList((stored) => addToCompare(stored, car).list);
    if (added.ok) setNews(compareNews(car.name, 'added', added.list.length));
    else
      setToast({
        id: Date.now(),
        title: added.message,
        body: COMPARE_FULL_HINT,
        action: { label: 'Compare now', href: COMPARE_PATH },
      });
  };
  return (
    <button
      type="button"
      className={`${buttonClass('outline')} ${styles.toggle} compare-toggle${className ? ` ${className}` : ''}`}
      aria-pressed={selected}
      aria-label={selected ? `Remove ${car.name} from compare` : `Add ${car.name} to compare`}
      onClick={toggle}
    >
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
      >
        <rect x="3" y="3" width="18" height="18" rx="3" />
        {selected ? <path d="M7 12.5l3.2 3.2L17 9" /> : null}
      </svg>
      Compare
    </button>
  );
}
