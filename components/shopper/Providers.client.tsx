'use client';

import { Provider, useAtom, useSetAtom } from 'jotai';
import { IntentLink as Link } from './IntentLink';
import { SoftNavigation } from './SoftNavigation.client';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { toastAtom } from './store';
import { recordVisitAtom } from './visit-trail';
import styles from './Providers.module.css';
import { replayEarlyTaps } from './early-taps';
import { TOAST_MS } from '../../domain/vehicle/sharing';

/** Notes each page of the visit for the lead's visited_pages (conversion §3). */
function VisitRecorder() {
  const pathname = usePathname();
  const recordVisit = useSetAtom(recordVisitAtom);
  useEffect(() => {
    // The browser's address, not the internal tenant route the page was rendered from.
    recordVisit({ path: window.location.pathname, search: window.location.search });
  }, [pathname, recordVisit]);
  return null;
}

// spec: catalogue §9 / conversion §9 — toast duration 3000 ms (domain/vehicle/sharing.ts, tested there), one toast at a time.

function ToastViewport() {
  const [toast, setToast] = useAtom(toastAtom);
  // The toast stays while the pointer or keyboard focus is on it, so its action can be reached.
  // The hold belongs to one toast: a closed toast fires no leave or blur, and must not hold the next.
  const [heldId, setHeldId] = useState<number | null>(null);
  const held = toast !== undefined && heldId === toast.id;
  useEffect(() => {
    if (!toast || held) return;
    const timer = setTimeout(() => setToast(undefined), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast, held]);
  const hold = (on: boolean) => setHeldId(on && toast ? toast.id : null);
  return (
    <div className={styles.viewport} role="status" aria-live="polite">
      {toast ? (
        <div
          className={`${styles.toast} toast`}
          key={toast.id}
          onMouseEnter={() => hold(true)}
          onMouseLeave={() => hold(false)}
          onFocus={() => hold(true)}
          onBlur={() => hold(false)}
        >
          <p className={styles.title}>{toast.title}</p>
          {toast.body ? <p>{toast.body}</p> : null}
          {toast.action ? (
            <Link className={styles.action} href={toast.action.href} onClick={() => setToast(undefined)}>
              {toast.action.label}
            </Link>
          ) : null}
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss notification"
            onClick={() => setToast(undefined)}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Client state for one page view: a store per request (never shared between shoppers). */
/** Once the page has hydrated, clicks again what the shopper tapped before (components/shopper/early-taps.ts). */
function EarlyTapReplay() {
  useEffect(() => {
    replayEarlyTaps();
  }, []);
  return null;
}

export function ShopperProviders({ children }: { children: ReactNode }) {
  return (
    <Provider>
      {children}
      <ToastViewport />
      <VisitRecorder />
      <SoftNavigation />
      {/* Last, so its effect runs after every other part of the page has mounted. */}
      <EarlyTapReplay />
    </Provider>
  );
}
