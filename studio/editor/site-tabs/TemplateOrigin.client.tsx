'use client';
/**
 * Where a setting comes from, in the editor's words (issue 32): a marker ("From the template",
 * "This site’s own") and the confirmation asked before a site's own copy is dropped. Used by the
 * Forms tab (forms/FormsPanel.client.tsx) and by every tab's lists the template supplies
 * (SectionForms.client.tsx), so the two say it the same way.
 */
import { ORIGIN_WORDS, type Origin } from '../document-model';
import styles from '../../components/studio.module.css';
import css from './origin.module.css';

/** Where a setting comes from, as a marked word: "From the template" or "This site’s own". */
export function OriginMarker({ origin }: { origin: Origin }) {
  return (
    <span className={`${css.marker} ${origin === 'template' ? css.template : css.own}`}>{ORIGIN_WORDS[origin]}</span>
  );
}

/** A question with its two answers, the destructive one first and marked so; `id` names the group. */
export function ConfirmBox({
  id,
  question,
  yes,
  no,
  onYes,
  onNo,
}: {
  id: string;
  question: string;
  yes: string;
  no: string;
  onYes: () => void;
  onNo: () => void;
}) {
  return (
    <div className={css.confirm} role="group" aria-labelledby={id}>
      <p id={id}>{question}</p>
      <div className={css.actions}>
        <button type="button" className={`${styles.button} ${css.danger}`} onClick={onYes}>
          {yes}
        </button>
        <button type="button" id={`${id}-no`} className={`${styles.button} ${styles.secondary}`} onClick={onNo}>
          {no}
        </button>
      </div>
    </div>
  );
}

export const originCss = css;
