'use client';
/**
 * The Studio's half of the header check (issue 32, domain/studio/header-fit.ts): after a save that
 * changed what shapes the header (the menus, the logo, the phone number...), the saved draft's home
 * page is loaded at desktop and phone width in two frames nobody sees; each answers with what does
 * not fit, and the editor says it in words, naming the items, until a later check finds it fixed.
 *
 * The frames run on the dealer's preview origin (never the Studio's). An answer is taken only from
 * that exact origin, from one of the two frames, and with the token the check was started with.
 */
import { useEffect, useRef, useState } from 'react';
import {
  HEADER_FIT_HASH,
  HEADER_FIT_WIDTHS,
  headerFitWarnings,
  readHeaderFitReport,
  type HeaderFitWidth,
  type HeaderProblem,
} from '../../../domain/studio/header-fit';
import styles from '../editor.module.css';

/** A check that has not answered by then is dropped (the draft may have been saved again meanwhile). */
const CHECK_TIMEOUT_MS = 45_000;

export interface HeaderFitCheckProps {
  /** The preview addresses' origin, or null when this Studio has none (then there is nothing to check). */
  origin: string | null;
  /** The saved draft's preview token to check, or null while nothing needs checking. */
  token: string | null;
  /** The check of this token answered (or timed out): its frames are no longer needed. */
  onFinished?: (token: string) => void;
  /** Opens the Menus & buttons tab, where the header's items are changed. */
  onShowMenus: () => void;
}

type Reports = Partial<Record<HeaderFitWidth, readonly HeaderProblem[]>>;

export function HeaderFitCheck({ origin, token, onFinished, onShowMenus }: HeaderFitCheckProps) {
  const frames = useRef<Partial<Record<HeaderFitWidth, HTMLIFrameElement | null>>>({});
  // The last token whose check finished (answered or timed out), and that check's warnings.
  const [finished, setFinished] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  // The token being checked: the frames are shown until both have answered.
  const checking = token && origin && token !== finished ? token : null;

  useEffect(() => {
    if (!checking || !origin) return;
    const reports: Reports = {};
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const width = HEADER_FIT_WIDTHS.find((w) => event.source && frames.current[w.id]?.contentWindow === event.source);
      const report = readHeaderFitReport(event.data);
      if (!width || !report || report.token !== checking) return;
      reports[width.id] = report.problems;
      if (HEADER_FIT_WIDTHS.every((w) => reports[w.id])) {
        setWarnings(headerFitWarnings(reports));
        setFinished(checking);
        onFinished?.(checking);
      }
    };
    window.addEventListener('message', onMessage);
    const timer = window.setTimeout(() => {
      setFinished(checking);
      onFinished?.(checking);
    }, CHECK_TIMEOUT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(timer);
    };
  }, [checking, origin, onFinished]);

  return (
    <>
      <div role="status" aria-live="polite">
        {warnings.length ? (
          <section className={styles.headerFit} aria-labelledby="header-fit-heading">
            <h3 id="header-fit-heading">The header does not fit on every screen</h3>
            <ul>
              {warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
            <p>
              Shoppers see it like this once it is published. Shorten a menu label, move an item into a drop-down, or
              remove one.{' '}
              <button type="button" className={styles.linkButton} onClick={onShowMenus}>
                Go to Menus &amp; buttons
              </button>
            </p>
          </section>
        ) : null}
      </div>
      {checking && origin ? (
        <div className={styles.headerFitFrames} aria-hidden="true">
          {HEADER_FIT_WIDTHS.map((width) => (
            <iframe
              key={`${checking}:${width.id}`}
              ref={(frame) => {
                frames.current[width.id] = frame;
              }}
              title={`Header check, ${width.px} px`}
              tabIndex={-1}
              src={`${origin}/_preview/${encodeURIComponent(checking)}${HEADER_FIT_HASH}`}
              style={{ width: `${width.px}px`, height: `${width.height}px` }}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}
