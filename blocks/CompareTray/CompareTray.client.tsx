'use client';

import { useAtom } from 'jotai';
import { usePathname } from 'next/navigation';
import { useId, useMemo, useRef, useState } from 'react';
import { IntentLink as Link } from '../../components/shopper/IntentLink';
import { useHydrated } from '../../components/shopper/use-hydrated';
import { usePublishedHeight } from '../../components/shopper/use-published-height';
import { compareAtom, compareNewsAtom } from '../../components/shopper/compare-store';
import { buttonClass } from '../../components/ui/button';
import { COMPARE_LIMIT, COMPARE_PATH, compareNews, removeFromCompare } from '../../domain/compare-list';
import styles from './CompareTray.module.css';

const picked = (n: number) => `${n} of ${COMPARE_LIMIT} cars picked to compare`;

/**
 * The compare tray (catalogue §1, §6): fixed to the bottom of the screen once a car is picked, it
 * lists the cars with a remove button each and links to the comparison. What the shopper adds or
 * removes is announced politely; the list found on arrival is not news.
 */
/** The shopper's path from a router path that may be the internal one: /site/<slug>/x, /live/<slug>/x. */
function visiblePath(pathname: string | null): string {
  if (!pathname) return '';
  return pathname.replace(/^\/(?:site|live|preview)\/[^/]+(?=\/|$)/, '') || '/';
}

export function Tray({ site }: { site: string }) {
  const [list, setList] = useAtom(useMemo(() => compareAtom(site), [site]));
  const [news, setNews] = useAtom(compareNewsAtom);
  const ready = useHydrated();
  // From the router, not window.location: on a link to /compare this renders before the browser's
  // address changes, so reading the address kept the tray open on the comparison. The router may
  // name the internal tenant route (/site/<slug>/compare), so its prefix is set aside.
  const pathname = usePathname();
  const onComparePage = ready && visiblePath(pathname) === COMPARE_PATH;
  // Unset until the shopper folds or opens it: open on wide screens, folded on phones.
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const expanded = open ?? (ready && window.matchMedia('(min-width: 901px)').matches);
  const listId = useId();
  const fold = useRef<HTMLButtonElement>(null);
  const count = list.length;
  const remove = (id: number, name: string) => {
    const left = removeFromCompare(list, id);
    setList((stored) => removeFromCompare(stored, id));
    setNews(compareNews(name, 'removed', left.length));
    // The button pressed is gone: keep keyboard focus in the tray rather than at the top of the page.
    fold.current?.focus();
  };

  const shown = ready && count > 0 && !onComparePage;
  // The chat bubble sits above the tray by its measured height.
  const trayRef = usePublishedHeight<HTMLElement>('--compare-tray-height');
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {news}
      </p>
      {shown ? (
        <>
          {/* Room at the end of the page, so the tray never hides the footer's last links. */}
          <div className={styles.spacer} aria-hidden="true" />
          <section
            ref={trayRef}
            className={`${styles.tray} compare-tray`}
            aria-label="Cars to compare"
            data-open={String(expanded)}
          >
            <div className={styles.head}>
              <button
                ref={fold}
                type="button"
                className={styles.fold}
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => setOpen(!expanded)}
              >
                <span aria-hidden="true" className={styles.chevron} />
                {picked(count)}
              </button>
              <Link className={`${buttonClass('primary')} ${styles.go}`} href={COMPARE_PATH}>
                Compare ({count})
              </Link>
            </div>
            <ul id={listId} className={styles.list} role="list">
              {list.map((car) => (
                <li key={car.id}>
                  <span className={styles.name}>{car.name}</span>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={`Remove ${car.name} from compare`}
                    onClick={() => remove(car.id, car.name)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </>
  );
}
